/**
 * Page image sizes (froide: okfde/django-filingcabinet `Page.SIZES`) and the resolution of
 * the `original` image. Pure functions; see docs/pdf.md for the reasoning.
 */
import { sha256Hash } from '../lib/sha256.ts';

/** Thumbnail widths in pixels, resized by width only (docs/froide.md#media-files-and-page-images). */
export const THUMBNAIL_WIDTHS = { small: 180, normal: 700, large: 1000 } as const;

export type ImageSize = keyof typeof THUMBNAIL_WIDTHS | 'original';

/** Largest first. Every smaller size is resized from `original` (images.ts). */
export const IMAGE_SIZES: readonly ImageSize[] = ['original', 'large', 'normal', 'small'];

/**
 * `original` is rendered at 150 dpi, not froide's 300: an A4 page becomes 1240 x 1754 px
 * instead of 2480 x 3508 (4x fewer pixels to render and encode), which is still sharper than
 * `large` (1000 px). Pages so small that 150 dpi would be narrower than `large` are rendered
 * at 1000 px wide, so every thumbnail is a real downscale. The long side is capped at 4000 px
 * so a poster-size page cannot exhaust memory.
 */
export const ORIGINAL_DPI = 150;
const MIN_ORIGINAL_WIDTH = THUMBNAIL_WIDTHS.large;
const MAX_ORIGINAL_SIDE = 4000;

export interface PixelSize {
  width: number;
  height: number;
}

/** Pixel size of the `original` image for a page of `width` x `height` PDF points (rotation applied). */
export function originalSize(widthPt: number, heightPt: number): PixelSize {
  const w = Math.max(widthPt, 1);
  const h = Math.max(heightPt, 1);
  let scale = Math.max(ORIGINAL_DPI / 72, MIN_ORIGINAL_WIDTH / w);
  scale = Math.min(scale, MAX_ORIGINAL_SIDE / Math.max(w, h));
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

/** Pixel size of a size's image for an `original` of the given size (sharp's rounding). */
export function imageSize(size: ImageSize, original: PixelSize): PixelSize {
  if (size === 'original') return original;
  const width = Math.min(THUMBNAIL_WIDTHS[size], original.width);
  return { width, height: Math.max(1, Math.round((original.height * width) / original.width)) };
}

/**
 * Encoder settings (docs/pdf.md "Images"), chosen by CPU time per page because encoding is
 * most of the stage's work:
 * - PNG zlib level 2 instead of 6: half the PNG encode time for files ~4% larger.
 * - WebP effort 0 is libwebp's fastest method: about 35% less encode time than effort 2, for
 *   files about 25% larger on text pages (131 vs 106 KB for an `original` of the asymptote
 *   manual).
 * - Thumbnails are resized with Catmull-Rom (libvips `cubic`): as sharp as Lanczos-3 on text
 *   at a glance, ~8 ms less per page and slightly smaller files. Each is resized from the
 *   `original` pixels in the pipeline that encodes it (`from: 'original'`; it used to be a
 *   chain original → large → normal → small, with a raw image written out between steps).
 */
export const ENCODING = {
  png: { compressionLevel: 2, adaptiveFiltering: false },
  webp: { quality: 80, effort: 0 },
  resize: { kernel: 'cubic', from: 'original' },
} as const;

/**
 * Fingerprint of every setting that changes derivative bytes; part of the cache key, so a
 * changed setting can never be served stale entries (cache.ts).
 */
export const SETTINGS_FINGERPRINT = sha256Hash()
  .update(JSON.stringify({ THUMBNAIL_WIDTHS, ORIGINAL_DPI, MIN_ORIGINAL_WIDTH, MAX_ORIGINAL_SIDE, ENCODING }))
  .digest('hex')
  .slice(0, 8);

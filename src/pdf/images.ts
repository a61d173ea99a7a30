/**
 * Page images: render once at the `original` size with @napi-rs/canvas (pdfjs draws into it),
 * then derive `large`, `normal` and `small` from the next larger raw image with sharp, each as
 * a PNG (issue 3 items 3 and 4; the first pass of issue 11). The `.png.webp` siblings are the
 * second pass, made from those PNGs (`webpSiblings`). Returns bytes; writing is the caller's
 * business.
 */
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import type { PdfPageHandle } from './document.ts';
import { ENCODING, IMAGE_SIZES, imageSize, pageImageName, webpName, type ImageSize, type PixelSize } from './sizes.ts';

export interface EncodedImage {
  name: string;
  bytes: Buffer;
  width: number;
  height: number;
}

interface Raw {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

/** Renders page `number` at `original` pixel size; RGBA, white background. */
export async function renderPage(page: PdfPageHandle, original: PixelSize): Promise<Raw> {
  const base = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: original.width / base.width });
  const canvas = createCanvas(original.width, original.height);
  // pdfjs types expect a DOM canvas; @napi-rs/canvas implements the part it uses.
  await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;
  // canvas.data() is a view of the canvas' native memory, freed when the canvas is collected:
  // handing that view to sharp's threads gave corrupted images (or a crash) under GC pressure.
  // Copy the pixels while the canvas is alive (~2 ms for an A4 page at 150 dpi).
  return { data: Buffer.from(canvas.data()), width: original.width, height: original.height, channels: 4 };
}

function fromRaw(raw: Raw): ReturnType<typeof sharp> {
  const image = sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });
  return raw.channels === 4 ? image.removeAlpha() : image;
}

async function encode(raw: Raw, page: number, size: ImageSize): Promise<EncodedImage> {
  return { name: pageImageName(page, size), bytes: await fromRaw(raw).png(ENCODING.png).toBuffer(), width: raw.width, height: raw.height };
}

async function toRgb(raw: Raw): Promise<Raw> {
  if (raw.channels === 3) return raw;
  const { data, info } = await fromRaw(raw).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

/** Downscales to exactly `target`; sizes come from the original, so rounding does not compound. */
async function shrink(raw: Raw, target: PixelSize): Promise<Raw> {
  if (target.width >= raw.width) return raw;
  const { data, info } = await fromRaw(raw)
    .resize({ width: target.width, height: target.height, fit: 'fill', kernel: ENCODING.resize.kernel })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

/** All sizes of one rendered page, each encoded as PNG. */
export async function deriveImages(rendered: Raw, page: number): Promise<EncodedImage[]> {
  const jobs: Promise<EncodedImage>[] = [];
  // Drop alpha once: every encoder and resize below then reads 3 bytes per pixel, not 4.
  const original = await toRgb(rendered);
  let current = original;
  for (const size of IMAGE_SIZES) {
    if (size !== 'original') current = await shrink(current, imageSize(size, original));
    jobs.push(encode(current, page, size));
  }
  return Promise.all(jobs);
}

/**
 * The WebP sibling of each PNG (froide's `<file>.png.webp`). PNG is lossless, so the pixels
 * are those the first pass rendered, and decoding costs little beside the WebP encode
 * (docs/pdf.md, Speed).
 */
export async function webpSiblings(pngs: readonly { name: string; bytes: Uint8Array }[]): Promise<{ name: string; bytes: Buffer }[]> {
  return Promise.all(pngs.map(async ({ name, bytes }) => ({ name: webpName(name), bytes: await sharp(bytes).webp(ENCODING.webp).toBuffer() })));
}

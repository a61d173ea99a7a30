/**
 * Page images: render once at the `original` size with @napi-rs/canvas (pdfjs draws into it),
 * then derive `large`, `normal` and `small` from it with sharp, each as a PNG (the first pass). The `.png.webp` siblings are the
 * second pass, made from those PNGs (`webpSiblings`). Returns bytes; writing is the caller's
 * business.
 */
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import type { PdfPageHandle } from './open-pdf.ts';
import { pageImageName, webpName } from './image-names.ts';
import { ENCODING, IMAGE_SIZES, imageSize, type PixelSize } from './sizes.ts';

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
}

/** Renders page `number` at `original` pixel size; RGB, white background. */
export async function renderPage(page: PdfPageHandle, original: PixelSize): Promise<Raw> {
  const base = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: original.width / base.width });
  const canvas = createCanvas(original.width, original.height);
  // pdfjs types expect a DOM canvas; @napi-rs/canvas implements the part it uses.
  await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;
  // canvas.data() is a view of the canvas' native memory, freed when the canvas is collected:
  // handing that view to sharp's threads gave corrupted images (or a crash) under GC pressure.
  // So the pixels are copied while the canvas is alive, and the copy drops the alpha channel
  // (the page is opaque): ~5-10 ms here instead of a copy plus a sharp pass (~20 ms, docs/pdf.md).
  return { data: dropAlpha(canvas.data()), width: original.width, height: original.height };
}

function dropAlpha(rgba: Uint8Array): Buffer {
  const rgb = Buffer.allocUnsafe((rgba.length / 4) * 3);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
    rgb[j] = rgba[i]!;
    rgb[j + 1] = rgba[i + 1]!;
    rgb[j + 2] = rgba[i + 2]!;
  }
  return rgb;
}

function fromRaw(raw: Raw): ReturnType<typeof sharp> {
  return sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } });
}

/**
 * All sizes of one rendered page, each encoded as PNG. Each size is one sharp pipeline from
 * the original pixels (resize, then encode): no intermediate raw image is written out and read
 * back, which on this project's machine cost more than the resizing itself (docs/pdf.md,
 * Speed), and sizes come from the original, so rounding and filtering do not compound.
 */
export async function deriveImages(original: Raw, page: number): Promise<EncodedImage[]> {
  return Promise.all(
    IMAGE_SIZES.map(async (size) => {
      const target = imageSize(size, original);
      let pipeline = fromRaw(original);
      if (target.width < original.width) pipeline = pipeline.resize({ width: target.width, height: target.height, fit: 'fill', kernel: ENCODING.resize.kernel });
      return { name: pageImageName(page, size), bytes: await pipeline.png(ENCODING.png).toBuffer(), width: target.width, height: target.height };
    }),
  );
}

/**
 * The WebP sibling of each PNG (froide's `<file>.png.webp`). PNG is lossless, so the pixels
 * are those the first pass rendered, and decoding costs little beside the WebP encode
 * (docs/pdf.md, Speed).
 */
export async function webpSiblings(pngs: readonly { name: string; bytes: Uint8Array }[]): Promise<{ name: string; bytes: Buffer }[]> {
  return Promise.all(pngs.map(async ({ name, bytes }) => ({ name: webpName(name), bytes: await sharp(bytes).webp(ENCODING.webp).toBuffer() })));
}

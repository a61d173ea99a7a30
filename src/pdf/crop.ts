/** Crops a rectangle out of a rendered page image (page annotations, docs/froide.md#pageannotation). */
import sharp from 'sharp';
import { ENCODING } from './sizes.ts';

export interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** The rectangle of the PNG at `file`, as PNG bytes with the page images' encoder settings. */
export async function cropPng(file: string, rect: Rect): Promise<Buffer> {
  return sharp(file).extract(rect).png(ENCODING.png).toBuffer();
}

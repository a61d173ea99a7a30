/**
 * Facts read from an open PDF: Info-dictionary properties and per-page text and size.
 */
import type { PdfDocument, PdfPageHandle } from './open-pdf.ts';
import { originalSize, type PixelSize } from './sizes.ts';

export interface PdfProperties {
  title: string | null;
  author: string | null;
  creator: string | null;
  subject: string | null;
  producer: string | null;
}

const INFO_KEYS = { title: 'Title', author: 'Author', creator: 'Creator', subject: 'Subject', producer: 'Producer' } as const;

/** Keys pdfjs copies from the Info dictionary (the rest of `info` describes the file itself). */
const INFO_DICT_KEYS = ['Title', 'Author', 'Subject', 'Keywords', 'Creator', 'Producer', 'CreationDate', 'ModDate', 'Trapped', 'Custom'];

/**
 * froide (docs/froide.md#pdf-outline-and-properties): each key is the Info value with NUL removed, `null` when missing,
 * and `{}` when the PDF has no Info dictionary. pdfjs does not tell "no Info" from "empty
 * Info", so an Info dictionary without any entries is also `{}`.
 */
export function propertiesFromInfo(info: Record<string, unknown> | null | undefined): Partial<PdfProperties> {
  if (!info || !INFO_DICT_KEYS.some((key) => key in info)) return {};
  const properties: PdfProperties = { title: null, author: null, creator: null, subject: null, producer: null };
  for (const [key, infoKey] of Object.entries(INFO_KEYS) as [keyof PdfProperties, string][]) {
    const value = info[infoKey];
    properties[key] = typeof value === 'string' ? value.replace(/\0/g, '') : null;
  }
  return properties;
}

export async function readProperties(doc: PdfDocument): Promise<Partial<PdfProperties>> {
  const { info } = await doc.getMetadata();
  return propertiesFromInfo(info as Record<string, unknown>);
}

/**
 * The page's text layer: items in content order, a newline where pdfjs marks an end of line.
 * Trailing whitespace is trimmed so an empty page is "".
 */
export async function readPageText(page: PdfPageHandle): Promise<string> {
  const content = await page.getTextContent();
  let text = '';
  for (const item of content.items) {
    if (!('str' in item)) continue; // marked-content boundaries
    text += item.str;
    if (item.hasEOL) text += '\n';
  }
  return text.replace(/\0/g, '').trimEnd();
}

/** Pixel size of the page's `original` image (rotation applied). */
export function pageOriginalSize(page: PdfPageHandle): PixelSize {
  const viewport = page.getViewport({ scale: 1 });
  return originalSize(viewport.width, viewport.height);
}

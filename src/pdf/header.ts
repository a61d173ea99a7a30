/** The cheap test of "is this a PDF at all", shared by the PDF stage and `check` (which opens no PDF). */

/** How many leading bytes may precede the header: PDF readers accept it anywhere in the first 1024. */
export const PDF_HEADER_WINDOW = 1024;

export function hasPdfHeader(bytes: Uint8Array): boolean {
  // A view, not a copy, of the window the header may start in.
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, PDF_HEADER_WINDOW)).includes('%PDF-');
}

/** What a file without header starts with, for the message: `it is empty`, `it starts with "<html><head>\n"`. */
export function describeStart(bytes: Uint8Array): string {
  if (bytes.length === 0) return 'it is empty';
  // An error page or a text file shows what went wrong; binary bytes show as ? and \u escapes.
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 24)).replace(/\uFFFD/g, '?');
  return `it starts with ${JSON.stringify(text)}`;
}

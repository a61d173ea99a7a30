/**
 * The first pass over one PDF (or one page range of it): facts, text and (optionally) the PNG
 * page images, handed to the `write` callback. Runs inside a pool worker; pure apart from the
 * callbacks.
 */
import { PdfOpenError, withPdf, type PdfDocument } from './open-pdf.ts';
import { pageOriginalSize, readPageText, readProperties } from './pdf-facts.ts';
import { deriveImages, renderPage } from './images.ts';
import { outlineMarkdown, readOutline } from './outline.ts';
import type { CacheFile } from './cache.ts';
import { sha256Of } from '../lib/sha256.ts';
import type { PdfFacts, PdfFailureReason, PdfPage } from './types.ts';

export interface DeriveInput {
  bytes: Uint8Array;
  sha256: string;
  images: boolean;
  /** Takes one derived file (with its sha256); called as soon as a page's images are encoded, before `onPage`. */
  write: (file: CacheFile, bytes: Uint8Array) => void;
  /** Called after each page (text, and images when asked for). */
  onPage?: (pageNumber: number, numPages: number) => void;
  /**
   * Derive only pages `from`..`to` (1-based, inclusive). `to: null` means "up to `chunk`
   * pages": the caller learns the page count from `onOpen` and hands the rest to other
   * workers. Properties and outline are read only by the part that starts at page 1.
   */
  range?: { from: number; to: number | null; chunk: number };
  onOpen?: (numPages: number, to: number) => void;
}

export type DeriveOutput =
  | { ok: true; facts: PdfFacts; files: CacheFile[] }
  | { ok: false; reason: PdfFailureReason; message: string; cause?: unknown };

class PageError extends Error {
  constructor(page: number, options: { cause: unknown }) {
    const detail = options.cause instanceof Error ? options.cause.message : String(options.cause);
    super(`page ${page} could not be read: ${detail}`, options);
  }
}

export async function derivePdf(input: DeriveInput): Promise<DeriveOutput> {
  try {
    return await withPdf(input.bytes, (doc) => deriveOpen(doc, input));
  } catch (error) {
    return failureOf(error);
  }
}

async function deriveOpen(doc: PdfDocument, input: DeriveInput): Promise<DeriveOutput> {
  const numPages = doc.numPages;
  if (numPages === 0) return { ok: false, reason: 'no-pages', message: 'the PDF has no pages' };
  const from = input.range?.from ?? 1;
  const to = Math.min(numPages, input.range ? (input.range.to ?? from + input.range.chunk - 1) : numPages);
  input.onOpen?.(numPages, to);
  const first = from === 1;
  const properties = first ? await readProperties(doc) : {};
  const outline = first ? outlineMarkdown(await readOutline(doc)) : '';
  const pages: PdfPage[] = [];
  const files: CacheFile[] = [];
  // The encoders run on libuv threads: page N is encoded while page N + 1 is rendered on
  // this thread. At most one page waits, which bounds memory to two rendered pages.
  let encoding: Promise<unknown> = Promise.resolve();
  let encodeError = null as PageError | null;
  const settle = async () => {
    await encoding;
    if (encodeError) throw encodeError;
  };
  for (let number = from; number <= to; number++) {
    try {
      const page = await doc.getPage(number);
      const size = pageOriginalSize(page);
      if (!input.images) {
        pages.push({ number, width: size.width, height: size.height, text: await readPageText(page) });
        page.cleanup();
        input.onPage?.(number, numPages);
        continue;
      }
      // Render before reading text: the text pass then reuses the fonts the render loaded
      // (measured ~10 ms/page less on the asymptote manual).
      const raw = await renderPage(page, size);
      pages.push({ number, width: size.width, height: size.height, text: await readPageText(page) });
      page.cleanup();
      await settle();
      encoding = encodePage(raw, number, input, files).then(
        () => input.onPage?.(number, numPages),
        (error: unknown) => (encodeError = new PageError(number, { cause: error })),
      );
    } catch (error) {
      throw error instanceof PageError ? error : new PageError(number, { cause: error });
    }
  }
  await settle();
  const facts: PdfFacts = {
    numPages,
    fileSize: input.bytes.length,
    sha256: input.sha256,
    properties,
    outline,
    pages,
  };
  return { ok: true, facts, files };
}

async function encodePage(raw: Awaited<ReturnType<typeof renderPage>>, number: number, input: DeriveInput, files: CacheFile[]): Promise<void> {
  for (const image of await deriveImages(raw, number)) {
    const file = { name: image.name, size: image.bytes.length, sha256: sha256Of(image.bytes) };
    input.write(file, image.bytes);
    files.push(file);
  }
}

function failureOf(error: unknown): DeriveOutput {
  if (error instanceof PdfOpenError) {
    const reason = error.reason === 'password-incorrect' ? 'password-required' : error.reason;
    return { ok: false, reason, message: error.message, cause: error.cause };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { ok: false, reason: 'unreadable', message, cause: error };
}

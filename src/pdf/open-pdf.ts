/**
 * The one module that opens PDFs. Everything else in the
 * stage receives an open `PdfDocument` from `withPdf` and never imports pdfjs itself.
 *
 * pdfjs-dist 5.6.205 legacy build: the modern build crashes on Node 20 (docs/pdf.md#pdfjs-on-node-20).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { hasPdfHeader } from './header.ts';

export type PdfDocument = PDFDocumentProxy;
export type PdfPageHandle = PDFPageProxy;

/** Why a PDF could not be opened; `reason` is a stable, machine-readable code. */
export type OpenFailureReason = 'password-required' | 'password-incorrect' | 'not-a-pdf' | 'unreadable';

export class PdfOpenError extends Error {
  constructor(
    readonly reason: OpenFailureReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PdfOpenError';
  }
}

/** pdfjs fetches fonts, CMaps and wasm decoders from these folders; must end with a slash. */
function assetUrls(): { standardFontDataUrl: string; cMapUrl: string; wasmUrl: string } {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('pdfjs-dist/package.json'));
  // pdfjs' Node loader reads these with fs, so plain paths (with trailing separator) work and
  // stay independent of the working directory.
  const folder = (name: string) => join(root, name) + '/';
  return { standardFontDataUrl: folder('standard_fonts'), cMapUrl: folder('cmaps'), wasmUrl: folder('wasm') };
}

const ASSETS = assetUrls();

export interface OpenOptions {
  password?: string;
}

/**
 * Opens `bytes`, runs `fn` and always destroys the document, also when opening or `fn` fails.
 * pdfjs transfers the buffer it is given, so it gets a copy and the caller's bytes stay usable.
 */
export async function withPdf<T>(
  bytes: Uint8Array,
  fn: (doc: PdfDocument) => Promise<T>,
  options: OpenOptions = {},
): Promise<T> {
  const task = getDocument({
    data: new Uint8Array(bytes),
    ...ASSETS,
    cMapPacked: true,
    isEvalSupported: false,
    verbosity: 0,
    // Fonts are drawn as paths, never as FontFace objects, which Node does not have.
    disableFontFace: true,
    ...(options.password !== undefined && { password: options.password }),
  });
  try {
    let doc: PdfDocument;
    try {
      doc = await task.promise;
    } catch (error) {
      throw classifyOpenError(error, bytes);
    }
    return await fn(doc);
  } finally {
    await task.destroy();
  }
}

function classifyOpenError(error: unknown, bytes: Uint8Array): PdfOpenError {
  const name = (error as { name?: string } | null)?.name;
  const code = (error as { code?: number } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException') {
    // pdfjs PasswordResponses: 1 = NEED_PASSWORD, 2 = INCORRECT_PASSWORD.
    return code === 2
      ? new PdfOpenError('password-incorrect', 'the PDF password is incorrect', { cause: error })
      : new PdfOpenError('password-required', 'the PDF is encrypted with a user password', { cause: error });
  }
  if (name === 'InvalidPDFException' && !hasPdfHeader(bytes)) {
    return new PdfOpenError('not-a-pdf', `not a PDF (no %PDF- header): ${message}`, { cause: error });
  }
  if (name === 'InvalidPDFException') {
    return new PdfOpenError('unreadable', `damaged PDF, e.g. truncated or without page tree: ${message}`, { cause: error });
  }
  return new PdfOpenError('unreadable', `the PDF could not be opened: ${message}`, { cause: error });
}

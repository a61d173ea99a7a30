/** Plain data exchanged by the PDF stage (public types are re-exported from index.ts). */
import type { LazyText } from '../lib/stored-text.ts';
import type { PdfProperties } from './pdf-facts.ts';

export interface PdfPage {
  number: number;
  /** Pixel size of the page's `original` image. */
  width: number;
  height: number;
  text: string;
}

export interface PdfFacts {
  numPages: number;
  fileSize: number;
  sha256: string;
  /** `{}` when the PDF has no Info dictionary; otherwise every key, `null` when missing. */
  properties: Partial<PdfProperties>;
  /** froide outline Markdown, "" when none. */
  outline: string;
  pages: PdfPage[];
}

/** A page as the stage hands it on: with PdfOptions.texts, its text is where that spool keeps it. */
type LazyPage = Omit<PdfPage, 'text'> & { text: LazyText };

export type LazyFacts = Omit<PdfFacts, 'pages'> & { pages: LazyPage[] };

export interface PdfImage {
  /** `page-p3-small.png` or `page-p3-small.png.webp`. */
  name: string;
  /**
   * A path on this machine holding the file's bytes, for the stages that read it from disk
   * (annotation crops). Fetched from the media store into the local mirror on first call when
   * this machine does not have it: publishing needs only sha256 and size.
   */
  local: () => Promise<string>;
  /** Its bytes' sha256 and size, as the cache entry records them (the media store's key). */
  sha256: string;
  size: number;
}

/**
 * Why a PDF yielded no derivatives. The first three are properties of the file and are cached;
 * the rest are retried by the next build (`unreadable` too: it may come from a bug in this
 * stage rather than from the file, and a cached bug would outlive its fix).
 */
export type PdfFailureReason =
  | 'password-required' // encrypted with a user password
  | 'not-a-pdf' // no PDF structure found (e.g. HTML or random bytes named .pdf)
  | 'no-pages' // opens, but has zero pages
  | 'unreadable' // broken beyond what pdf.js can repair (document or a page)
  | 'timeout' // exceeded the per-PDF time limit; the worker was terminated
  | 'crashed' // the worker died (out of memory, native crash)
  | 'io-error' // the PDF file could not be read
  | 'aborted'; // the build was aborted via the signal

export const CACHEABLE_FAILURES: readonly PdfFailureReason[] = ['password-required', 'not-a-pdf', 'no-pages'];

export interface PdfFailure {
  ok: false;
  reason: PdfFailureReason;
  /** One sentence for people; the caller prefixes the content path. */
  message: string;
  cause?: unknown;
}

/** The first pass is done: facts, text and PNGs; `webp` when the second pass made the WebP siblings too (both in `images`). */
export interface PdfDone {
  ok: true;
  pending: false;
  facts: LazyFacts;
  images: PdfImage[];
  webp: boolean;
}

/**
 * The first pass has not finished (the time budget ran out): the document is
 * published as pending with what is known without it. `known` comes from a finished first
 * part of a long PDF.
 */
interface PdfPending {
  ok: true;
  pending: true;
  sha256: string;
  fileSize: number;
  known: Pick<PdfFacts, 'numPages' | 'properties' | 'outline'> | null;
}

export type PdfResult = PdfDone | PdfPending | PdfFailure;

export interface PdfJob {
  /** Caller's key for the result map. */
  id: string;
  /** Absolute path of the PDF. */
  file: string;
  /** false: facts only (no rendering). */
  images: boolean;
}

/**
 * What the derive stage knows about a document's file: the PDF stage's facts (src/pdf/) as the
 * API and the media stage read them. A fact of the build, not of the content, so it lives here
 * and not on the model's Document, which stays as linking left it.
 */
import type { LazyText } from '../lib/stored-text.ts';

export interface DocumentFacts {
  numPages: number;
  fileSize: number;
  /** sha256 of the PDF's bytes: its key in the media store (src/media/). */
  sha256: string;
  /** `{}` when the PDF has no Info dictionary. */
  properties: Partial<Record<'title' | 'author' | 'creator' | 'subject' | 'producer', string | null>>;
  outline: string;
  /** A page's text may be in the build's spool (src/pdf/index.ts, PdfOptions.texts): read it with `lazyTextOf` (lib/stored-text.ts). */
  pages: { number: number; width: number | null; height: number | null; text: LazyText }[];
  /** The WebP siblings of the page images exist (the PDF stage's second pass). */
  webp: boolean;
  /**
   * The first pass is not done yet: published as froide publishes a document
   * during processing, `pending`, with the facts known without it, and out of the lists.
   */
  pending: boolean;
}

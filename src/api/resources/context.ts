/**
 * What serializers need besides the model. Everything here is precomputed, so serializers
 * stay pure and synchronous (tokens are signed ahead of time; PDF facts come from the PDF stage).
 */
import type { UrlBuilder } from '../routes.ts';
import type { Document } from '../../model/types.ts';
import { formatDateTime, type Timestamp } from '../../model/time.ts';

/** What the PDF stage knows about a document's file (see src/pdf). */
export interface DocumentFacts {
  numPages: number;
  fileSize: number;
  /** sha256 of the PDF's bytes: its key in the media store (src/media/). */
  sha256: string;
  /** `{}` when the PDF has no Info dictionary. */
  properties: Partial<Record<'title' | 'author' | 'creator' | 'subject' | 'producer', string | null>>;
  outline: string;
  pages: { number: number; width: number | null; height: number | null; text: string }[];
  /** The WebP siblings of the page images exist (the PDF stage's second pass, issue 11 #2). */
  webp: boolean;
}

export interface RenderContext {
  urls: UrlBuilder;
  timeZone: string;
  /** Build clock in microseconds, for "overdue" (facts §5.1). */
  now: Timestamp;
  /** The token for a media scope; every scope was signed before serializing. */
  token(scope: string): string;
  /** PDF facts of a published document. */
  facts(document: Document): DocumentFacts;
}

export function dateTime(ctx: RenderContext, value: Timestamp | null): string | null {
  return value === null ? null : formatDateTime(value, ctx.timeZone);
}

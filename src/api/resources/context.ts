/**
 * What serializers need besides the model. Everything here is precomputed, so serializers
 * stay pure and synchronous (media links carry token slots, minted when answered; PDF facts come from the PDF stage).
 */
import { UrlBuilder } from '../urls.ts';
import type { UrlSettings } from '../../formats/manifest.ts';
import type { DocumentFacts } from '../../documents/document-facts.ts';
import type { Document, PageAnnotation } from '../../model/types.ts';
import { formatDateTime, timestampOfSeconds, type Timestamp } from '../../model/time.ts';

export interface RenderContext {
  urls: UrlBuilder;
  timeZone: string;
  /** Build clock in microseconds, for "overdue" (docs/froide.md#request). */
  now: Timestamp;
  /** False for a document withheld because its PDF cannot be read (src/documents/unreadable-pdfs.ts). */
  published(document: Document): boolean;
  /** PDF facts of a published document (src/documents/). */
  facts(document: Document): DocumentFacts;
  /** The annotation's area was cropped into an image (src/documents/annotations.ts); not without page images. */
  cropped(annotation: PageAnnotation): boolean;
}

/** The context of one build: its URLs and clock, and what the PDF stage and the crops found. */
export function renderContext(
  build: { urls: UrlSettings; timeZone: string; now: number },
  derived: Pick<RenderContext, 'published' | 'facts'>,
  crops: readonly { annotation: PageAnnotation }[],
): RenderContext {
  const cropped = new Set(crops.map((crop) => crop.annotation));
  return {
    urls: new UrlBuilder(build.urls),
    timeZone: build.timeZone,
    now: timestampOfSeconds(build.now),
    published: derived.published,
    facts: derived.facts,
    cropped: (annotation) => cropped.has(annotation),
  };
}

export function renderDateTime(ctx: RenderContext, value: Timestamp | null): string | null {
  return value === null ? null : formatDateTime(value, ctx.timeZone);
}

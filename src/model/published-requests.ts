/**
 * References from venues and information objects to requests: only published requests can be
 * linked, because the API shows their id, URL and status. Pure: no I/O.
 */
import { ERRORS } from '../content/errors.ts';
import type { Problems, RecordSource } from '../content/problems.ts';
import { idSample } from './records.ts';
import type { FoiRequest } from './types.ts';

export class PublishedRequests {
  private readonly published: Map<number, FoiRequest>;
  private readonly unpublished: Set<number>;

  constructor(published: readonly FoiRequest[], allIds: readonly number[], private readonly problems: Problems, private readonly incomplete: boolean) {
    this.published = new Map(published.map((request) => [request.id, request]));
    this.unpublished = new Set(allIds.filter((id) => !this.published.has(id)));
  }

  /** The request, or undefined after reporting the reference at the referring key. */
  resolve(id: number, from: RecordSource, path: (string | number)[]): FoiRequest | undefined {
    const request = this.published.get(id);
    if (request) return request;
    if (this.unpublished.has(id)) {
      this.problems.report(from, path, ERRORS.UnpublishedRequest, { id });
    } else if (this.incomplete) {
      this.problems.knockOn(from, path, ERRORS.ReferenceIntoInvalidFiles, { kind: 'request', id, files: 'request' });
    } else {
      const sample = idSample(this.published.keys());
      this.problems.report(from, path, ERRORS.UnknownReference, { kind: 'request', id, sample, which: 'published' });
    }
    return undefined;
  }
}

/** Newest first by created_at, then id descending (froide orders linked requests `-created_at`/`-timestamp`). */
export function newestFirst(a: FoiRequest, b: FoiRequest): number {
  return (b.createdAt ?? -Infinity) - (a.createdAt ?? -Infinity) || b.id - a.id;
}

/**
 * The list envelope (docs/api.md#list-envelope), shared by the build (static pages) and the serving layer
 * (computed pages), so both produce the same bytes for the same page.
 */
import { type Query } from '../formats/query-encoding.ts';
import { UrlBuilder } from './urls.ts';
import type { ResourceName } from '../formats/resource-names.ts';

export interface Meta {
  limit: number;
  next: string | null;
  offset: number;
  previous: string | null;
  total_count: number;
}

export interface Envelope<T = unknown> {
  meta: Meta;
  objects: T[];
  /** publicbody and page lists carry froide's (empty) facets (docs/froide.md#paging); publicbody/search/ its aggregations (docs/search.md, "Public body search"). */
  facets?: { fields: Record<string, unknown> };
}

/** The list an envelope pages through: a resource's list, or one of its list actions. */
export type ListTarget = ResourceName | { resource: ResourceName; action: string };

/** The URL of a page of the list (`query` holds limit and offset too). */
export function listUrl(urls: UrlBuilder, target: ListTarget, query: Query): string {
  return typeof target === 'string' ? urls.list(target, query) : urls.action(target.resource, target.action, query);
}

/**
 * next/previous per docs/froide.md#paging, except that both always carry explicit `limit` and `offset`
 * (docs/api.md#list-envelope wins over froide, which drops `offset` from a previous link to the first page).
 * `query` is the request's other parameters; they are kept.
 */
function pageLinks(
  urls: UrlBuilder,
  target: ListTarget,
  query: Query,
  offset: number,
  limit: number,
  total: number,
): { next: string | null; previous: string | null } {
  const next = offset + limit < total ? listUrl(urls, target, { ...query, limit, offset: offset + limit }) : null;
  const previous = offset > 0 ? listUrl(urls, target, { ...query, limit, offset: Math.max(0, offset - limit) }) : null;
  return { next, previous };
}

export function envelope<T>(
  urls: UrlBuilder,
  target: ListTarget,
  page: { query?: Query; offset: number; limit: number; total: number; objects: T[]; facets?: boolean | Envelope['facets'] },
): Envelope<T> {
  const { next, previous } = pageLinks(urls, target, page.query ?? {}, page.offset, page.limit, page.total);
  const result: Envelope<T> = {
    meta: { limit: page.limit, next, offset: page.offset, previous, total_count: page.total },
    objects: page.objects,
  };
  if (page.facets) result.facets = page.facets === true ? { fields: {} } : page.facets;
  return result;
}

/**
 * A froide API v1 as the importer walks it: the root index names each resource's list, a list
 * is read page by page by following `meta.next` (froide's LimitOffsetPagination), an object by
 * its `resource_uri`. Only links the server gave are followed, so any instance works, whatever
 * its host, path prefix or page size; and only links on the API's origin or a media origin of
 * the instance, so an answer cannot send the importer (or a file's token) elsewhere. A list ends
 * after `meta.total_count` objects (and a margin for objects added while it is read), after a
 * budget of pages, and where `meta.next` leads back to a page already read.
 */
import { OriginRefused, type HttpClient } from './http.ts';
import { ApiShapeError, list, object, type Json } from './values.ts';

/** A list that does not end as froide's lists end: reported, the objects read so far kept. */
class ListRefused extends ApiShapeError {
  override name = 'ListRefused';
}

export interface PagingBounds {
  /** Pages per list at most (default 5,000: 250,000 objects at froide's 50 per page). */
  pageBudget?: number;
  /** Objects beyond the first page's `meta.total_count` a list may add while it is read (default 1 % and at least 50). */
  countMargin?: number;
}

export interface Source {
  /** The API root, with trailing slash. */
  readonly root: string;
  /** What the root index named that the import does not follow, one line each. */
  readonly refused: string[];
  /** The list URL of a resource, from the root index; null when the instance has no such resource. */
  listUrl(resource: string): string | null;
  /** Every object of a list, page by page; `query` narrows it (`{ document: '4' }`). `onPage` sees each page's total. */
  all(resource: string, query?: Record<string, string>, onPage?: (totalCount: number) => void): AsyncGenerator<Json>;
  /** Every object of a list given by URL (a `documents_uri`). */
  allAt(url: string, onPage?: (totalCount: number) => void): AsyncGenerator<Json>;
  /** An object by its URL. */
  get(url: string): Promise<Json>;
  /** The detail URL of `resource` object `id` (the list URL plus `<id>/`, as DRF's router makes it). */
  detailUrl(resource: string, id: number | string): string;
  readonly client: HttpClient;
}

/** A link of an answer, resolved against `base`; ApiShapeError when it is not a URL. */
function resolved(link: string, base: string): string {
  try {
    return new URL(link, base).href;
  } catch {
    throw new ApiShapeError(`${JSON.stringify(link.slice(0, 80))} is not a URL`);
  }
}

/** The base URL as given (`https://fragdenstaat.de/api/v1`, with or without slash) as the API root. */
function apiRoot(base: string): string {
  const url = new URL(base);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  url.search = '';
  url.hash = '';
  return url.href;
}

export async function openSource(base: string, client: HttpClient, bounds: PagingBounds = {}): Promise<Source> {
  const root = apiRoot(base);
  client.allowOrigin(root);
  const index = object(await client.json(root), `the root index ${root}`);
  const lists = new Map<string, string>();
  const refused: string[] = [];
  for (const [name, link] of Object.entries(index)) {
    if (typeof link !== 'string') continue;
    try {
      const url = resolved(link, root);
      client.checkOrigin(url, 'the link');
      lists.set(name, url);
    } catch (error) {
      if (!(error instanceof OriginRefused || error instanceof ApiShapeError)) throw error;
      refused.push(`the root index ${root}: the ${name} list: ${error.message}`);
    }
  }
  const pageBudget = bounds.pageBudget ?? 5000;

  async function* pages(first: string, onPage?: (totalCount: number) => void): AsyncGenerator<Json> {
    const seen = new Set<string>();
    let limit = Infinity;
    let read = 0;
    for (let url: string | null = first; url !== null; ) {
      if (seen.has(url)) throw new ListRefused(`${first}: meta.next of page ${seen.size} leads back to ${url}, a page already read; the list ends there`);
      if (seen.size >= pageBudget) throw new ListRefused(`${first}: more than ${pageBudget} pages; the list ends there (--page-budget)`);
      seen.add(url);
      const page = object(await client.json(url), url);
      const meta = object(page.meta, `${url} meta`);
      const objects = list(page.objects, `${url} objects`);
      if (seen.size === 1 && typeof meta.total_count === 'number') {
        limit = meta.total_count + (bounds.countMargin ?? Math.max(50, Math.ceil(meta.total_count / 100)));
      }
      if (typeof meta.total_count === 'number') onPage?.(meta.total_count);
      for (const item of objects) {
        if (++read > limit) throw new ListRefused(`${first}: more objects than meta.total_count said (${limit} with the margin for objects added meanwhile); the list ends there`);
        yield object(item, `${url} objects`);
      }
      const next: string | null = typeof meta.next === 'string' && meta.next !== '' ? resolved(meta.next, url) : null;
      if (next !== null) {
        if (objects.length === 0) throw new ListRefused(`${url}: a page without objects has a meta.next; the list ends there`);
        client.checkOrigin(next, `meta.next of ${url}:`);
      }
      url = next;
    }
  }

  const listUrl = (resource: string) => lists.get(resource) ?? null;
  return {
    root,
    client,
    refused,
    listUrl,
    all(resource, query = {}, onPage) {
      const base = listUrl(resource);
      if (!base) return (async function* () {})();
      const url = new URL(base);
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
      return pages(url.href, onPage);
    },
    allAt: (url, onPage) => pages(resolved(url, root), onPage),
    get: async (url) => object(await client.json(resolved(url, root)), url),
    detailUrl(resource, id) {
      const base = listUrl(resource) ?? new URL(`${resource}/`, root).href;
      return new URL(`${encodeURIComponent(String(id))}/`, base).href;
    },
  };
}

/**
 * The origin froide serves files from. froide builds every `file_url` from its MEDIA_URL setting
 * (django-crossdomainmedia's `get_full_media_url`, okfde/froide:froide/foirequest/models/attachment.py
 * `get_absolute_domain_file_url`; django-filingcabinet's `get_document_file_url` for documents),
 * which no answer names by itself (FragDenStaat: `https://media.frag-den-staat.de/files/`, not the
 * API's host). The first page of the document list is where the instance names it for every
 * client: the origin of its first document's `file_url`. Null when the instance lists no document.
 */
export async function mediaOriginOf(source: Source): Promise<string | null> {
  const url = source.listUrl('document');
  if (!url) return null;
  const page = object(await source.client.json(url), url);
  for (const item of list(page.objects, `${url} objects`)) {
    const fileUrl = (item as Json | null)?.file_url;
    if (typeof fileUrl === 'string' && fileUrl !== '') return new URL(fileUrl, url).origin;
  }
  return null;
}

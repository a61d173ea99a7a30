/**
 * A froide API v1 as the importer walks it: the root index names each resource's list, a list
 * is read page by page by following `meta.next` (froide's LimitOffsetPagination), an object by
 * its `resource_uri`. Only links the server gave are followed, so any instance works, whatever
 * its host, path prefix or page size.
 */
import type { HttpClient } from './http.ts';
import { list, object, type Json } from './values.ts';

export interface Source {
  /** The API root, with trailing slash. */
  readonly root: string;
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

/** The base URL as given (`https://fragdenstaat.de/api/v1`, with or without slash) as the API root. */
function apiRoot(base: string): string {
  const url = new URL(base);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  url.search = '';
  url.hash = '';
  return url.href;
}

export async function openSource(base: string, client: HttpClient): Promise<Source> {
  const root = apiRoot(base);
  const index = object(await client.json(root), `the root index ${root}`);
  const lists = new Map<string, string>();
  for (const [name, link] of Object.entries(index)) if (typeof link === 'string') lists.set(name, new URL(link, root).href);

  async function* pages(first: string, onPage?: (totalCount: number) => void): AsyncGenerator<Json> {
    const seen = new Set<string>();
    for (let url: string | null = first; url !== null; ) {
      if (seen.has(url)) throw new Error(`${url}: meta.next leads back to a page already read`);
      seen.add(url);
      const page = object(await client.json(url), url);
      const meta = object(page.meta, `${url} meta`);
      if (typeof meta.total_count === 'number') onPage?.(meta.total_count);
      for (const item of list(page.objects, `${url} objects`)) yield object(item, `${url} objects`);
      url = typeof meta.next === 'string' && meta.next !== '' ? new URL(meta.next, url).href : null;
    }
  }

  const listUrl = (resource: string) => lists.get(resource) ?? null;
  return {
    root,
    client,
    listUrl,
    all(resource, query = {}, onPage) {
      const base = listUrl(resource);
      if (!base) return (async function* () {})();
      const url = new URL(base);
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
      return pages(url.href, onPage);
    },
    allAt: (url, onPage) => pages(new URL(url, root).href, onPage),
    get: async (url) => object(await client.json(new URL(url, root).href), url),
    detailUrl(resource, id) {
      const base = listUrl(resource) ?? new URL(`${resource}/`, root).href;
      return new URL(`${encodeURIComponent(String(id))}/`, base).href;
    },
  };
}

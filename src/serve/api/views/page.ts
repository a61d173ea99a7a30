/**
 * page list (docs/froide.md#page, docs/froide.md#media-files-and-page-images): `?document=<id>&uid=<uid>` of an unlisted document reads that
 * document's own list; every filter and the pagination apply to it as usual. A search with `q`
 * and a collection whose settings declare facets carries them (src/api/page-facets.ts).
 */
import type { UnlistedList } from '../../../formats/manifest.ts';
import { secretKey } from '../../../api/filters/keyed.ts';
import { countingOf } from '../../../api/resources/list-counting.ts';
import { pageFacets, type PageFacetsFile } from '../../../api/page-facets.ts';
import { pythonInt } from '../../../formats/python.ts';
import type { ResourceName } from '../../../formats/resource-names.ts';
import { buildPaths } from '../../../api/build-paths.ts';
import { lastValue, readJson } from '../pagination.ts';
import type { BuildStore } from '../../shared/build-store.ts';
import type { ListScope, ResourceViews } from './view-spec.ts';
import { uidOf } from './unlisted.ts';

/**
 * `page/?document=<id>&uid=<uid>` of a public, unlisted document (its pages_uri, docs/froide.md#media-files-and-page-images):
 * the pages come from the document's own list, which the build wrote under a name carrying
 * the uid (buildPaths.unlistedList). Without the right uid the request reads the public list,
 * which holds none of them: froide's empty answer for a document the caller cannot read.
 */
async function unlistedDocumentPages(url: URL, store: BuildStore): Promise<ListScope | null> {
  const query = url.searchParams;
  const document = pythonInt(lastValue(query, 'document'));
  const uid = uidOf(query);
  if (document === null || document <= 0 || uid === null) return null;
  const list = (await readJson(store, buildPaths.unlistedList('page', `${document}-${uid}`))) as UnlistedList | null;
  return list === null ? null : { store: listStore(store, 'page', list), total: list.total };
}

/**
 * The store seen through an unlisted list (UnlistedList): the resource's list files come from
 * it, every other file (details for id checks) from the build. A key index answers the list's
 * own positions over the keys of the build's index of the same file, so the known ids and
 * slugs are the build's.
 */
function listStore(store: BuildStore, resource: ResourceName, list: UnlistedList): BuildStore {
  const own = (path: string) => (Object.hasOwn(list.files, path) ? list.files[path]! : null);
  const json = async (path: string): Promise<unknown> => {
    if (!buildPaths.isListFile(resource, path)) return readJson(store, path);
    if (!buildPaths.isFilterIndex(resource, path)) return own(path);
    const build = await readJson(store, path);
    if (build === null || typeof build !== 'object' || Array.isArray(build)) return own(path);
    const keys = Object.fromEntries(Object.keys(build).map((key) => [key, []]));
    return { ...keys, ...(own(path) as Record<string, number[]> | null) };
  };
  return {
    read: async (path) => {
      if (!buildPaths.isListFile(resource, path)) return store.read(path);
      const value = await json(path);
      // List chunks are kept as their text (planUnlisted), index files as their JSON.
      return value === null ? null : new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
    },
    json,
  };
}

/**
 * froide's page facets: only with `q` (`has_query`: any `q` value but an empty one) and a
 * `collection` whose settings declare facets (the build's file of them, found by the
 * collection's id, or for an unlisted one by its uid as the collection filter finds it),
 * counted over every page found. Otherwise none: froide's empty `{"fields": {}}`.
 */
async function collectionFacets(query: URLSearchParams, store: BuildStore, positions: readonly number[], total: number): Promise<{ fields: Record<string, unknown> } | null> {
  if (!lastValue(query, 'q')) return null;
  const id = pythonInt(lastValue(query, 'collection'));
  if (id === null) return null;
  const secret = query.getAll('uid').at(-1);
  const file = ((await readJson(store, buildPaths.pageFacets(String(id)))) ??
    (secret ? await readJson(store, buildPaths.pageFacets(secretKey(String(id), secret))) : null)) as PageFacetsFile | null;
  if (file === null) return null;
  const count = countingOf('page', total);
  const found = new Uint8Array(total);
  for (const position of positions) found[count(position)] = 1;
  return pageFacets(file, found);
}

export const pageViews: ResourceViews = { unlisted: unlistedDocumentPages, facets: collectionFacets };

/**
 * Views whose answer depends on the query in a way no filter index expresses, answered from
 * files the build precomputed for each case (declared per resource in src/serve/views.ts):
 *
 * - documentcollection detail (facts §5.15, okfde/django-filingcabinet api_views.py): an
 *   unlisted collection needs `?uid=` (else froide's 401); `?directory=<id>` shows that
 *   directory; an integer that is no directory of the collection shows the top level with
 *   `document_directory_count` null (froide counts the documents in the unknown directory's
 *   id); anything else (`abc`, empty) is ignored, as froide's `int()` fails.
 * - pageannotation list (facts §5.17): only for `?document=<id>` of a readable document
 *   (an unlisted one with `uid`), else an empty list; `number` is read but not applied, as in
 *   froide.
 * - page list (facts §5.16, §6.1): `?document=<id>&uid=<uid>` of an unlisted document reads
 *   that document's own list; every filter and the pagination apply to it as usual.
 */
import { envelope } from '../../api/envelope.ts';
import type { Manifest, UnlistedList } from '../../api/manifest.ts';
import { RESOURCES } from '../../api/resource-table.ts';
import { buildPaths, UrlBuilder, type ResourceName } from '../../api/routes.ts';
import { lastValue, pageRequest, readJson } from './pagination.ts';
import { MESSAGES } from './responses.ts';
import type { Store } from '../shared/store.ts';
import type { Answer, ListScope, ResourceViews } from './views.ts';
import { pythonInt } from '../../api/python.ts';
import { UUID_PATTERN as UUID } from '../../lib/uuid.ts';


/** The request's `uid` (the last one), or null when there is none or it is no UUID (then it opens nothing). */
function uidOf(query: URLSearchParams): string | null {
  const uid = lastValue(query, 'uid');
  return uid !== null && UUID.test(uid) ? uid : null;
}

/** The file key of an object that may be unlisted: its id, or `<id>-<uid>` when the uid is right. */
async function unlockedKey(store: Store, listedFile: string, unlistedFile: (key: string) => string, id: number, uid: string | null): Promise<string | null> {
  if ((await store.read(listedFile)) !== null) return String(id);
  if (uid === null) return null;
  const key = `${id}-${uid}`;
  return (await store.read(unlistedFile(key))) !== null ? key : null;
}

/** The detail only a uid opens (buildPaths.unlistedDetail), or null for a wrong or missing uid. */
export async function unlistedDetail(store: Store, resource: ResourceName, id: string, query: URLSearchParams): Promise<unknown | null> {
  const uid = uidOf(query);
  if (uid === null) return null;
  return readJson(store, buildPaths.unlistedDetail(resource, `${id}-${uid}`));
}

async function collectionDetail(id: string, url: URL, store: Store): Promise<Answer> {
  const missing = { status: 404, error: { detail: MESSAGES.noMatch(RESOURCES.documentcollection.model) } };
  if (!/^\d+$/.test(id)) return { status: 404, error: { detail: MESSAGES.notFound } };
  const number = Number(id);
  const query = url.searchParams;
  const key = await unlockedKey(store, buildPaths.detail('documentcollection', number), (k) => buildPaths.collectionVariant(k, 'root'), number, uidOf(query));
  if (key === null) {
    if ((await store.read(buildPaths.unlistedCollection(number))) === null) return missing;
    return { status: 401, error: { detail: MESSAGES.unauthenticated }, headers: { 'www-authenticate': 'Bearer realm="api"' } };
  }
  const directory = pythonInt(lastValue(query, 'directory'));
  const root = key === String(number) ? buildPaths.detail('documentcollection', number) : buildPaths.collectionVariant(key, 'root');
  const body =
    directory === null
      ? await readJson(store, root)
      : ((await readJson(store, buildPaths.collectionVariant(key, directory))) ?? (await readJson(store, buildPaths.collectionVariant(key, 'unknown-directory'))));
  return body === null ? missing : { body };
}

async function annotationList(url: URL, store: Store, manifest: Manifest): Promise<Answer> {
  const query = url.searchParams;
  const document = pythonInt(lastValue(query, 'document'));
  const key =
    document !== null && document > 0
      ? await unlockedKey(store, buildPaths.documentAnnotations(String(document)), buildPaths.documentAnnotations, document, uidOf(query))
      : null;
  const objects = key === null ? [] : (((await readJson(store, buildPaths.documentAnnotations(key))) ?? []) as unknown[]);
  const { limit, offset, others } = pageRequest(query, RESOURCES.pageannotation);
  const urls = new UrlBuilder(manifest.urls);
  return { body: envelope(urls, 'pageannotation', { query: others, offset, limit, total: objects.length, objects: objects.slice(offset, offset + limit) }) };
}

/**
 * `page/?document=<id>&uid=<uid>` of a public, unlisted document (its pages_uri, facts §6.1):
 * the pages come from the document's own list, which the build wrote under a name carrying
 * the uid (buildPaths.unlistedList). Without the right uid the request reads the public list,
 * which holds none of them: froide's empty answer for a document the caller cannot read.
 */
async function unlistedDocumentPages(url: URL, store: Store): Promise<ListScope | null> {
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
function listStore(store: Store, resource: ResourceName, list: UnlistedList): Store {
  const own = (path: string) => (Object.hasOwn(list.files, path) ? list.files[path]! : null);
  const json = async (path: string): Promise<unknown | null> => {
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
      return value === null ? null : new TextEncoder().encode(JSON.stringify(value));
    },
    json,
  };
}

export const collectionViews: ResourceViews = { detail: collectionDetail };
export const pageViews: ResourceViews = { unlisted: unlistedDocumentPages };
export const annotationViews: ResourceViews = { list: annotationList };

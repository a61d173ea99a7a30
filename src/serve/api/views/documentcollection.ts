/**
 * documentcollection detail (docs/froide.md#documentcollection, okfde/django-filingcabinet api_views.py), answered
 * from files the build precomputed for each case: an unlisted collection needs `?uid=` (else
 * froide's 401); `?directory=<id>` shows that directory; an integer that is no directory of the
 * collection shows the top level with `document_directory_count` null (froide counts the
 * documents in the unknown directory's id); anything else (`abc`, empty) is ignored, as
 * froide's `int()` fails.
 */
import { pythonInt } from '../../../formats/python.ts';
import { RESOURCES } from '../../../api/resources/declaration-registry.ts';
import { buildPaths } from '../../../api/build-paths.ts';
import { lastValue, readJson } from '../pagination.ts';
import { MESSAGES } from '../responses.ts';
import { readDetail } from '../../shared/pack-reader.ts';
import { parseJson, type BuildStore } from '../../shared/build-store.ts';
import type { Answer, ResourceViews } from './view-spec.ts';
import { uidOf, unlockedKey } from './unlisted.ts';

async function collectionDetail(id: string, url: URL, store: BuildStore): Promise<Answer> {
  const missing = { status: 404, error: { detail: MESSAGES.noMatch(RESOURCES.documentcollection.model) } };
  if (!/^\d+$/.test(id)) return { status: 404, error: { detail: MESSAGES.notFound } };
  const number = Number(id);
  const query = url.searchParams;
  const listed = await readDetail(store, 'documentcollection', String(number));
  const key = await unlockedKey(store, listed !== null, (k) => buildPaths.collectionVariant(k, 'root'), number, uidOf(query));
  if (key === null) {
    if ((await store.read(buildPaths.unlistedCollection(number))) === null) return missing;
    return { status: 401, error: { detail: MESSAGES.unauthenticated }, headers: { 'www-authenticate': 'Bearer realm="api"' } };
  }
  const directory = pythonInt(lastValue(query, 'directory'));
  const body =
    directory === null
      ? listed !== null
        ? parseJson(listed)
        : await readJson(store, buildPaths.collectionVariant(key, 'root'))
      : ((await readJson(store, buildPaths.collectionVariant(key, directory))) ?? (await readJson(store, buildPaths.collectionVariant(key, 'unknown-directory'))));
  return body === null ? missing : { body };
}

export const documentcollectionViews: ResourceViews = { detail: collectionDetail };

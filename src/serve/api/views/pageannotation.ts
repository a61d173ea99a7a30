/**
 * pageannotation list (docs/froide.md#pageannotation): only for `?document=<id>` of a readable document (an
 * unlisted one with `uid`), else an empty list; `number` is read but not applied, as in froide.
 */
import { envelope } from '../../../api/envelope.ts';
import type { Manifest } from '../../../formats/manifest.ts';
import { pythonInt } from '../../../formats/python.ts';
import { RESOURCES } from '../../../api/resources/declaration-registry.ts';
import { buildPaths } from '../../../api/build-paths.ts';
import { UrlBuilder } from '../../../api/urls.ts';
import { lastValue, pageRequest, readJson } from '../pagination.ts';
import type { BuildStore } from '../../shared/build-store.ts';
import type { Answer, ResourceViews } from './view-spec.ts';
import { uidOf, unlockedKey } from './unlisted.ts';

async function annotationList(url: URL, store: BuildStore, manifest: Manifest): Promise<Answer> {
  const query = url.searchParams;
  const document = pythonInt(lastValue(query, 'document'));
  const key =
    document !== null && document > 0
      ? await unlockedKey(store, (await store.read(buildPaths.documentAnnotations(String(document)))) !== null, (key) => buildPaths.documentAnnotations(key), document, uidOf(query))
      : null;
  const objects = key === null ? [] : (((await readJson(store, buildPaths.documentAnnotations(key))) ?? []) as unknown[]);
  const { limit, offset, others } = pageRequest(query, RESOURCES.pageannotation);
  const urls = new UrlBuilder(manifest.urls);
  return { body: envelope(urls, 'pageannotation', { query: others, offset, limit, total: objects.length, objects: objects.slice(offset, offset + limit) }) };
}

export const pageannotationViews: ResourceViews = { list: annotationList };

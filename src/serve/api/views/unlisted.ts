/**
 * What a uid opens (docs/froide.md#visibility): the file key of an object that may be unlisted, and the detail
 * only a uid opens. documentcollection.ts, pageannotation.ts, page.ts and the generic detail
 * reader (a document imported unlisted) use them.
 */
import { buildPaths } from '../../../api/build-paths.ts';
import { UUID_PATTERN } from '../../../lib/uuid.ts';
import type { ResourceName } from '../../../formats/resource-names.ts';
import { lastValue, readJson } from '../pagination.ts';
import type { BuildStore } from '../../shared/build-store.ts';

/** The request's `uid` (the last one), or null when there is none or it is no UUID (then it opens nothing). */
export function uidOf(query: URLSearchParams): string | null {
  const uid = lastValue(query, 'uid');
  return uid !== null && UUID_PATTERN.test(uid) ? uid : null;
}

/**
 * The file key of an object that may be unlisted: its id when `listed` (the public object
 * exists), or `<id>-<uid>` when the uid is right.
 */
export async function unlockedKey(store: BuildStore, listed: boolean, unlistedFile: (key: string) => string, id: number, uid: string | null): Promise<string | null> {
  if (listed) return String(id);
  if (uid === null) return null;
  const key = `${id}-${uid}`;
  return (await store.read(unlistedFile(key))) !== null ? key : null;
}

/** The detail only a uid opens (buildPaths.unlistedDetail), or null for a wrong or missing uid. */
export async function unlistedDetail(store: BuildStore, resource: ResourceName, id: string, query: URLSearchParams): Promise<unknown> {
  const uid = uidOf(query);
  if (uid === null) return null;
  return readJson(store, buildPaths.unlistedDetail(resource, `${id}-${uid}`));
}

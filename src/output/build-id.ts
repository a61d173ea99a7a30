/**
 * The build id and the manifest that carries it: the id is a digest of every file of build/
 * before the manifest, so the serving layer's caches change with any answer. A full build
 * computes it as its plan is drained (src/output/plan.ts) and keeps each file's digest and the
 * order of some lists for the next; a patch build (src/output/text-patch.ts) computes it from
 * those digests with its few new files in their places.
 */
import { sha256Hash } from '../lib/sha256.ts';
import { MANIFEST_VERSION, type Manifest } from '../formats/manifest.ts';
import { apiJson } from '../formats/json.ts';
import { buildPaths } from '../api/build-paths.ts';
import type { PlannedFile } from '../lib/planned-file.ts';
import type { BuiltName } from '../api/resources/serializer-registry.ts';

/** Every file of the plan before the manifest, in plan order, with the SHA-256 of its bytes ('' for a copy without one). */
export interface PlannedDigests {
  paths: string[];
  sha256: string[];
}

/**
 * The build id: a digest of every file's path and the SHA-256 of its bytes, in plan order, so a
 * file linked from the previous build/ counts with the digest recorded for it (src/previous/output-record.ts).
 */
export function buildIdOf(planned: PlannedDigests): string {
  const hash = sha256Hash();
  planned.paths.forEach((path, at) => hash.update(path).update('\0').update(planned.sha256[at]!).update('\0'));
  return hash.digest('hex').slice(0, 20);
}

/** The manifest file of a build. */
export function manifestFile(urls: Manifest['urls'], build: string, lists: Manifest['lists'], layout?: Manifest['layout']): PlannedFile & { body: string } {
  const manifest: Manifest = { version: MANIFEST_VERSION, build, urls, lists, ...(layout && { layout }) };
  return { path: buildPaths.manifest, body: apiJson(manifest) };
}

/**
 * The lists whose ids the plan hands on in list order (`summary().orders`): those whose list
 * chunks a patch build rewrites (src/output/text-patch.ts), which needs each object's position.
 */
export const KEPT_ORDERS: ReadonlySet<BuiltName> = new Set(['request', 'message']);

/** By list: its objects' ids in list order. */
export type ListOrders = Partial<Record<BuiltName, Float64Array>>;

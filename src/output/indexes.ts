/**
 * Filter index files for one resource: what src/api/filters/ plans, at the
 * paths of the build/ layout (src/api/build-paths.ts).
 */
import { indexFiles } from '../api/filters/index.ts';
import { buildPaths } from '../api/build-paths.ts';
import type { Archive } from '../model/types.ts';
import type { PlannedFile } from '../lib/planned-file.ts';
import type { ResourceItems, ResourceName } from '../api/resources/declaration-registry.ts';

/** `ordered` must be the exact list the resource's list chunks hold. */
export function planFilterIndexes<N extends ResourceName>(resource: N, ordered: readonly ResourceItems[N][], archive?: Archive): PlannedFile[] {
  const { filters, shapes } = indexFiles(resource, ordered, archive);
  return [
    ...filters.map(({ param, file, body }) => ({ path: buildPaths.filterIndex(resource, param, file), body })),
    ...(shapes === null ? [] : [{ path: buildPaths.shapes(resource), body: shapes }]),
  ];
}

/**
 * Filter index files for one resource: what src/api/filters/ plans, at the
 * paths of the build/ layout (src/api/build-paths.ts), each filter linked from the previous
 * build/ when its inputs did not change (src/output/filter-reuse.ts).
 */
import { shapesFile } from '../api/filters/point.ts';
import { buildPaths } from '../api/build-paths.ts';
import type { Archive } from '../model/types.ts';
import type { PlannedFile } from '../lib/planned-file.ts';
import { filtersOf, RESOURCES, type ResourceItems } from '../api/resources/declaration-registry.ts';
import type { ResourceName } from '../formats/resource-names.ts';
import { filterFiles, type FilterReuse } from './filter-reuse.ts';

/** `ordered` must be the exact list the resource's list chunks hold. */
export function* planFilterIndexes<N extends ResourceName>(resource: N, ordered: readonly ResourceItems[N][], archive?: Archive, kept?: FilterReuse): Generator<PlannedFile> {
  const specs = filtersOf(resource);
  yield* filterFiles(resource, specs, ordered, archive, '', kept, kept?.values?.listKey(resource, specs, ordered));
  const shapeOf = RESOURCES[resource].shapes;
  if (shapeOf) yield { path: buildPaths.shapes(resource), body: shapesFile(ordered, shapeOf) };
}

/**
 * Filter index files linked from the previous build/ when their inputs did not change
 * (docs/architecture.md, "Incremental builds"). Each filter of a list (and of a list's search
 * action) is one group of the output-reuse record (src/output/reuse.ts), keyed by
 * filterInputsKey: a digest of every value its kind's `index` reads, in list order, with the
 * list's counting and the filter's `known` keys. A filter whose key is the recorded one is
 * linked without building its keys or serializing its files; any other is indexed as in a cold
 * build. The key holds the values, not the objects' fingerprints, so an edit that changes no
 * filter value (a message's text) links every filter, wherever the values come from (another
 * folder, reference data, the clock of a search filter).
 */
import { filterIndex } from '../api/filters/index.ts';
import type { FilterSpec } from '../api/filters/filter-spec.ts';
import { filterInputsKey } from '../api/filters/inputs-key.ts';
import { buildPaths } from '../api/build-paths.ts';
import { RESOURCES, type ResourceName } from '../api/resources/declaration-registry.ts';
import type { PlannedFile } from '../lib/planned-file.ts';
import type { Archive } from '../model/types.ts';
import type { FolderValues } from './filter-values.ts';
import { linkedOrMade, type OutputReuse } from './reuse.ts';

/** What filter files are reused with: the record, and the size above which the writer cuts a data file into parts (src/output/split.ts). */
export interface FilterReuse {
  reuse: OutputReuse;
  splitBytes: number;
  /** The list filters' values kept per request folder (src/output/filter-values.ts). */
  values?: FolderValues;
}

/**
 * The index files of `specs` over a resource's ordered list, each filter's files named by its
 * `param` after `prefix` (`search-` for a search action's filters). Without `kept`, every
 * filter is indexed. `listKey` (FolderValues.listKey) stands for the objects' values of every
 * filter in `specs`: the key then needs no object's values.
 */
export function* filterFiles<T>(resource: ResourceName, specs: readonly FilterSpec<T>[], ordered: readonly T[], archive: Archive | undefined, prefix: string, kept?: FilterReuse, listKey?: string): Generator<PlannedFile> {
  const newestFirst = RESOURCES[resource].newestFirst === true;
  for (const original of specs) {
    const param = `${prefix}${original.param}`;
    if (!kept) {
      yield* indexedFiles(resource, param, original, ordered, archive);
      continue;
    }
    const group = `filters/${resource}/${param}`;
    // With a list key (its objects' values from their folders), the filter's own part: its parse, counting and known keys.
    let key: string;
    let index = () => indexedFiles(resource, param, original, ordered, archive);
    if (listKey !== undefined) key = `${ordered.length}:${listKey}:${filterInputsKey(original, [], newestFirst, archive)}`;
    else {
      // The values once, for the key and, if it misses, the index: a filter over positions that answers them.
      const values = ordered.map((object) => original.values(object));
      const { order, ...rest } = original;
      const positions: FilterSpec<number> = { ...rest, values: (position) => values[position]!, ...(order && { order: (position: number, indexKey: string) => order(ordered[position]!, indexKey) }) };
      const list = values.map((_, position) => position);
      key = filterInputsKey(positions, list, newestFirst, archive);
      index = () => indexedFiles(resource, param, positions, list, archive);
    }
    yield* linkedOrMade(kept.reuse, kept.splitBytes, group, key, index);
  }
}

function indexedFiles<T>(resource: ResourceName, param: string, spec: FilterSpec<T>, ordered: readonly T[], archive: Archive | undefined): { path: string; body: string }[] {
  return filterIndex(resource, spec, ordered, archive).map(({ file, body }) => ({ path: buildPaths.filterIndex(resource, param, file), body }));
}

/**
 * Filter index files linked from the previous build/ when their inputs did not change
 * (docs/architecture.md, "Incremental builds"). Each filter of a list (and of a list's search
 * action) is one group of the output-reuse record (src/previous/output-record.ts), keyed by
 * filterInputsKey: a digest of every value its kind's `index` reads, in list order, with the
 * list's counting and the filter's `known` keys. A filter whose key is the recorded one is
 * linked without building its keys or serializing its files; any other is indexed as in a cold
 * build. The key holds the values, not the objects' fingerprints, so an edit that changes no
 * filter value (a message's text) links every filter, wherever the values come from (another
 * folder, reference data, the clock of a search filter).
 *
 * A list that only grew at its growing end (new requests, new messages: FolderValues.listKey
 * says so) leaves every earlier object's stored number as it was (src/formats/packs.ts
 * listCounting), so a keyed filter's files change only where the added objects' keys are: the
 * filter's files are grown from the recorded ones (FilterKind.grow) instead of indexing the
 * whole list. The bytes are those `index` gives; test/api/filters/grow.test.ts checks every
 * kind that grows against its own index.
 */
import { readFileSync } from 'node:fs';
import { filterGrow, filterIndex } from '../api/filters/index.ts';
import type { FilterSpec } from '../api/filters/filter-spec.ts';
import { filterInputsKey } from '../api/filters/inputs-key.ts';
import type { GrownFile, IndexFile, PreviousIndex } from '../api/filters/kind.ts';
import { buildPaths } from '../api/build-paths.ts';
import { RESOURCES } from '../api/resources/declaration-registry.ts';
import type { ResourceName } from '../formats/resource-names.ts';
import type { PlannedFile } from '../lib/planned-file.ts';
import type { Archive } from '../model/types.ts';
import type { FolderValues, ListKey } from './filter-values.ts';
import { sha256Of } from '../lib/sha256.ts';
import { recordUncut, type OutputReuse } from '../previous/output-record.ts';

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
 * filter is indexed. `listKey` (FolderValues.listKey) holds the key of each filter's values in
 * `specs`: a filter's key then needs no object's values, and a list that only grew at its
 * growing end grows the files of the filters whose kind can.
 */
export function* filterFiles<T>(resource: ResourceName, specs: readonly FilterSpec<T>[], ordered: readonly T[], archive: Archive | undefined, prefix: string, kept?: FilterReuse, listKey?: ListKey): Generator<PlannedFile> {
  const newestFirst = RESOURCES[resource].newestFirst === true;
  for (const [at, original] of specs.entries()) {
    const param = `${prefix}${original.param}`;
    const pathOf = (file: string) => buildPaths.filterIndex(resource, param, file);
    if (!kept) {
      yield* filterIndex(resource, original, ordered, archive).map(({ file, body }) => ({ path: pathOf(file), body }));
      continue;
    }
    const group = `filters/${resource}/${param}`;
    if (listKey !== undefined) {
      // With a list key (its objects' values from their folders), the filter's own part: its parse, counting and known keys.
      const own = filterInputsKey(original, [], newestFirst, archive);
      const { grown } = listKey;
      yield* keptFilter(kept, group, `${ordered.length}:${listKey.keys[at]}:${own}`, pathOf, () => filterIndex(resource, original, ordered, archive), grown && {
        key: `${grown.length}:${grown.keys[at]}:${own}`,
        grow: (previous) => filterGrow(resource, original, ordered, grown.length, previous),
      });
      continue;
    }
    // The values once, for the key and, if it misses, the index: a filter over positions that answers them.
    const values = ordered.map((object) => original.values(object));
    const { order, ...rest } = original;
    const positions: FilterSpec<number> = { ...rest, values: (position) => values[position]!, ...(order && { order: (position: number, indexKey: string) => order(ordered[position]!, indexKey) }) };
    const list = values.map((_, position) => position);
    yield* keptFilter(kept, group, filterInputsKey(positions, list, newestFirst, archive), pathOf, () => filterIndex(resource, positions, list, archive));
  }
}

/** The files of the list before it grew: the key they were recorded under, and how the kind grows them (undefined: it cannot). */
interface Grown {
  key: string;
  grow(previous: PreviousIndex): GrownFile[] | undefined;
}

/**
 * A filter's files: linked when its key is the recorded one; else grown from the files recorded
 * under `grown.key` when the kind can grow them; else indexed. The files' names in the kind's
 * order are recorded beside them (the group's `extra`): growing needs them. As for other groups,
 * a group with a file the writer would cut is not recorded (src/previous/output-record.ts recordUncut).
 */
function keptFilter(kept: FilterReuse, group: string, key: string, pathOf: (file: string) => string, index: () => IndexFile[], grown?: Grown): PlannedFile[] {
  const { reuse, splitBytes } = kept;
  const keyed = `${splitBytes}:${key}`;
  const linked = reuse.reusable(group, keyed);
  if (linked) return linked.files;
  let made = grown && grownFiles(reuse, `${splitBytes}:${grown.key}`, group, pathOf, grown);
  if (made) reuse.stats.grown++;
  else {
    made = index().map(({ file, body }) => ({ name: file, path: pathOf(file), body, sha256: sha256Of(body) }));
    reuse.stats.rendered++;
  }
  const files = made.map(({ name: _, ...file }) => file);
  recordUncut(reuse, splitBytes, group, keyed, files, JSON.stringify(made.map((file) => file.name)));
  return files;
}

type NamedFile = PlannedFile & { name: string; sha256: string };

/** The files grown from those recorded under `key`, each named; undefined when there are none to grow from or the kind cannot. */
function grownFiles(reuse: OutputReuse, key: string, group: string, pathOf: (file: string) => string, grown: Grown): NamedFile[] | undefined {
  const before = reuse.recorded(group, key);
  if (before?.extra === undefined) return undefined;
  const byPath = new Map(before.files.map((file) => [file.path, file]));
  const previousFile = (name: string) => {
    const file = byPath.get(pathOf(name));
    if (!file || !('copyFrom' in file) || file.sha256 === undefined) throw new Error(`${group}: the recorded files hold no ${name}`);
    return { ...file, sha256: file.sha256 };
  };
  const files = grown.grow({ names: JSON.parse(before.extra) as string[], read: (name) => (byPath.has(pathOf(name)) ? readFileSync(previousFile(name).copyFrom, 'utf8') : undefined) });
  return files?.map(({ file, body }) => (body === null ? { name: file, ...previousFile(file) } : { name: file, path: pathOf(file), body, sha256: sha256Of(body) }));
}

/**
 * Runs one filter kind the way the build and the serving layer do, in memory: objects ->
 * index files (`index`), index files + query -> positions (`read`, then each lookup).
 */
import type { FilterKind, FilterReader, IndexFile, Positions } from '../../../src/api/filters/kind.ts';
import type { FilterSpec } from '../../../src/api/filters/filter-spec.ts';
import type { FilterParse } from '../../../src/api/filters/parses.ts';
import type { ShapeRecord } from '../../../src/model/geometry.ts';
import type { Archive } from '../../../src/model/types.ts';

/** Index files as `{ file: parsed body }`. */
export function filesOf(files: IndexFile[]): Record<string, unknown> {
  return Object.fromEntries(files.map(({ file, body }) => [file, JSON.parse(body)]));
}

export interface World {
  /** Geometries by resource, for point filters. */
  shapes?: Record<string, ShapeRecord[]>;
  /** Published objects as `<resource>/<id>`, for `ref` and `subtree` checks. */
  existing?: string[];
}

export function readerOf(files: IndexFile[], world: World = {}): FilterReader & { reads: string[] } {
  const parsed = filesOf(files);
  const reads: string[] = [];
  return {
    reads,
    index: async (file) => (reads.push(file), parsed[file] ?? null),
    shapes: async (resource) => world.shapes?.[resource] ?? [],
    exists: async (resource, id) => (world.existing ?? []).includes(`${resource}/${id}`),
  };
}

/**
 * The answer of a filter to a query: its 400 errors, or the result of each lookup (positions,
 * a 400 message, or null: not applied); no lookup at all is `[]`. Scores of a ranking scan too.
 */
export async function answer<P extends FilterParse>(
  kind: FilterKind<P>,
  spec: FilterSpec<any, P>,
  objects: readonly object[],
  query: string,
  world: World = {},
): Promise<{ errors: Record<string, string[]> } | Positions[]> {
  const reading = kind.read(spec, new URLSearchParams(query));
  if ('errors' in reading) return reading;
  // `known` keys come from the archive; the specs of these tests make them up.
  const reader = readerOf(kind.index(spec, objects, {} as Archive), world);
  const scores = new Map<number, number>();
  return Promise.all(reading.lookups.map((lookup) => lookup.positions({ reader, count: (position: number) => position, query: new URLSearchParams(query), scores })));
}

/** A filter on the `v` of plain objects. */
export function specOf<P extends FilterParse>(parse: P, extra: Partial<FilterSpec<any, P>> = {}): FilterSpec<{ v?: unknown }, P> {
  return { param: 'f', parse, values: (object: { v?: unknown }) => object.v as never, ...extra };
}

/**
 * The filters of a list request, answered from the index files the build wrote: the generic
 * pass of src/api/filters/index.ts, reading through the BuildStore.
 */
import { filterPositions, type FilterOptions, type FilterOutcome, type FilterReader, type FilterSpec } from '../../api/filters/index.ts';
import { buildPaths } from '../../api/build-paths.ts';
import type { ShapeRecord } from '../../model/geometry.ts';
import { readJson } from './pagination.ts';
import { hasDetail } from '../shared/pack-reader.ts';
import { searchRanked } from './search/engine.ts';
import { isSearchResource } from '../../formats/search/layout.ts';
import { parseQuery } from '../../formats/search/query.ts';
import type { BuildStore } from '../shared/build-store.ts';
import type { ResourceName } from '../../formats/resource-names.ts';

export type { FilterOutcome } from '../../api/filters/index.ts';

export function applyFilters(store: BuildStore, resource: ResourceName, query: URLSearchParams, total: number, specs?: readonly FilterSpec[], prefix = '', options: FilterOptions = {}): Promise<FilterOutcome> {
  const readerFor = (param: string): FilterReader => ({
    index: (file) => readJson(store, buildPaths.filterIndex(resource, `${prefix}${param}`, file)),
    shapes: async (shapes) => ((await readJson(store, buildPaths.shapes(shapes))) ?? []) as ShapeRecord[],
    exists: (ref, id) => hasDetail(store, ref, id),
    search: async (q) => {
      if (!isSearchResource(resource)) throw new Error(`${resource} has no full-text index`);
      return (await searchRanked((path, range) => readJson(store, path, range), resource, parseQuery(q))) ?? { positions: new Int32Array(0), scores: new Float64Array(0) };
    },
  });
  return filterPositions(resource, query, readerFor, total, specs, options);
}

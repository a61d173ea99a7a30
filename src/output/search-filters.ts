/**
 * The filter indexes of the search actions (`request/search/`, `publicbody/search/`): froide's
 * search filter sets over the list, written as `search-<param>` filter indexes, and the facets
 * file of an action with aggregations (docs/search.md, "Public body search").
 */
import type { FilterSpec } from '../api/filters/filter-spec.ts';
import { buildPaths } from '../api/build-paths.ts';
import { countingOf } from '../api/resources/list-counting.ts';
import { listActionsOf, type ResourceItems } from '../api/resources/declaration-registry.ts';
import type { ResourceName } from '../formats/resource-names.ts';
import { encodeNumbers, SEARCH_FILTER_PREFIX, type SearchFacets } from '../formats/search/layout.ts';
import type { PlannedFile } from '../lib/planned-file.ts';
import type { Archive } from '../model/types.ts';
import { timed } from './search-index.ts';
import { filterFiles, type FilterReuse } from './filter-reuse.ts';

/**
 * The filter indexes of a resource's search actions (ListAction.filters): froide's search
 * filter set over the same list, each filter's files named `search-<param>`. `now` is the
 * build clock (RenderContext.now), for filters that judge against it. Each filter's files are
 * linked from the previous build/ when its inputs did not change (src/output/filter-reuse.ts);
 * the facets file is made every build.
 */
export function planSearchFilters<N extends ResourceName>(resource: N, ordered: readonly ResourceItems[N][], archive: Archive, now: number, kept?: FilterReuse): Generator<PlannedFile> {
  return timed(filterFilesOf(resource, ordered, archive, now, kept));
}

function* filterFilesOf<N extends ResourceName>(resource: N, ordered: readonly ResourceItems[N][], archive: Archive, now: number, kept: FilterReuse | undefined): Generator<PlannedFile> {
  for (const action of listActionsOf(resource)) {
    if (action.source !== 'search' || !action.filters) continue;
    const judged = ordered.map((object) => ({ object, now }));
    // Kept per request folder too: the clock decides `overdue` alone, as it does the status
    // representation that a folder's fingerprint holds.
    const search = { name: `${resource}/${action.path}`, objectOf: (item: (typeof judged)[number]) => item.object };
    yield* filterFiles(resource, action.filters, judged, archive, SEARCH_FILTER_PREFIX, kept, kept?.values?.listKey(resource, action.filters, judged, search));
    if (action.facets) yield { path: buildPaths.searchFacets(resource), body: facetsFile(resource, judged, action.filters, action.facets) };
  }
}

/**
 * The facets file (SearchFacets): per facet, per key (ascending), the positions of the objects
 * that have it, as the list's files count them, ascending, as base-64 varint deltas.
 */
function facetsFile<T extends object>(resource: ResourceName, judged: readonly T[], specs: readonly FilterSpec<T>[], facets: readonly string[]): string {
  const count = countingOf(resource, judged.length);
  const out: SearchFacets = {};
  for (const facet of facets) {
    const spec = specs.find((filter) => filter.param === facet);
    if (!spec) throw new Error(`${resource}/search: facet ${facet} names no filter of the action`);
    const byKey = new Map<number, number[]>();
    judged.forEach((object, position) => {
      const values = spec.values(object);
      for (const value of new Set(Array.isArray(values) ? values : [values])) {
        if (typeof value !== 'number') continue;
        let list = byKey.get(value);
        if (!list) byKey.set(value, (list = []));
        list.push(count(position));
      }
    });
    out[facet] = Object.fromEntries(
      [...byKey]
        .sort((a, b) => a[0] - b[0])
        .map(([key, positions]) => {
          positions.sort((a, b) => a - b);
          return [key, encodeNumbers(positions.map((position, i) => position - (i ? positions[i - 1]! : 0)))];
        }),
    );
  }
  return JSON.stringify(out);
}

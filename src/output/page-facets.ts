/**
 * The page facets files (src/api/page-facets.ts): for each published collection whose settings
 * declare facets this archive counts, its pages' values per field, by list position, for the
 * API function to count over the pages a search finds. Made every build (small: one entry per
 * page of the collection and field).
 */
import { buildPaths } from '../api/build-paths.ts';
import { lockedKey } from '../api/filters/common.ts';
import { countingOf } from '../api/resources/list-counting.ts';
import { pageFacetsFile } from '../api/page-facets.ts';
import { pageFacetFields } from '../model/collection-facets.ts';
import type { ResourceItems } from '../api/resources/declaration-registry.ts';
import type { ResourceName } from '../formats/resource-names.ts';
import type { PlannedFile } from '../lib/planned-file.ts';
import type { Archive } from '../model/types.ts';

export function* planPageFacets(resource: ResourceName, ordered: readonly unknown[], archive: Archive): Generator<PlannedFile> {
  if (resource !== 'page') return;
  const pages = ordered as readonly ResourceItems['page'][];
  const count = countingOf('page', pages.length);
  for (const collection of archive.collections) {
    const fields = pageFacetFields(collection.settings);
    if (fields.length === 0) continue;
    const held = pages.flatMap((item, position) =>
      item.document.collections.some((entry) => entry.collection === collection) ? [{ page: { document: item.document, number: item.page.number }, stored: count(position) }] : [],
    );
    yield { path: buildPaths.pageFacets(lockedKey(collection, collection.id)), body: JSON.stringify(pageFacetsFile(fields, held)) };
  }
}

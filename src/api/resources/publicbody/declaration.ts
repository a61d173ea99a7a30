/** froide's public bodies (docs/froide.md#publicbody): facets in the list, JSONP among the renderers. */
import { GEOREGION_KINDS } from '../../../content/choices.ts';
import type { PublicBody } from '../../../model/types.ts';
import { ancestorsAndSelf, idFilter, NAME_SEARCH, textFilter, type TreeNode } from '../../filters/common.ts';
import type { FilterSpec } from '../../filters/filter-spec.ts';
import { defineResource, type Judged, RENDERS, type ResourceSpec } from '../declaration-spec.ts';

/** Keys of objects linked to tree nodes: each node's id, and `<id>/` for it and every ancestor (ids `subtree`). */
function subtreeKeys(nodes: readonly TreeNode[]): string[] {
  return nodes.flatMap((node) => [String(node.id), ...ancestorsAndSelf(node).map((id) => `${id}/`)]);
}

const filters: FilterSpec<PublicBody>[] = [
  { param: 'q', parse: NAME_SEARCH, values: (b) => b.name },
  { param: 'jurisdiction', parse: idFilter('jurisdiction'), values: (b) => b.jurisdiction.id },
  { param: 'slug', parse: textFilter, values: (b) => b.slug },
  // froide: the classification and its sub-classifications.
  { param: 'classification', parse: idFilter('classification'), values: (b) => ancestorsAndSelf(b.classification) },
  { param: 'classification_id', parse: idFilter(), values: (b) => b.classification?.id },
  // froide: a category includes its sub-categories; repeating the parameter means AND.
  { param: 'category', parse: idFilter('category'), values: (b) => b.categories.flatMap((c) => ancestorsAndSelf(c)), repeat: 'and' },
  // froide: `1,2` = linked to any of these regions; `1` = linked to region 1 or a region inside it.
  { param: 'regions', parse: { kind: 'ids', subtree: 'georegion' }, values: (b) => subtreeKeys(b.regions) },
  // froide: `lng,lat` inside one of the body's regions.
  { param: 'lnglat', parse: { kind: 'point', order: 'lnglat', shapes: 'georegion' }, values: (b) => b.regions.map((r) => r.id) },
];

/**
 * froide's public body search filter set (okfde/froide:froide/publicbody/filters.py
 * `PublicBodyAPIFilterSet`): ids, matched as `PublicBodyDocument` indexes them (classification,
 * categories and regions with their ancestors; `regions_kind` the kinds of the body's own regions).
 */
const searchFilters: FilterSpec<Judged<PublicBody>>[] = [
  { param: 'q', parse: { kind: 'fulltext' }, values: () => null },
  { param: 'jurisdiction', parse: idFilter('jurisdiction'), values: ({ object: b }) => b.jurisdiction.id },
  { param: 'categories', parse: idFilter('category'), values: ({ object: b }) => [...new Set(b.categories.flatMap((c) => ancestorsAndSelf(c)))] },
  { param: 'classification', parse: idFilter('classification'), values: ({ object: b }) => ancestorsAndSelf(b.classification) },
  // A ModelMultipleChoiceFilter: `regions=1&regions=2` is any of them.
  { param: 'regions', parse: idFilter('georegion'), repeat: 'or', values: ({ object: b }) => [...new Set(b.regions.flatMap((r) => ancestorsAndSelf(r)))] },
  { param: 'regions_kind', parse: { kind: 'choice', choices: GEOREGION_KINDS }, values: ({ object: b }) => b.regions.map((r) => r.kind) },
];

export const publicbody: ResourceSpec<PublicBody> = defineResource('publicbody', 'PublicBody', 'Public Body', {
  renders: [...RENDERS, 'application/javascript'],
  facets: true,
  listActions: [
    { path: 'autocomplete', viewName: 'Autocomplete', source: 'list', object: 'IdChoice' },
    // okfde/froide:froide/publicbody/api_views.py `PublicBodyViewSet.search`: every indexed
    // body (no `public` restriction), froide's four aggregations as facets.
    { path: 'search', viewName: 'Search', source: 'search', object: 'PublicBodyList', filters: searchFilters, facets: ['jurisdiction', 'classification', 'categories', 'regions'] },
  ],
  filters,
  objects: { item: 'PublicBodyList', detail: 'PublicBody' },
});

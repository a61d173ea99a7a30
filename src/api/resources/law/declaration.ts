/** froide's laws (docs/froide.md#law). */
import type { Law } from '../../../model/types.ts';
import { booleanFilter, idFilter, NAME_SEARCH } from '../../filters/common.ts';
import type { FilterSpec } from '../../filters/filter-spec.ts';
import { defineResource, type ResourceSpec } from '../declaration-spec.ts';

const filters: FilterSpec<Law>[] = [
  { param: 'jurisdiction', parse: idFilter('jurisdiction'), values: (l) => l.jurisdiction.id },
  { param: 'mediator', parse: idFilter('publicbody'), values: (l) => l.mediator?.id },
  { param: 'id', parse: { kind: 'ids' }, values: (l) => l.id },
  { param: 'q', parse: NAME_SEARCH, values: (l) => l.name },
  { param: 'meta', parse: booleanFilter, values: (l) => l.meta },
];

export const law: ResourceSpec<Law> = defineResource('law', 'FoiLaw', 'Foi Law', {
  listActions: [{ path: 'autocomplete', viewName: 'Autocomplete', source: 'list', object: 'IdChoice' }],
  filters,
  objects: { item: 'FoiLaw', detail: 'FoiLaw' },
});

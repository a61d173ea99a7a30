/** froide's categories (docs/froide.md#category): a tree. */
import type { Category } from '../../../model/types.ts';
import { booleanFilter, treeFilters } from '../../filters/common.ts';
import type { FilterSpec } from '../../filters/filter-spec.ts';
import { defineResource, type ResourceSpec } from '../declaration-spec.ts';

const filters: FilterSpec<Category>[] = [...treeFilters<Category>(), { param: 'is_topic', parse: booleanFilter, values: (c) => c.isTopic }];

export const category: ResourceSpec<Category> = defineResource('category', 'Category', 'Category', {
  listActions: [{ path: 'autocomplete', viewName: 'Autocomplete', source: 'list', object: 'NameChoice' }],
  filters,
  objects: { item: 'Category', detail: 'Category' },
});

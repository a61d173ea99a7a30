/** froide's classifications (docs/froide.md#classification): a tree. */
import type { Classification } from '../../../model/types.ts';
import { treeFilters } from '../../filters/common.ts';
import { defineResource, type ResourceSpec } from '../declaration-spec.ts';

export const classification: ResourceSpec<Classification> = defineResource('classification', 'Classification', 'Classification', {
  filters: treeFilters<Classification>(),
  objects: { item: 'Classification', detail: 'Classification' },
});

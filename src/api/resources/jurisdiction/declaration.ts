/** froide's jurisdictions (docs/froide.md#jurisdiction): no filters. */
import type { Jurisdiction } from '../../../model/types.ts';
import { defineResource, type ResourceSpec } from '../declaration-spec.ts';

export const jurisdiction: ResourceSpec<Jurisdiction> = defineResource('jurisdiction', 'Jurisdiction', 'Jurisdiction', {
  objects: { item: 'Jurisdiction', detail: 'Jurisdiction' },
});

/** froide's jurisdictions (docs/froide.md#jurisdiction): no filters. */
import { defineResource } from '../declaration-spec.ts';

export const jurisdiction = defineResource('jurisdiction', 'Jurisdiction', 'Jurisdiction', {
  objects: { item: 'Jurisdiction', detail: 'Jurisdiction' },
});

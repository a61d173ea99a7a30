/** froide's jurisdictions (facts §5.7): no filters. */
import { defineResource } from '../spec.ts';

export const jurisdiction = defineResource('jurisdiction', 'Jurisdiction', 'Jurisdiction', {
  objects: { item: 'Jurisdiction', detail: 'Jurisdiction' },
});

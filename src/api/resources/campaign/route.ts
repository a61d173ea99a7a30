/** froide's campaigns (facts §5.10): no filters. */
import { defineResource } from '../spec.ts';

export const campaign = defineResource('campaign', 'Campaign', 'Campaign', {
  objects: { item: 'Campaign', detail: 'Campaign' },
});

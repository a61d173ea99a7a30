/** froide's campaigns (docs/froide.md#campaign): no filters. */
import { defineResource } from '../declaration-spec.ts';

export const campaign = defineResource('campaign', 'Campaign', 'Campaign', {
  objects: { item: 'Campaign', detail: 'Campaign' },
});

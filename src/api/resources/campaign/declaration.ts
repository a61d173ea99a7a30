/** froide's campaigns (docs/froide.md#campaign): no filters. */
import type { Campaign } from '../../../model/types.ts';
import { defineResource, type ResourceSpec } from '../declaration-spec.ts';

export const campaign: ResourceSpec<Campaign> = defineResource('campaign', 'Campaign', 'Campaign', {
  objects: { item: 'Campaign', detail: 'Campaign' },
});

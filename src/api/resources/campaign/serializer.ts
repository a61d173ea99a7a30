/** Campaign (docs/froide.md#campaign). */
import type { Campaign } from '../../../model/types.ts';
import { boolean, dateTime, integer, selfLink, string } from '../../field-types.ts';
import { renderDateTime } from '../context.ts';
import { defineObject } from '../object-fields.ts';
import { byId, defineBuilt, sorted } from '../serializer-spec.ts';
import { campaign as declaration } from './declaration.ts';

/** froide's `CampaignSerializer` keys, in its order. */
export const campaignObject = defineObject<Campaign>('Campaign', {
  resource_uri: [selfLink('campaign'), (c, ctx) => ctx.urls.detail('campaign', c.id)],
  id: [integer, 'id'],
  name: [string, 'name'],
  slug: [string, 'slug'],
  url: [string, 'url'],
  description: [string, 'description'],
  start_date: [dateTime.nullable(), (c, ctx) => renderDateTime(ctx, c.startDate)],
  active: [boolean, 'active'],
});

export const campaignBuild = defineBuilt(declaration, {
  list: (archive) => sorted(archive.campaigns, byId),
  id: (campaign) => campaign.id,
  item: campaignObject.serialize,
  ordering: 'id ascending (froide leaves it unspecified)',
});

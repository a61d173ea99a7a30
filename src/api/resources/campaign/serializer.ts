/** Campaign (docs/froide.md#campaign). */
import type { Campaign } from '../../../model/types.ts';
import { renderDateTime, type RenderContext } from '../context.ts';
import { byId, defineBuilt, sorted } from '../serializer-spec.ts';
import { campaign as declaration } from './declaration.ts';

function serializeCampaign(ctx: RenderContext, campaign: Campaign) {
  return {
    resource_uri: ctx.urls.detail('campaign', campaign.id),
    id: campaign.id,
    name: campaign.name,
    slug: campaign.slug,
    url: campaign.url,
    description: campaign.description,
    start_date: renderDateTime(ctx, campaign.startDate),
    active: campaign.active,
  };
}

export const campaignBuild = defineBuilt(declaration, {
  list: (archive) => sorted(archive.campaigns, byId),
  id: (campaign) => campaign.id,
  item: serializeCampaign,
  ordering: 'id ascending (froide leaves it unspecified)',
});

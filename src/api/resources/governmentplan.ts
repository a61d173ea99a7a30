/**
 * Government plan (froide-govplan, facts §5.18): `government` is a plain id, updates are
 * embedded newest first. froide has no resource_uri here; spec §1 says every object carries one.
 */
import type { GovernmentPlan } from '../../model/types.ts';
import { dateTime, type RenderContext } from './context.ts';

export function serializeGovernmentPlan(ctx: RenderContext, plan: GovernmentPlan) {
  const siteUrl = ctx.urls.governmentPlanPage(plan.government.slug, plan.slug);
  return {
    resource_uri: ctx.urls.detail('governmentplan', plan.id),
    id: plan.id,
    site_url: siteUrl,
    government: plan.government.id,
    title: plan.title,
    slug: plan.slug,
    description: plan.description,
    quote: plan.quote,
    due_date: plan.dueDate,
    measure: plan.measure,
    status: plan.status,
    rating: plan.rating,
    properties: plan.properties,
    updates: plan.updates.map((update) => ({
      timestamp: dateTime(ctx, update.timestamp),
      title: update.title,
      content: update.content,
      site_url: `${siteUrl}#update-${update.id}`,
      url: update.url,
      status: update.status,
      rating: update.rating,
    })),
  };
}

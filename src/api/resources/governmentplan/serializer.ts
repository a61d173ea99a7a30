/**
 * Government plan (froide-govplan, docs/froide.md#governmentplan): `government` is a plain id, updates are
 * embedded newest first. froide has no resource_uri here; docs/api.md#responses-and-links says every object carries one.
 */
import type { GovernmentPlan } from '../../../model/types.ts';
import { renderDateTime, type RenderContext } from '../context.ts';
import { defineBuilt, sorted } from '../serializer-spec.ts';
import { governmentplan as declaration } from './declaration.ts';

function serializeGovernmentPlan(ctx: RenderContext, plan: GovernmentPlan) {
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
      timestamp: renderDateTime(ctx, update.timestamp),
      title: update.title,
      content: update.content,
      site_url: `${siteUrl}#update-${update.id}`,
      url: update.url,
      status: update.status,
      rating: update.rating,
    })),
  };
}

export const governmentplanBuild = defineBuilt(declaration, {
  list: (archive) => sorted(archive.governmentPlans, (a, b) => a.reference.localeCompare(b.reference) || a.title.localeCompare(b.title, 'de') || a.id - b.id),
  id: (plan) => plan.id,
  item: serializeGovernmentPlan,
  ordering: 'reference, then title (froide: `reference, title`), then id',
});

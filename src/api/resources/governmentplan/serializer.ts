/**
 * Government plan (froide-govplan, docs/froide.md#governmentplan): `government` is a plain id, updates are
 * embedded newest first. froide has no resource_uri here; docs/api.md#responses-and-links says every object carries one.
 */
import { PLAN_STATUSES } from '../../../content/choices.ts';
import type { GovernmentPlan } from '../../../model/types.ts';
import { arrayOf, date, dateTime, enumOf, freeObject, integer, ref, selfLink, string, uri } from '../../field-types.ts';
import { renderDateTime } from '../context.ts';
import { defineObject } from '../object-fields.ts';
import { defineBuilt, sorted } from '../serializer-spec.ts';
import { governmentplan as declaration } from './declaration.ts';

/** An update with the page of its plan, which its `site_url` points into. */
interface PlanUpdateOf {
  update: GovernmentPlan['updates'][number];
  planUrl: string;
}

export const governmentPlanUpdate = defineObject<PlanUpdateOf>('GovernmentPlanUpdate', {
  timestamp: [dateTime, ({ update }, ctx) => renderDateTime(ctx, update.timestamp)],
  title: [string, ({ update }) => update.title],
  content: [string, ({ update }) => update.content],
  site_url: [uri, ({ update, planUrl }) => `${planUrl}#update-${update.id}`],
  url: [string, ({ update }) => update.url],
  status: [enumOf(['', ...PLAN_STATUSES]), ({ update }) => update.status],
  rating: [integer.nullable(), ({ update }) => update.rating],
});

export const governmentPlan = defineObject('GovernmentPlan', (plan: GovernmentPlan, ctx) => ctx.urls.governmentPlanPage(plan.government.slug, plan.slug), {
  resource_uri: [selfLink('governmentplan'), (plan, ctx) => ctx.urls.detail('governmentplan', plan.id)],
  id: [integer, 'id'],
  site_url: [uri, (_, __, planUrl) => planUrl],
  government: [integer.describe('Id of the government.'), (plan) => plan.government.id],
  title: [string, 'title'],
  slug: [string, 'slug'],
  description: [string, 'description'],
  quote: [string, 'quote'],
  due_date: [date.nullable(), 'dueDate'],
  measure: [string, 'measure'],
  status: [enumOf(PLAN_STATUSES), 'status'],
  rating: [integer.nullable().describe('1 (bad) to 5 (good).'), 'rating'],
  properties: [freeObject, 'properties'],
  updates: [arrayOf(ref('GovernmentPlanUpdate')).describe('Newest first.'), (plan, ctx, planUrl) => plan.updates.map((update) => governmentPlanUpdate.serialize(ctx, { update, planUrl }))],
});

export const governmentplanBuild = defineBuilt(declaration, {
  list: (archive) => sorted(archive.governmentPlans, (a, b) => a.reference.localeCompare(b.reference) || a.title.localeCompare(b.title, 'de') || a.id - b.id),
  id: (plan) => plan.id,
  item: governmentPlan.serialize,
  ordering: 'reference, then title (froide: `reference, title`), then id',
});

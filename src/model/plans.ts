/**
 * Article tags and government plans (froide-govplan): small tables of their own, linked here.
 * Pure: no I/O.
 */
import type { LoadedContent } from '../content/load.ts';
import { ERRORS } from '../content/errors.ts';
import type { Problems } from '../content/problems.ts';
import { Records } from './records.ts';
import { UniqueKeys } from './unique.ts';
import { parseTimestamp } from './time.ts';
import type { ArticleTag, Government, GovernmentPlan } from './types.ts';

export function linkArticleTags(content: LoadedContent, problems: Problems): ArticleTag[] {
  const tags = new Records<ArticleTag>('article tag', problems, 'articletag');
  const taken = { name: new UniqueKeys<string>(), slug: new UniqueKeys<string>() };
  for (const { data, source } of content.articleTags) {
    const tag: ArticleTag = { id: data.id, source, name: data.name, slug: data.slug };
    if (!tags.add(tag)) continue;
    for (const key of ['name', 'slug'] as const) taken[key].claim(tag[key], { source, path: [key] });
  }
  tags.reportDuplicates();
  for (const key of ['name', 'slug'] as const) {
    taken[key].report(problems, ERRORS.DuplicateArticleTag, (value, others) => ({ key, value, others }));
  }
  return tags.values();
}

export function linkGovernmentPlans(content: LoadedContent, problems: Problems): GovernmentPlan[] {
  const governments = new Records<Government>('government', problems);
  for (const { data, source } of content.governments) governments.add({ id: data.id, source, name: data.name, slug: data.slug });
  governments.reportDuplicates();

  const plans = new Records<GovernmentPlan>('government plan', problems, 'governmentplan');
  const published = new Set<GovernmentPlan>();
  const updateIds = new UniqueKeys<number>();
  for (const { data, source } of content.governmentPlans) {
    const government = governments.resolve(data.government, source, ['government']);
    data.updates.forEach((update, index) => updateIds.claim(update.id, { source, path: ['updates', index, 'id'] }));
    if (!government) continue;
    const plan: GovernmentPlan = {
      id: data.id,
      source,
      government,
      title: data.title,
      slug: data.slug,
      description: data.description,
      quote: data.quote,
      dueDate: data.due_date,
      measure: data.measure,
      status: data.status,
      rating: data.rating,
      reference: data.reference,
      properties: data.properties,
      updates: data.updates
        .map((update) => ({ ...update, timestamp: parseTimestamp(update.timestamp) }))
        .sort((a, b) => b.timestamp - a.timestamp || b.id - a.id),
    };
    if (plans.add(plan) && data.public) published.add(plan);
  }
  plans.reportDuplicates();
  updateIds.report(problems, ERRORS.DuplicatePlanUpdateId, (id, others) => ({ id, others }));
  return plans.values().filter((plan) => published.has(plan));
}

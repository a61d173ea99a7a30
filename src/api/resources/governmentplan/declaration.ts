/** froide-govplan's plans (docs/froide.md#governmentplan): read-only, filtered by government, status, rating and properties. */
import { PLAN_STATUSES } from '../../../content/choices.ts';
import type { GovernmentPlan } from '../../../model/types.ts';
import { idFilter, textFilter } from '../../filters/common.ts';
import type { FilterSpec } from '../../filters/filter-spec.ts';
import { defineResource, type ResourceSpec } from '../declaration-spec.ts';

/**
 * froide-govplan: `properties=key` keeps plans that have the key, `properties=key:value` those
 * whose value for it is `value` (froide: contains; here: equals, docs/serving.md).
 */
function propertyKeys(properties: { [key: string]: unknown }): string[] {
  return Object.entries(properties).flatMap(([key, value]) =>
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? [key, `${key}:${value}`] : [key],
  );
}

const filters: FilterSpec<GovernmentPlan>[] = [
  { param: 'government', parse: idFilter(), values: (p) => p.government.id },
  { param: 'status', parse: { kind: 'choice', choices: PLAN_STATUSES }, values: (p) => p.status },
  { param: 'rating', parse: { kind: 'integer' }, values: (p) => p.rating },
  { param: 'properties', parse: textFilter, values: (p) => propertyKeys(p.properties) },
];

export const governmentplan: ResourceSpec<GovernmentPlan> = defineResource('governmentplan', 'GovernmentPlan', 'Government Plan', {
  filters,
  objects: { item: 'GovernmentPlan', detail: 'GovernmentPlan' },
});

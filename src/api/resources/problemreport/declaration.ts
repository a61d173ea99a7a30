/** froide's problem reports (docs/froide.md#problemreport): login only, so every method is a 401 here. */
import { defineResource, type ResourceSpec } from '../declaration-spec.ts';

export const problemreport: ResourceSpec<never> = defineResource('problemreport', 'ProblemReport', 'Problem Report', {
  permission: 'login',
  writeActions: [
    { path: 'claim', viewName: 'Claim', detail: true },
    { path: 'unclaim', viewName: 'Unclaim', detail: true },
    { path: 'resolve', viewName: 'Resolve', detail: true },
    { path: 'escalate', viewName: 'Escalate', detail: true },
  ],
  objects: { item: null, detail: null },
});

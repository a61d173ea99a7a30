/**
 * filingcabinet's page annotations (docs/froide.md#pageannotation): listed only for `?document=<id>`
 * (src/serve/api/views/pageannotation.ts). An anonymous POST is a 400 (no document it may annotate).
 */
import type { PageAnnotation } from '../../../model/types.ts';
import { allow, defineResource, type ResourceSpec } from '../declaration-spec.ts';

export const pageannotation: ResourceSpec<PageAnnotation> = defineResource('pageannotation', 'PageAnnotation', 'Page Annotation', {
  listMethods: allow('GET', 'POST'),
  detailMethods: allow('GET', 'DELETE'),
  permission: 'open',
  anonymousWrites: { list: { POST: 'invalid-document' } },
  objects: { item: 'PageAnnotation', detail: 'PageAnnotation' },
});

/**
 * filingcabinet's document collections (docs/froide.md#documentcollection). docs/api.md#responses-and-links: GET, HEAD, OPTIONS. Every detail
 * goes to the API function: it depends on the query (`uid`, `directory`; src/serve/api/views/documentcollection.ts).
 */
import type { DocumentCollection } from '../../../model/types.ts';
import { defineResource, type ResourceSpec } from '../declaration-spec.ts';

export const documentcollection: ResourceSpec<DocumentCollection> = defineResource('documentcollection', 'DocumentCollection', 'Document Collection', {
  byFunction: 'detail',
  permission: 'open',
  objects: { item: 'DocumentCollection', detail: 'DocumentCollection' },
});

/**
 * filingcabinet's document collections (facts §5.15). Spec §1: GET, HEAD, OPTIONS. Every detail
 * goes to the API function: it depends on the query (`uid`, `directory`; src/serve/api/views/documentcollection.ts).
 */
import { defineResource } from '../spec.ts';

export const documentcollection = defineResource('documentcollection', 'DocumentCollection', 'Document Collection', {
  byFunction: 'detail',
  permission: 'open',
  objects: { item: 'DocumentCollection', detail: 'DocumentCollection' },
});

/**
 * filingcabinet's documents (docs/froide.md#document). filingcabinet's document, collection and annotation
 * permissions check objects only (docs/froide.md#errors).
 */
import type { Document } from '../../../model/types.ts';
import { collectionFilters, DATA_FILTERS, dateKey, DOCUMENT_DATES, idFilter, NO_CHOICE } from '../../filters/common.ts';
import { dataKeys } from '../../filters/data.ts';
import type { FilterSpec } from '../../filters/filter-spec.ts';
import { allow, defineResource, type ResourceSpec } from '../declaration-spec.ts';

const filters: FilterSpec<Document>[] = [
  // Documents carry no tags and belong to no portal here: every value names nothing (docs/api.md).
  { param: 'tag', parse: NO_CHOICE, values: () => null },
  { param: 'portal', parse: NO_CHOICE, values: () => null },
  { param: 'foirequest', parse: idFilter('request'), values: (d) => d.foirequest?.id },
  { param: 'publicbody', parse: idFilter('publicbody'), values: (d) => d.publicbody?.id },
  { param: 'ids', parse: { kind: 'ids', invalid: 'ignore' }, values: (d) => d.id },
  // froide: published_at, falling back to created_at (for us: the message the PDF came with).
  { param: 'created_at', parse: DOCUMENT_DATES, values: (d) => dateKey(d.publishedAt ?? d.lastModifiedAt) },
  ...collectionFilters<Document>((document) => document),
  { param: 'data', parse: DATA_FILTERS, values: (d) => dataKeys(d.data) },
];

export const document: ResourceSpec<Document> = defineResource('document', 'Document', 'Document', {
  detailMethods: allow('GET', 'PUT', 'PATCH'),
  permission: 'open',
  filters,
  objects: { item: 'Document', detail: 'DocumentDetail' },
});

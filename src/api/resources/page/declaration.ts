/** filingcabinet's pages (docs/froide.md#page): a list without a detail route, with facets and an XML renderer. */
import { collectionFilters, DATA_FILTERS, dateKey, DOCUMENT_DATES, idFilter, NO_CHOICE } from '../../filters/common.ts';
import { dataKeys } from '../../filters/data.ts';
import type { FilterSpec } from '../../filters/filter-spec.ts';
import type { Document } from '../../../model/types.ts';
import type { DocumentFacts } from '../../../documents/document-facts.ts';
import { defineResource, RENDERS, type ResourceSpec } from '../declaration-spec.ts';

/** A page of a published document: the item of the page list, which its filters read. */
export interface PageItem {
  document: Document;
  page: DocumentFacts['pages'][number];
  /** The SHA-256 of the document's PDF, whose bytes decide the page's text. */
  pdf: string;
}

const filters: FilterSpec<PageItem>[] = [
  // froide: simple_query_string over title^3, description^2 and content, every word (AND),
  // sorted by score, `query_highlight` from the content (the full-text index, docs/search.md).
  { param: 'q', parse: { kind: 'fulltext' }, values: () => null, highlight: { field: 'content', target: 'query_highlight' } },
  // No document tags, user profiles or portals here; froide's portal choices end with `-` = all.
  { param: 'tag', parse: NO_CHOICE, values: () => null },
  { param: 'user', parse: NO_CHOICE, values: () => null },
  { param: 'portal', parse: { kind: 'nochoice', all: '-', message: 'choice' }, values: () => null },
  // froide: any document id is a valid choice, and one the caller cannot read lists nothing
  // (`filter_document`). Here every document an anonymous reader can reach is known: public
  // ones (an unlisted one's pages need its uid: src/serve/api/views/page.ts) and derived ones
  // (published with their attachment). Private imported documents are not published at all.
  {
    param: 'document',
    parse: { kind: 'id', known: true },
    values: (p) => p.document.id,
    known: (archive) => archive.documents.filter((document) => document.public || document.original !== null).map((document) => document.id),
  },
  { param: 'number', parse: { kind: 'integer' }, values: (p) => p.page.number },
  // froide's page index (froide/document/documents.py): the document's request and public body,
  // the public body's jurisdiction and the request's campaign by slug (`-` = no campaign),
  // dates as for documents. An unknown slug is froide's 400 (`known`).
  { param: 'foirequest', parse: idFilter('request'), values: (p) => p.document.foirequest?.id },
  { param: 'publicbody', parse: idFilter('publicbody'), values: (p) => p.document.publicbody?.id },
  {
    param: 'jurisdiction',
    parse: { kind: 'text', known: true },
    values: (p) => p.document.publicbody?.jurisdiction.slug,
    known: (archive) => archive.jurisdictions.map((jurisdiction) => jurisdiction.slug),
  },
  {
    param: 'campaign',
    parse: { kind: 'text', none: '-', known: true },
    values: (p) => p.document.foirequest?.campaign?.slug ?? '-',
    known: (archive) => ['-', ...archive.campaigns.map((campaign) => campaign.slug)],
  },
  { param: 'created_at', parse: DOCUMENT_DATES, values: (p) => dateKey(p.document.publishedAt ?? p.document.lastModifiedAt) },
  ...collectionFilters<PageItem>((item) => item.document),
  { param: 'data', parse: DATA_FILTERS, values: (p) => dataKeys(p.document.data) },
];

export const page: ResourceSpec<PageItem> = defineResource('page', 'Page', 'Page', {
  detailMethods: null,
  renders: [...RENDERS, 'application/xml'],
  facets: true,
  filters,
  objects: { item: 'Page', detail: null },
});

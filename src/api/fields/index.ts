/**
 * The fields of every object the API writes, as data: one table per object,
 * one line per key, in the order the serializer (src/api/resources/<name>/serializer.ts) writes them, grouped
 * by resource like the serializers. The OpenAPI document (src/api/openapi/) is generated from
 * these tables; each resource names the objects of its answers in its declaration (`objects`
 * and each list action's `object` in src/api/resources/<name>/declaration.ts). A test compares each
 * table's keys with the keys the serializers write for the sample archive, and validates every answer against the schema with other keys forbidden, so
 * a serializer and its table cannot drift apart. Adding a field to a serializer is adding its
 * line to the table.
 *
 * Object names are froide's (drf-spectacular's component names, docs/froide.md#the-published-schema), so a client
 * generated from froide's schema and one generated from ours share type names.
 *
 * A type says what the field holds in froide; where this archive only ever writes one value
 * (an anonymous reader's view), the description says so.
 */
import { arrayOf, FieldType, freeObject, integer, mapOf, oneOf, ref, string, uri, type FieldTable } from '../field-types.ts';
import { APP_OBJECTS } from './app-fields.ts';
import { BODY_OBJECTS } from './body-fields.ts';
import { DOCUMENT_OBJECTS } from './document-fields.ts';
import { foiAttachment } from '../resources/attachment/serializer.ts';
import { RESOURCE_NAMES } from '../../formats/resource-names.ts';
import { foiMessage } from '../resources/message/serializer.ts';
import { foiRequestDetail, foiRequestList } from '../resources/request/serializer.ts';

/** The list envelope (docs/api.md#list-envelope, docs/froide.md#paging). */
const META = {
  limit: integer.describe('Page size (default 50, at most 50; following: 150 and 200).'),
  next: uri.nullable().describe('Next page, with explicit `limit` and `offset`; null on the last page.'),
  offset: integer,
  previous: uri.nullable().describe('Previous page, with explicit `limit` and `offset`; null on the first page.'),
  total_count: integer.describe('Objects in the whole (filtered) list.'),
} satisfies FieldTable;

/** The named objects: `components.schemas` of the OpenAPI document. */
export const OBJECTS: Readonly<Record<string, FieldTable>> = {
  // Declared with their serializers, key -> type and source (src/api/resources/object-fields.ts).
  FoiRequestList: foiRequestList.table,
  FoiRequestDetail: foiRequestDetail.table,
  FoiMessage: foiMessage.table,
  FoiAttachment: foiAttachment.table,
  ...DOCUMENT_OBJECTS,
  ...BODY_OBJECTS,
  ...APP_OBJECTS,
  Meta: META,
  Facets: {
    fields: freeObject.describe(
      'Empty in lists; in `publicbody/search/` each aggregation (`jurisdiction`, `classification`, `categories`, `regions`) as `[[id, objects], ...]`, the ten ids most objects found have, most first (docs/search.md, "Public body search"). In `page/` with `q` and a `collection` whose settings declare facets, each such field (`data.<key>`, `document`, …) as `[[value, pages], ...]`, the ten values most pages found have, most first, then by value (docs/api.md, "Page facets").',
    ),
  },
  ApiRoot: Object.fromEntries(RESOURCE_NAMES.map((name) => [name, uri])),
  IdChoice: { value: integer, label: string },
  NameChoice: { value: string, label: string },
  Error: { detail: string },
};

/** Named types that are no object table: unions and maps. */
export const TYPES: Readonly<Record<string, FieldType>> = {
  DocumentData: oneOf(ref('ParliamentaryPaper'), ref('ResearchPaper'), new FieldType({ type: 'object', maxProperties: 0 })).describe('docs/api.md#document-fields; an empty object when there is none.'),
  FilterErrors: mapOf(arrayOf(string)).describe('Every invalid filter parameter with its messages (django-filter).'),
};

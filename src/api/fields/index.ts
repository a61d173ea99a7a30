/**
 * The fields of every object the API writes, as data (STYLE practice 4): one table per object,
 * one line per key, in the order the serializer (src/api/resources/*.ts) writes them, grouped
 * by resource like the serializers. The OpenAPI document (src/api/openapi/) is generated from
 * these tables; a test compares each table's keys with the keys the serializers write for the
 * sample archive, and validates every answer against the schema with other keys forbidden, so
 * a serializer and its table cannot drift apart. Adding a field to a serializer is adding its
 * line to the table.
 *
 * Object names are froide's (drf-spectacular's component names, facts §9 note), so a client
 * generated from froide's schema and one generated from ours share type names.
 *
 * A type says what the field holds in froide; where this archive only ever writes one value
 * (an anonymous reader's view), the description says so.
 */
import { arrayOf, FieldType, freeObject, integer, mapOf, oneOf, ref, string, uri, type FieldTable } from '../field-types.ts';
import { RESOURCE_NAMES, type ResourceName } from '../routes.ts';
import { APP_OBJECTS } from './apps.ts';
import { BODY_OBJECTS } from './bodies.ts';
import { DOCUMENT_OBJECTS } from './documents.ts';
import { REQUEST_OBJECTS } from './requests.ts';

/** The list envelope (spec §2.2, facts §1.3). */
const META = {
  limit: integer.describe('Page size (default 50, at most 50; following: 150 and 200).'),
  next: uri.nullable().describe('Next page, with explicit `limit` and `offset`; null on the last page.'),
  offset: integer,
  previous: uri.nullable().describe('Previous page, with explicit `limit` and `offset`; null on the first page.'),
  total_count: integer.describe('Objects in the whole (filtered) list.'),
} satisfies FieldTable;

/** The named objects: `components.schemas` of the OpenAPI document. */
export const OBJECTS: Readonly<Record<string, FieldTable>> = {
  ...REQUEST_OBJECTS,
  ...DOCUMENT_OBJECTS,
  ...BODY_OBJECTS,
  ...APP_OBJECTS,
  Meta: META,
  Facets: { fields: freeObject.describe('Always empty here (no search engine).') },
  ApiRoot: Object.fromEntries(RESOURCE_NAMES.map((name) => [name, uri])),
  IdChoice: { value: integer, label: string },
  NameChoice: { value: string, label: string },
  Error: { detail: string },
};

/** Named types that are no object table: unions and maps. */
export const TYPES: Readonly<Record<string, FieldType>> = {
  DocumentData: oneOf(ref('ParliamentaryPaper'), ref('ResearchPaper'), new FieldType({ type: 'object', maxProperties: 0 })).describe('Spec §2.7; an empty object when there is none.'),
  FilterErrors: mapOf(arrayOf(string)).describe('Every invalid filter parameter with its messages (django-filter).'),
};

/**
 * What a resource's list and detail hold (named objects above). Resources without a list item
 * answer no list GET here (problemreport: 401; upload: POST only); `detail` null: no detail
 * GET (page; following: DELETE only). `ident`: the detail path segment is a text identifier,
 * not an integer id.
 */
export const RESOURCE_OBJECTS: Readonly<Record<ResourceName, { item: string | null; detail: string | null; ident?: string }>> = {
  governmentplan: { item: 'GovernmentPlan', detail: 'GovernmentPlan' },
  articletag: { item: 'ArticleTag', detail: 'ArticleTag' },
  venue: { item: 'Venue', detail: 'VenueDetail', ident: '`<provider>:<id>`, e.g. `amenity:4711`' },
  campaigninformationobject: { item: 'InformationObject', detail: 'InformationObjectDetail', ident: "the object's ident" },
  request: { item: 'FoiRequestList', detail: 'FoiRequestDetail' },
  message: { item: 'FoiMessage', detail: 'FoiMessage' },
  attachment: { item: 'FoiAttachment', detail: 'FoiAttachment' },
  publicbody: { item: 'PublicBodyList', detail: 'PublicBody' },
  category: { item: 'Category', detail: 'Category' },
  classification: { item: 'Classification', detail: 'Classification' },
  jurisdiction: { item: 'Jurisdiction', detail: 'Jurisdiction' },
  law: { item: 'FoiLaw', detail: 'FoiLaw' },
  georegion: { item: 'GeoRegion', detail: 'GeoRegionDetail' },
  following: { item: 'FoiRequestFollow', detail: null },
  campaign: { item: 'Campaign', detail: 'Campaign' },
  upload: { item: null, detail: null, ident: 'upload guid' },
  problemreport: { item: null, detail: null },
  document: { item: 'Document', detail: 'DocumentDetail' },
  documentcollection: { item: 'DocumentCollection', detail: 'DocumentCollection' },
  page: { item: 'Page', detail: null },
  pageannotation: { item: 'PageAnnotation', detail: 'PageAnnotation' },
};

/** The objects of each list action (LIST_ACTIONS in routes.ts), by `<resource>/<action path>`. */
export const ACTION_OBJECTS: Readonly<Record<string, 'IdChoice' | 'NameChoice'>> = {
  'articletag/autocomplete': 'NameChoice',
  'request/tags/autocomplete': 'NameChoice',
  'publicbody/autocomplete': 'IdChoice',
  'category/autocomplete': 'NameChoice',
  'law/autocomplete': 'IdChoice',
  'georegion/autocomplete': 'IdChoice',
};

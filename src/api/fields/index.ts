/**
 * Every named object of the OpenAPI document (`components.schemas`), in the document's order.
 * An object the API serializes is declared once, next to its resource, as a defineObject table
 * (src/api/resources/object-fields.ts: key -> type and source, in froide's key order); its answer and
 * its schema are both made from that table, and this file only lists the tables by name. The
 * few shapes left here are no serializer's: the list envelope, GeoJSON, choices, errors, and the
 * objects the functions write (following, venue search).
 *
 * Object names are froide's (drf-spectacular's component names, docs/froide.md#the-published-schema), so a client
 * generated from froide's schema and one generated from ours share type names.
 *
 * A type says what the field holds in froide; where this archive only ever writes one value
 * (an anonymous reader's view), the description says so.
 */
import { arrayOf, boolean, enumOf, FieldType, freeObject, integer, link, mapOf, oneOf, position, ref, string, uri, type FieldTable } from '../field-types.ts';
import { articleTagObject } from '../resources/articletag/serializer.ts';
import { foiAttachment } from '../resources/attachment/serializer.ts';
import { campaignObject } from '../resources/campaign/serializer.ts';
import { informationObject, informationObjectCategory, informationObjectDetail, informationObjectRequest } from '../resources/campaigninformationobject/serializer.ts';
import { DOCUMENT_PROPERTIES, DOCUMENT_TABLE, documentDetail, documentObject, PARLIAMENTARY_PAPER, RESEARCH_PAPER } from '../resources/document/serializer.ts';
import { collectionDirectory, documentCollection } from '../resources/documentcollection/serializer.ts';
import { geoRegion, geoRegionDetail } from '../resources/georegion/serializer.ts';
import { governmentPlan, governmentPlanUpdate } from '../resources/governmentplan/serializer.ts';
import { jurisdictionObject } from '../resources/jurisdiction/serializer.ts';
import { foiLaw } from '../resources/law/serializer.ts';
import { documentPage, pageObject } from '../resources/page/serializer.ts';
import { pageAnnotation } from '../resources/pageannotation/serializer.ts';
import { publicBodyDetail, publicBodyList, simpleCategory, simpleClassification, simplePublicBody } from '../resources/publicbody/serializer.ts';
import { categoryObject, classificationObject } from '../resources/tree.ts';
import { RESOURCE_NAMES } from '../../formats/resource-names.ts';
import { venueDetail, venueDocument, venueObject, venueRequest } from '../resources/venue/serializer.ts';
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

/** The names of the objects declared with their serializers (defineObject), which `tables` lists. */
export const DECLARED_OBJECTS = new Set<string>();

/** Each declared object's table under its name. */
function tables(...objects: readonly { readonly name: string; readonly table: FieldTable }[]): Record<string, FieldTable> {
  for (const { name } of objects) DECLARED_OBJECTS.add(name);
  return Object.fromEntries(objects.map(({ name, table }) => [name, table]));
}

/** The named objects: `components.schemas` of the OpenAPI document. */
export const OBJECTS: Readonly<Record<string, FieldTable>> = {
  // Declared with their serializers, key -> type and source (src/api/resources/object-fields.ts).
  ...tables(foiRequestList, foiRequestDetail, foiMessage, foiAttachment),
  ...tables(documentObject, documentDetail),
  // Values of the content, written as the content holds them.
  DocumentProperties: DOCUMENT_PROPERTIES,
  DocumentTable: DOCUMENT_TABLE,
  ParliamentaryPaper: PARLIAMENTARY_PAPER,
  ResearchPaper: RESEARCH_PAPER,
  ...tables(pageObject, documentPage, documentCollection, collectionDirectory, pageAnnotation),
  ...tables(publicBodyList, publicBodyDetail, simplePublicBody, simpleClassification, simpleCategory, jurisdictionObject, foiLaw, categoryObject, classificationObject),
  ...tables(geoRegion, geoRegionDetail),
  // GeoJSON, as src/api/geo.ts and the georegion serializer write it.
  GeoPoint: { type: enumOf(['Point']), coordinates: position },
  MultiPolygon: { type: enumOf(['MultiPolygon']), coordinates: arrayOf(arrayOf(arrayOf(position))) },
  ...tables(campaignObject, articleTagObject, governmentPlan, governmentPlanUpdate),
  ...tables(venueObject, venueDetail, venueRequest, venueDocument),
  VenueSearch: { results: arrayOf(ref('Venue')).describe('Nearest first, at most 100.'), error: boolean.describe('True when the place could not be found.') },
  VenueResult: { result: ref('VenueDetail').nullable(), error: boolean.describe('True for an unknown venue (status 200).') },
  ...tables(informationObject, informationObjectDetail, informationObjectRequest, informationObjectCategory),
  // An anonymous caller's follow facts for `following/?request=<ids>` (docs/froide.md#following; src/serve/api/views/following.ts writes them).
  FoiRequestFollow: { request: link('request'), request_url: uri, follow_count: integer, follows: boolean.nullable(), can_follow: boolean.nullable() },
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

/**
 * Field tables of public bodies and the reference data (docs/froide.md#resources), in the
 * key order of the serializers in src/api/resources/: publicbody/, jurisdiction/, law/, tree.ts,
 * georegion/, campaign/, articletag/ and governmentplan/ (serializer.ts in each).
 */
import { GEOREGION_KINDS, LAW_RESPONSE_TIME_UNITS, PLAN_STATUSES } from '../../content/choices.ts';
import { arrayOf, boolean, date, dateTime, enumOf, type FieldTable, freeObject, integer, link, mapOf, number, position, pythonDateTime, ref, selfLink, string, uri } from '../field-types.ts';

/** The leading keys of both public body shapes (publicbody.ts `identity`). */
const PUBLIC_BODY_IDENTITY = {
  resource_uri: selfLink('publicbody'),
  id: integer,
  name: string,
  slug: string,
  other_names: string.describe('Comma-separated.'),
  description: string,
  url: string.nullable().describe('Website.'),
} satisfies FieldTable;

/** How to reach the body (publicbody.ts `contact`). */
const PUBLIC_BODY_CONTACT = {
  email: string,
  contact: string,
  address: string,
  fax: string,
  request_note: string.describe('Markdown.'),
  number_of_requests: integer,
  site_url: uri,
} satisfies FieldTable;

const PUBLIC_BODY_LIST = {
  ...PUBLIC_BODY_IDENTITY,
  parent: link('publicbody').nullable(),
  root: link('publicbody'),
  depth: integer,
  classification: ref('SimpleClassification').nullable(),
  categories: arrayOf(ref('SimpleCategory')),
  ...PUBLIC_BODY_CONTACT,
  request_note_html: string,
  jurisdiction: ref('Jurisdiction'),
  laws: arrayOf(link('law')),
  regions: arrayOf(link('georegion')),
  source_reference: string,
  alternative_emails: mapOf(string),
  wikidata_item: string,
  extra_data: freeObject,
  geo: ref('GeoPoint').nullable(),
} satisfies FieldTable;

const PUBLIC_BODY = { ...PUBLIC_BODY_LIST, laws: arrayOf(ref('FoiLaw')) } satisfies FieldTable;

const SIMPLE_PUBLIC_BODY = {
  ...PUBLIC_BODY_IDENTITY,
  depth: integer,
  classification: link('classification').nullable(),
  ...PUBLIC_BODY_CONTACT,
  jurisdiction: link('jurisdiction'),
  request_note_html: string,
  geo: ref('GeoPoint').nullable(),
  last_modified_at: pythonDateTime,
} satisfies FieldTable;

const SIMPLE_CLASSIFICATION = { id: integer, name: string, slug: string, depth: integer } satisfies FieldTable;

const SIMPLE_CATEGORY = { id: integer, name: string, slug: string, is_topic: boolean, depth: integer } satisfies FieldTable;

const JURISDICTION = {
  resource_uri: selfLink('jurisdiction'),
  id: integer,
  name: string,
  rank: integer,
  description: string,
  slug: string,
  site_url: uri,
  region: link('georegion').nullable(),
  region_kind: enumOf(GEOREGION_KINDS).nullable(),
  region_kind_detail: string.nullable(),
  last_modified_at: dateTime,
} satisfies FieldTable;

const FOI_LAW = {
  resource_uri: selfLink('law'),
  id: integer,
  name: string,
  slug: string,
  description: string,
  long_description: string,
  law_type: string,
  created: date.nullable(),
  request_note: string,
  request_note_html: string,
  meta: boolean,
  site_url: uri,
  jurisdiction: link('jurisdiction'),
  email_only: boolean,
  mediator: link('publicbody').nullable(),
  priority: integer,
  url: string,
  max_response_time: integer.nullable(),
  requires_signature: boolean,
  max_response_time_unit: enumOf(LAW_RESPONSE_TIME_UNITS),
  letter_start: string,
  letter_end: string,
  last_modified_at: date.nullable().describe("Python's str() of a date (docs/api.md#values)."),
  refusal_reasons: string.describe('One reason per line.'),
  legal_text: string,
  combined: arrayOf(link('law')),
} satisfies FieldTable;

/** Category and classification (tree.ts): `extra` keys sit between slug and depth. */
function treeNode(resource: 'category' | 'classification', extra: FieldTable = {}) {
  return {
    resource_uri: selfLink(resource),
    id: integer,
    name: string,
    slug: string,
    ...extra,
    depth: integer,
    parent: link(resource).nullable(),
    children: arrayOf(link(resource)),
  } satisfies FieldTable;
}

const GEO_REGION = {
  resource_uri: selfLink('georegion'),
  id: integer,
  name: string,
  slug: string,
  kind: enumOf(GEOREGION_KINDS),
  kind_detail: string,
  level: integer,
  region_identifier: string,
  global_identifier: string,
  area: number.describe('Square metres.'),
  population: integer.nullable(),
  valid_on: dateTime.nullable(),
  part_of: link('georegion').nullable(),
  centroid: ref('GeoPoint').nullable(),
} satisfies FieldTable;

const GEO_REGION_DETAIL = { ...GEO_REGION, geom: ref('MultiPolygon').nullable(), gov_seat: ref('GeoPoint').nullable() } satisfies FieldTable;

const GEO_POINT = { type: enumOf(['Point']), coordinates: position } satisfies FieldTable;

const MULTI_POLYGON = { type: enumOf(['MultiPolygon']), coordinates: arrayOf(arrayOf(arrayOf(position))) } satisfies FieldTable;

const CAMPAIGN = {
  resource_uri: selfLink('campaign'),
  id: integer,
  name: string,
  slug: string,
  url: string,
  description: string,
  start_date: dateTime.nullable(),
  active: boolean,
} satisfies FieldTable;

const ARTICLE_TAG = { resource_uri: selfLink('articletag'), id: integer, name: string, slug: string } satisfies FieldTable;

const GOVERNMENT_PLAN = {
  resource_uri: selfLink('governmentplan'),
  id: integer,
  site_url: uri,
  government: integer.describe('Id of the government.'),
  title: string,
  slug: string,
  description: string,
  quote: string,
  due_date: date.nullable(),
  measure: string,
  status: enumOf(PLAN_STATUSES),
  rating: integer.nullable().describe('1 (bad) to 5 (good).'),
  properties: freeObject,
  updates: arrayOf(ref('GovernmentPlanUpdate')).describe('Newest first.'),
} satisfies FieldTable;

const GOVERNMENT_PLAN_UPDATE = {
  timestamp: dateTime,
  title: string,
  content: string,
  site_url: uri,
  url: string,
  status: enumOf(['', ...PLAN_STATUSES]),
  rating: integer.nullable(),
} satisfies FieldTable;

export const BODY_OBJECTS = {
  PublicBodyList: PUBLIC_BODY_LIST,
  PublicBody: PUBLIC_BODY,
  SimplePublicBody: SIMPLE_PUBLIC_BODY,
  SimpleClassification: SIMPLE_CLASSIFICATION,
  SimpleCategory: SIMPLE_CATEGORY,
  Jurisdiction: JURISDICTION,
  FoiLaw: FOI_LAW,
  Category: treeNode('category', { is_topic: boolean }),
  Classification: treeNode('classification'),
  GeoRegion: GEO_REGION,
  GeoRegionDetail: GEO_REGION_DETAIL,
  GeoPoint: GEO_POINT,
  MultiPolygon: MULTI_POLYGON,
  Campaign: CAMPAIGN,
  ArticleTag: ARTICLE_TAG,
  GovernmentPlan: GOVERNMENT_PLAN,
  GovernmentPlanUpdate: GOVERNMENT_PLAN_UPDATE,
} satisfies Record<string, FieldTable>;

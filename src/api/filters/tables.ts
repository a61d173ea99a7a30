/**
 * The filter table: one list of filters per resource (STYLE practice 4, issue 4 #3, facts §5).
 * Each entry names a query parameter, its kind (how a value is parsed, indexed and looked
 * up: one module per kind beside this one) and the index keys a model object has for it.
 * Adding a filter is adding an entry here.
 */
import { DEFAULTS } from '../../config.ts';
import { MESSAGE_KINDS, PLAN_STATUSES, REQUEST_RESOLUTIONS, REQUEST_STATUSES } from '../../content/choices.ts';
import { shapeRecord, type ShapeRecord } from '../../model/geometry.ts';
import { formatDateTime, type Timestamp } from '../../model/time.ts';
import type {
  Attachment,
  Category,
  Classification,
  Document,
  DocumentCollection,
  FoiRequest,
  GeoRegion,
  GovernmentPlan,
  InformationObject,
  Law,
  Message,
  PublicBody,
  Venue,
} from '../../model/types.ts';
import type { PageItem } from '../resources/page.ts';
import type { ResourceName } from '../routes.ts';
import { dataKeys } from './data.ts';
import { queryParamsOf, type FilterParse, type FilterSpec } from './spec.ts';
import { words } from './words.ts';

/** A timestamp's calendar date in the site's zone: what froide's date filters compare. */
export function dateKey(timestamp: Timestamp | null | undefined): string | null {
  return timestamp === null || timestamp === undefined ? null : formatDateTime(timestamp, DEFAULTS.timeZone).slice(0, 10);
}

/** Every non-empty prefix of a text: a prefix filter becomes an exact key lookup. */
export function prefixes(text: string): string[] {
  return Array.from({ length: text.length }, (_, i) => text.slice(0, i + 1));
}

interface Node {
  id: number;
  parent: Node | null;
}

function ancestorsAndSelf(node: Node | null): number[] {
  const ids: number[] = [];
  for (let current = node; current; current = current.parent) ids.push(current.id);
  return ids;
}

function ancestors(node: Node): number[] {
  return ancestorsAndSelf(node.parent);
}

const id = (ref?: ResourceName, none?: string): FilterParse => ({ kind: 'id', ...(ref ? { ref } : {}), ...(none ? { none } : {}) });
const boolean: FilterParse = { kind: 'boolean' };
/** A model choice filter over things this archive has none of (see `nochoice`). */
const NO_CHOICE: FilterParse = { kind: 'nochoice' };
/** froide's `q` on names (publicbody, law, category, classification): every word contained, any case. */
const NAME_SEARCH: FilterParse = { kind: 'scan', match: ['icontains'], bits: true };
const text: FilterParse = { kind: 'text' };

function treeFilters<T extends Category | Classification>(): FilterSpec<T>[] {
  return [
    { param: 'q', parse: NAME_SEARCH, values: (node) => node.name },
    { param: 'name', parse: text, values: (node) => node.name },
    { param: 'depth', parse: { kind: 'integer' }, values: (node) => node.depth },
    { param: 'parent', parse: id(), values: (node) => node.parent?.id },
    { param: 'ancestor', parse: id(), values: (node) => ancestors(node) },
  ];
}

export const REQUEST_FILTERS: FilterSpec<FoiRequest>[] = [
  // froide: active users with a public profile; here the users of published requests.
  { param: 'user', parse: { kind: 'id', known: true }, values: (r) => r.user, known: (archive) => archive.requests.map((request) => request.user) },
  { param: 'is_foi', parse: boolean, values: (r) => r.isFoi },
  { param: 'checked', parse: boolean, values: (r) => r.checked },
  { param: 'has_same', parse: boolean, values: (r) => r.sameAs !== null },
  { param: 'jurisdiction', parse: id('jurisdiction'), values: (r) => r.jurisdiction?.id },
  { param: 'public_body', parse: id('publicbody'), values: (r) => r.publicBody?.id },
  { param: 'law', parse: id('law'), values: (r) => r.law?.id },
  { param: 'project', parse: id(), values: (r) => r.project },
  { param: 'slug', parse: text, values: (r) => r.slug },
  { param: 'status', parse: { kind: 'choice', choices: REQUEST_STATUSES }, values: (r) => r.status },
  // '' is a resolution but also django-filter's "empty value", which means "no filter".
  { param: 'resolution', parse: { kind: 'choice', choices: REQUEST_RESOLUTIONS.filter(Boolean) }, values: (r) => r.resolution },
  { param: 'tags', parse: text, values: (r) => r.tags },
  { param: 'categories', parse: text, values: (r) => r.publicBody?.categories.map((c) => c.name) ?? [] },
  { param: 'classification', parse: text, values: (r) => r.publicBody?.classification?.name },
  // froide: `reference` starts with the value; every prefix is an index key.
  { param: 'reference', parse: text, values: (r) => prefixes(r.reference) },
  { param: 'campaign', parse: id('campaign', '-'), values: (r) => r.campaign?.id ?? '-' },
  // froide: the followers of a request are only filterable by the follower themselves.
  { param: 'follower', parse: NO_CHOICE, values: () => null },
  { param: 'costs', parse: { kind: 'range', value: 'number', min: 'costs_min', max: 'costs_max', errorKey: 'costs' }, values: (r) => r.costs },
  {
    param: 'created_at',
    parse: { kind: 'range', value: 'date', min: 'created_at_after', max: 'created_at_before', maxExclusive: true },
    values: (r) => dateKey(r.createdAt),
  },
];

export const MESSAGE_FILTERS: FilterSpec<Message>[] = [
  { param: 'request', parse: id('request'), values: (m) => m.request.id },
  { param: 'kind', parse: { kind: 'choice', choices: MESSAGE_KINDS }, values: (m) => m.kind },
  { param: 'is_response', parse: boolean, values: (m) => m.isResponse },
  { param: 'is_draft', parse: boolean, values: (m) => m.isDraft },
];

export const ATTACHMENT_FILTERS: FilterSpec<Attachment>[] = [
  { param: 'name', parse: text, values: (a) => a.name },
  { param: 'filetype', parse: text, values: (a) => a.filetype },
  { param: 'approved', parse: boolean, values: (a) => a.approved },
  { param: 'is_redacted', parse: boolean, values: (a) => a.isRedacted },
  { param: 'belongs_to', parse: id('message'), values: (a) => a.message.id },
  { param: 'campaign', parse: { kind: 'text', none: '-' }, values: (a) => a.message.request.campaign?.slug ?? '-' },
  { param: 'publicbody', parse: id(), values: (a) => a.message.request.publicBody?.id, repeat: 'or' },
];

// --- collections (facts §5.14, §5.16) -------------------------------------------------------

/** An unlisted collection's objects are keyed with its uid: `?uid=` unlocks them (facts §2). */
function lockedKey(collection: DocumentCollection, id: number): string {
  return collection.listed ? String(id) : `${id}:${collection.uid}`;
}

const collectionParse = { kind: 'id', known: true, secret: 'uid' } as const;

/**
 * `collection=<id>`: the collection's documents in collection order. `directory=<id>`: those
 * of one directory, in collection order; `directory=-`: documents at the top level of a
 * collection. Ids of no published collection or directory are froide's 400.
 */
function collectionFilters<T>(documentOf: (object: T) => Document): FilterSpec<T>[] {
  const rank = (object: T, key: string) => documentOf(object).collections.find((entry) => lockedKey(entry.collection, entry.collection.id) === key || (entry.directory && lockedKey(entry.collection, entry.directory.id) === key))?.rank ?? 0;
  return [
    {
      param: 'collection',
      parse: collectionParse,
      values: (object) => documentOf(object).collections.map((entry) => lockedKey(entry.collection, entry.collection.id)),
      order: rank,
      known: (archive) => archive.collections.map((collection) => collection.id),
    },
    {
      param: 'directory',
      parse: { ...collectionParse, none: '-' },
      values: (object) => documentOf(object).collections.map((entry) => (entry.directory ? lockedKey(entry.collection, entry.directory.id) : '-')),
      order: rank,
      known: (archive) => ['-', ...archive.collections.flatMap((collection) => collection.allDirectories.map((directory) => directory.id))],
    },
  ];
}

/** A collection's `settings.filters` on `data.<key>` (data.ts). */
const DATA_FILTERS: FilterParse = { kind: 'data', prefix: 'data.', requires: 'collection' };

/**
 * filingcabinet's `created_at` DateFromToRangeFilter on documents and pages: `lte` the end of
 * the `before` day, so that day is included; one error key for both bounds.
 */
const DOCUMENT_DATES: FilterParse = { kind: 'range', value: 'date', min: 'created_at_after', max: 'created_at_before', errorKey: 'created_at' };

export const DOCUMENT_FILTERS: FilterSpec<Document>[] = [
  // Documents carry no tags and belong to no portal here: every value names nothing (docs/api.md).
  { param: 'tag', parse: NO_CHOICE, values: () => null },
  { param: 'portal', parse: NO_CHOICE, values: () => null },
  { param: 'foirequest', parse: id('request'), values: (d) => d.foirequest?.id },
  { param: 'publicbody', parse: id('publicbody'), values: (d) => d.publicbody?.id },
  { param: 'ids', parse: { kind: 'ids', invalid: 'ignore' }, values: (d) => d.id },
  // froide: published_at, falling back to created_at (for us: the message the PDF came with).
  { param: 'created_at', parse: DOCUMENT_DATES, values: (d) => dateKey(d.publishedAt ?? d.lastModifiedAt) },
  ...collectionFilters<Document>((document) => document),
  { param: 'data', parse: DATA_FILTERS, values: (d) => dataKeys(d.data) },
];

export const PUBLICBODY_FILTERS: FilterSpec<PublicBody>[] = [
  { param: 'q', parse: NAME_SEARCH, values: (b) => b.name },
  { param: 'jurisdiction', parse: id('jurisdiction'), values: (b) => b.jurisdiction.id },
  { param: 'slug', parse: text, values: (b) => b.slug },
  // froide: the classification and its sub-classifications.
  { param: 'classification', parse: id('classification'), values: (b) => ancestorsAndSelf(b.classification) },
  { param: 'classification_id', parse: id(), values: (b) => b.classification?.id },
  // froide: a category includes its sub-categories; repeating the parameter means AND.
  { param: 'category', parse: id('category'), values: (b) => b.categories.flatMap((c) => ancestorsAndSelf(c)), repeat: 'and' },
  // froide: `1,2` = linked to any of these regions; `1` = linked to region 1 or a region inside it.
  { param: 'regions', parse: { kind: 'ids', subtree: 'georegion' }, values: (b) => subtreeKeys(b.regions) },
  // froide: `lng,lat` inside one of the body's regions.
  { param: 'lnglat', parse: { kind: 'point', order: 'lnglat', shapes: 'georegion' }, values: (b) => b.regions.map((r) => r.id) },
];

export const LAW_FILTERS: FilterSpec<Law>[] = [
  { param: 'jurisdiction', parse: id('jurisdiction'), values: (l) => l.jurisdiction.id },
  { param: 'mediator', parse: id('publicbody'), values: (l) => l.mediator?.id },
  { param: 'id', parse: { kind: 'ids' }, values: (l) => l.id },
  { param: 'q', parse: NAME_SEARCH, values: (l) => l.name },
  { param: 'meta', parse: boolean, values: (l) => l.meta },
];

export const CATEGORY_FILTERS: FilterSpec<Category>[] = [
  ...treeFilters<Category>(),
  { param: 'is_topic', parse: boolean, values: (c) => c.isTopic },
];

export const CLASSIFICATION_FILTERS: FilterSpec<Classification>[] = treeFilters<Classification>();

/**
 * froide-govplan: `properties=key` keeps plans that have the key, `properties=key:value` those
 * whose value for it is `value` (froide: contains; here: equals, docs/serving.md).
 */
function propertyKeys(properties: { [key: string]: unknown }): string[] {
  return Object.entries(properties).flatMap(([key, value]) =>
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? [key, `${key}:${value}`] : [key],
  );
}

export const GOVERNMENTPLAN_FILTERS: FilterSpec<GovernmentPlan>[] = [
  { param: 'government', parse: id(), values: (p) => p.government.id },
  { param: 'status', parse: { kind: 'choice', choices: PLAN_STATUSES }, values: (p) => p.status },
  { param: 'rating', parse: { kind: 'integer' }, values: (p) => p.rating },
  { param: 'properties', parse: text, values: (p) => propertyKeys(p.properties) },
];

/** Keys of objects linked to tree nodes: each node's id, and `<id>/` for it and every ancestor (ids `subtree`). */
function subtreeKeys(nodes: readonly Node[]): string[] {
  return nodes.flatMap((node) => [String(node.id), ...ancestorsAndSelf(node).map((id) => `${id}/`)]);
}

/** froide's georegion filters (okfde/froide:froide/georegion/api_views.py `GeoRegionFilter`). */
export const GEOREGION_FILTERS: FilterSpec<GeoRegion>[] = [
  { param: 'id', parse: { kind: 'ids', invalid: 'ignore' }, values: (r) => r.id },
  // name contains the value (case-insensitive) OR region_identifier starts with it.
  { param: 'q', parse: { kind: 'scan', match: ['icontains', 'prefix'] }, values: (r) => [r.name, r.regionIdentifier] },
  { param: 'kind', parse: { kind: 'text', separator: ',' }, values: (r) => r.kind },
  { param: 'kind_detail', parse: text, values: (r) => r.kindDetail },
  { param: 'level', parse: { kind: 'integer' }, values: (r) => r.level },
  // treebeard's get_descendants(): the region itself is not included.
  { param: 'ancestor', parse: id('georegion'), values: (r) => ancestors(r) },
  { param: 'latlng', parse: { kind: 'point', order: 'latlng', shapes: 'georegion' }, values: (r) => r.id },
  { param: 'name', parse: { kind: 'text', fallback: 'capitalize' }, values: (r) => r.name },
  { param: 'region_identifier', parse: text, values: (r) => r.regionIdentifier },
  { param: 'slug', parse: text, values: (r) => r.slug },
];

/**
 * Resources whose objects have a geometry that `point` filters test: the build writes one
 * shapes file per entry (`buildPaths.shapes`), an array of ShapeRecords (model/geometry.ts).
 */
export const SHAPES: Partial<Record<ResourceName, (object: any) => ShapeRecord | null>> = {
  georegion: (region: GeoRegion) => shapeRecord(region.id, region.polygons),
};

export const PAGE_FILTERS: FilterSpec<PageItem>[] = [
  // froide: simple_query_string over title^3, description^2 and content, every word (AND),
  // sorted by score, `query_highlight` from the content.
  {
    param: 'q',
    parse: { kind: 'scan', match: ['icontains', 'icontains', 'icontains'], bits: true, rank: [1, 3, 2] },
    values: (p) => [p.page.text, p.document.title ?? '', p.document.description],
    highlight: { field: 'content', target: 'query_highlight' },
  },
  // No document tags, user profiles or portals here; froide's portal choices end with `-` = all.
  { param: 'tag', parse: NO_CHOICE, values: () => null },
  { param: 'user', parse: NO_CHOICE, values: () => null },
  { param: 'portal', parse: { kind: 'nochoice', all: '-', message: 'choice' }, values: () => null },
  // froide: any document id is a valid choice, and one the caller cannot read lists nothing
  // (`filter_document`). Here every document an anonymous reader can reach is known: public
  // ones (an unlisted one's pages need its uid: src/serve/api/query-views.ts) and derived ones
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
  { param: 'foirequest', parse: id('request'), values: (p) => p.document.foirequest?.id },
  { param: 'publicbody', parse: id('publicbody'), values: (p) => p.document.publicbody?.id },
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

/**
 * froide-food (api_views.py, venue_providers/amenity.py): the point and radius (default 10 km,
 * clamped to 100 m..10 km), `q` in the name (`icontains`), `requested=1` for venues with
 * requests, `categories` (repeatable, any of them; the amenity provider ignores it, docs/api.md).
 */
export const VENUE_FILTERS: FilterSpec<Venue>[] = [
  { param: 'near', parse: { kind: 'near', lat: 'lat', lng: 'lng', radius: 'radius', defaultRadius: 10_000, minRadius: 100, maxRadius: 10_000 }, values: (v) => [v.lat, v.lng] },
  { param: 'q', parse: { kind: 'scan', match: ['icontains'] }, values: (v) => v.name },
  { param: 'requested', parse: { kind: 'lenient', accept: ['1'] }, values: (v) => (v.requests.length ? '1' : null) },
  { param: 'categories', parse: text, values: (v) => v.category, repeat: 'or' },
];

/** froide-campaign's `status` filter: which of its values an object matches (filters.py StatusFilter). */
function campaignStatuses(object: InformationObject): string[] {
  if (object.requests.length === 0) return ['normal'];
  const resolved = object.requests.filter((request) => request.status === 'resolved');
  const statuses: string[] = resolved.length === 0 ? ['pending'] : [];
  if (resolved.some((request) => request.resolution === 'successful' || request.resolution === 'partially_successful')) statuses.push('successful');
  if (resolved.some((request) => request.resolution === 'refused')) statuses.push('refused');
  return statuses;
}

/** Search text of an object (froide-campaign `get_search_text`); `q` matches word prefixes. */
function objectWords(object: InformationObject): string[] {
  const text = [object.title, object.subtitle, object.publicBody?.name ?? '', ...object.categories.map((c) => c.title), ...Object.values(object.context).map(String)].join(' ');
  return [...new Set(words(text).flatMap(prefixes))];
}

/** froide-campaign (filters.py): each backend ignores a value it cannot read. */
export const INFORMATIONOBJECT_FILTERS: FilterSpec<InformationObject>[] = [
  { param: 'campaign', parse: id(), values: (o) => o.campaign.id },
  { param: 'q', parse: { kind: 'words' }, values: objectWords },
  { param: 'status', parse: { kind: 'lenient', accept: ['normal', 'pending', 'successful', 'refused'] }, values: campaignStatuses },
  { param: 'category', parse: { kind: 'lenient', accept: 'integer' }, values: (o) => o.categories.map((c) => c.id) },
  { param: 'featured', parse: { kind: 'lenient', accept: 'int-bool' }, values: (o) => o.featured },
  // froide: the radius is required, and 90 % of it counts (GeoDistanceFilter.filter_geo).
  { param: 'near', parse: { kind: 'near', lat: 'lat', lng: 'lng', radius: 'radius', defaultRadius: null, factor: 0.9 }, values: (o) => (o.lat === null || o.lng === null ? null : [o.lat, o.lng]) },
  { param: 'requested', parse: { kind: 'lenient', accept: 'present' }, values: (o) => (o.requests.length ? true : null) },
];

/** The filter table. Resources without an entry have no filters (jurisdiction, campaign: facts §5.7, §5.10). */
export const FILTERS: Partial<Record<ResourceName, readonly FilterSpec<any>[]>> = {
  request: REQUEST_FILTERS,
  message: MESSAGE_FILTERS,
  attachment: ATTACHMENT_FILTERS,
  document: DOCUMENT_FILTERS,
  publicbody: PUBLICBODY_FILTERS,
  law: LAW_FILTERS,
  category: CATEGORY_FILTERS,
  classification: CLASSIFICATION_FILTERS,
  page: PAGE_FILTERS,
  governmentplan: GOVERNMENTPLAN_FILTERS,
  georegion: GEOREGION_FILTERS,
  venue: VENUE_FILTERS,
  campaigninformationobject: INFORMATIONOBJECT_FILTERS,
};

export function filtersOf(resource: ResourceName): readonly FilterSpec<any>[] {
  return FILTERS[resource] ?? [];
}

/** Every filter parameter of any resource, sorted: the query rules the host needs (src/output/routing.ts). */
export function allFilterParams(): string[] {
  return [...new Set(Object.values(FILTERS).flatMap((specs) => specs!.flatMap(queryParamsOf)))].sort();
}

/** Query parameters every list understands besides its filters (spec §4). */
export const PAGINATION_PARAMS = ['format', 'limit', 'offset'] as const;

/** What the `names` autocomplete actions read (src/api/autocomplete.ts). */
export const ACTION_PARAMS = ['q'] as const;

/** What a detail reads from the query: `uid` opens an unlisted document (BuiltResource `files`, buildPaths.unlistedDetail). */
export const DETAIL_PARAMS = ['uid'] as const;

/**
 * Every query parameter that makes an answer differ from the static file: the host sends a
 * request carrying any of them to the API function (src/output/routing.ts, src/serve/host-routing.ts).
 */
export function functionQueryParams(): string[] {
  return [...new Set([...PAGINATION_PARAMS, ...ACTION_PARAMS, ...DETAIL_PARAMS, ...allFilterParams()])].sort();
}

/**
 * List filters per resource, as data (STYLE practice 4, issue 4 #3, facts §5).
 *
 * One entry per query parameter: how a request value is parsed, which index keys a model
 * object has for it, and which 400 message an invalid value gets. The build turns the table
 * into index files (src/output/indexes.ts); the serving engine (src/serve/filter-engine.ts)
 * reads them. Adding a filter is adding an entry here.
 *
 * Index files: `buildPaths.filterIndex(resource, param, file)` holding `{ "<key>": [positions] }`,
 * positions ascending (in the filter's own order for filters with `order`), 0-based into the
 * resource's ordered list (the list the page files were cut from). `file` is the key itself for small enumerations (`bucket: 'value'`), or two hex
 * digits of the key's FNV-1a hash for everything else (`bucket: 'hash'`), so a filter never
 * writes more than 256 files however many distinct values it has.
 */
import { DEFAULTS } from '../config.ts';
import { MESSAGE_KINDS, PLAN_STATUSES, REQUEST_RESOLUTIONS, REQUEST_STATUSES } from '../content/choices.ts';
import { formatDateTime, type Timestamp } from '../model/time.ts';
import { shapeRecord, type ShapeRecord } from '../model/geometry.ts';
import { pythonFloat, pythonInt } from './geo.ts';
import type {
  Archive,
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
} from '../model/types.ts';
import type { PageItem } from './resources/page.ts';
import { fnv1a, type ResourceName } from './routes.ts';


/**
 * How a request value becomes index keys (django-filter semantics, facts §5):
 * - id: integer id; when `ref` is set, an id that is not a published `ref` object is a 400.
 * - ids: comma-separated ids, any of them (BaseInFilter).
 * - integer: a number (NumberFilter).
 * - choice: one of `choices`; `none` is an extra accepted key (froide's `-` = "no campaign").
 * - boolean: true/false/1/0 (any case); anything else means "no filter" (BooleanWidget).
 * - text: exact string.
 * - words: every word of the value (lower-cased runs of letters and digits) must be an index key.
 * - data: every query parameter `<prefix><key>` (`data.year=2020`) keeps the objects whose
 *   `data` has that value under that key (index key `<key>=<value>`); applied only when the
 *   `requires` parameter is given too (froide applies a collection's data filters with its
 *   `collection=` filter, which also routes the request to the function).
 * - nochoice: a choice filter with no valid choice in this archive, so any value is a 400:
 *   froide's `follower` (only yourself; nobody is logged in), and choices of things the
 *   archive does not model (document tags, portals, user names). `all` is a value that means
 *   "no filter" (page `portal=-`); `message: 'choice'` gives ChoiceFilter's text, which
 *   names the value, instead of ModelChoiceFilter's.
 * - range: two query parameters, `min` and `max`, bound one value (number, or date
 *   `YYYY-MM-DD`); `max` is exclusive where froide's is (request `created_at_before`, a
 *   `lt` DateFilter). `errorKey` is the one 400 key of a django-filter range field (RangeFilter,
 *   DateFromToRangeFilter: `costs`, `created_at`); without it each parameter has its own
 *   (two DateFilters). The spec's `param` names the index, not a query parameter.
 * - ids `invalid: 'ignore'`: empty parts are skipped, and a part that is not an integer means
 *   "no filter" instead of a 400 (froide's georegion `id` and filingcabinet's document `ids`
 *   catch the ValueError).
 * - ids `subtree`: a value without a comma is one id meaning that `subtree` object and its
 *   descendants (index key `<id>/`, see `subtreeKeys`); an id no such object has means "no
 *   filter" (froide's publicbody `regions`).
 * - text `separator`: the value is a list, any of its parts (froide: `kind__in=value.split(",")`).
 * - text `fallback: 'capitalize'`: when nothing has the value, Python's `value.capitalize()`
 *   is tried (froide's georegion `name`).
 * - scan: no key lookup; one values file per filter holds each object's strings (one per
 *   `match` slot) and the engine scans it: `icontains` (case-insensitive substring; the file
 *   holds the lower-cased string) or `prefix` (case-sensitive). Any slot matching keeps the
 *   object. For `q` filters a key per substring would be too many keys. With `bits`, the value
 *   is split at whitespace and every bit must match (froide's `make_search_filter`: one
 *   `name__icontains` per bit, AND). With `rank` (a weight per slot) the matches are ordered
 *   by score, highest first: the weighted number of occurrences of the bits (froide sorts
 *   search hits by Elasticsearch's `_score`).
 * - point: `lat,lng` or `lng,lat`; the engine finds the `shapes` objects covering the point
 *   (the shapes file, see SHAPES) and looks their ids up in this filter's index. A value that
 *   is not two numbers means "no filter", as in froide.
 *
 * An id (or text: a slug) filter may also say `known`: every valid id is an index key (the spec's `known`
 * lists them, with no positions if nothing matches), so an id that is no key is a 400 without
 * reading any other file. And `secret`: objects reachable only with a companion parameter
 * (an unlisted collection's `uid`) are indexed under `<id>:<secret>`, which the engine looks
 * up only when the request carries that parameter (facts §5.14: `uid` unlocks).
 */
export type FilterParse =
  | { kind: 'id'; ref?: ResourceName; none?: string; known?: boolean; secret?: string }
  | { kind: 'ids'; invalid?: 'error' | 'ignore'; subtree?: ResourceName }
  | { kind: 'integer' }
  | { kind: 'choice'; choices: readonly string[] }
  | { kind: 'boolean' }
  | { kind: 'text'; none?: string; separator?: string; fallback?: 'capitalize'; known?: boolean }
  | { kind: 'range'; value: 'number' | 'date'; min: string; max: string; maxExclusive?: boolean; errorKey?: string }
  | { kind: 'nochoice'; all?: string; message?: 'model' | 'choice' }
  | { kind: 'data'; prefix: string; requires: string }
  | { kind: 'scan'; match: readonly ScanMatch[]; bits?: boolean; rank?: readonly number[] }
  | { kind: 'point'; order: 'latlng' | 'lnglat'; shapes: ResourceName }
  | { kind: 'words' }
  | { kind: 'lenient'; accept: readonly string[] | 'integer' | 'int-bool' | 'present' }
  | NearParse;

export type ScanMatch = 'icontains' | 'prefix';

/*
 * The hand-written filters of froide-food and froide-campaign, which ignore what they cannot read:
 * - lenient: `accept` lists the values that filter (key: the value), or `integer` (Python int,
 *   key: the number), `int-bool` (Python `bool(int(v))`, key: true/false), `present` (any
 *   non-empty value, key: true). Any other value means "no filter", never a 400.
 */

/**
 * near: objects within a radius of a point (haversine, src/api/geo.ts). Three query
 * parameters; `lat` and `lng` must both be numbers, else no filter. `radius` is a Python int in
 * metres; without one the filter uses `defaultRadius`, or does not apply when that is null.
 * The radius is clamped to [minRadius, maxRadius], then multiplied by `factor` and truncated,
 * as the froide code does. Index: one file of `[lat, lng, position]` (NEAR_FILE).
 */
export interface NearParse {
  kind: 'near';
  lat: string;
  lng: string;
  radius: string;
  defaultRadius: number | null;
  minRadius?: number;
  maxRadius?: number;
  factor?: number;
}

export type IndexValue = string | number | boolean | null | undefined;

export interface FilterSpec<T = never> {
  param: string;
  /**
   * A search filter whose answers mark the matches in a field of each object, as froide's
   * `query_highlight` (src/serve/highlight.ts).
   */
  highlight?: { field: string; target: string };
  parse: FilterParse;
  /** The object's value(s) for this filter; each becomes one index key. null/undefined: no key. */
  values: (object: T) => IndexValue | readonly IndexValue[];
  /** Several values of the parameter: django's last value wins, or all must match, or any. */
  repeat?: 'last' | 'and' | 'or';
  /**
   * The filter orders its result (froide: `order_by` inside the filter, e.g. collection order):
   * positions under a key are stored sorted by this rank, not ascending, and the engine keeps
   * that order while intersecting with the other filters.
   */
  order?: (object: T, key: string) => number;
  /** Every valid key, for `known` id filters (see FilterParse). */
  known?: (archive: Archive) => readonly IndexValue[];
}

/** Django/DRF error texts (English source strings, see docs/serving.md). */
export const FILTER_MESSAGES = {
  invalidModelChoice: 'Select a valid choice. That choice is not one of the available choices.',
  invalidChoice: (value: string) => `Select a valid choice. ${value} is not one of the available choices.`,
  number: 'Enter a number.',
  date: 'Enter a valid date.',
} as const;

/** Range filters: one index file of `[value, position]` pairs sorted by value, which both bounds search. */
export const RANGE_FILE = 'sorted';

/** Scan filters: one index file, an array by position of each object's strings (one per `match` slot). */
export const SCAN_FILE = 'scan';

/** Near filters: one index file of `[lat, lng, position]` triples in position order. */
export const NEAR_FILE = 'points';

/** The query parameters a filter reads: its own name, a range's two bounds, or a point and radius. */
export function queryParamsOf(spec: FilterSpec<any>): string[] {
  if (spec.parse.kind === 'data') return [];
  if (spec.parse.kind === 'near') return [spec.parse.lat, spec.parse.lng, spec.parse.radius];
  return spec.parse.kind === 'range' ? [spec.parse.min, spec.parse.max] : [spec.param];
}

/** A timestamp's calendar date in the site's zone: what froide's date filters compare. */
export function dateKey(timestamp: Timestamp | null | undefined): string | null {
  return timestamp === null || timestamp === undefined ? null : formatDateTime(timestamp, DEFAULTS.timeZone).slice(0, 10);
}

export function bucketMode(parse: FilterParse): 'value' | 'hash' {
  if (parse.kind === 'lenient') return parse.accept === 'integer' ? 'hash' : 'value';
  return parse.kind === 'boolean' || parse.kind === 'choice' ? 'value' : 'hash';
}

/** The last byte of the key's FNV-1a hash as two hex digits: the index file of a hashed key. */
export function hashBucket(key: string): string {
  return (fnv1a(key) & 0xff).toString(16).padStart(2, '0');
}

export function indexFile(parse: FilterParse, key: string): string {
  return bucketMode(parse) === 'value' ? key : hashBucket(key);
}

/** Words of a text for `q` filters: lower-cased runs of letters and digits. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Every non-empty prefix of a text: a prefix filter becomes an exact key lookup. */
export function prefixes(text: string): string[] {
  return Array.from({ length: text.length }, (_, i) => text.slice(0, i + 1));
}

/** The key an object value is indexed under; must agree with the keys the parser produces. */
export function indexKey(value: Exclude<IndexValue, null | undefined>): string {
  return typeof value === 'boolean' ? (value ? 'true' : 'false') : String(value);
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

/** A collection's `settings.filters` on `data.<key>` (filingcabinet `apply_data_filters`). */
const DATA_FILTERS: FilterParse = { kind: 'data', prefix: 'data.', requires: 'collection' };

/** Index keys of a document's `data`: `<key>=<value>` for every scalar value. */
export function dataKeys(data: Record<string, unknown> | null | undefined): string[] {
  return Object.entries(data ?? {}).flatMap(([key, value]) =>
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? [dataKey(key, String(value))] : [],
  );
}

/** One data filter's key; an integer value is normalised as Python's int() reads it. */
export function dataKey(key: string, value: string): string {
  const number = pythonInt(value);
  return `${key}=${number === null ? value.trim() : String(number)}`;
}

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
  // ones (an unlisted one's pages need its uid: src/serve/query-views.ts) and derived ones
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

// --- parsing a request value ---------------------------------------------------------------

export type ParsedFilter =
  /** Not applied (empty value, or a boolean django-filter cannot read). */
  | { apply: false }
  /**
   * Objects having `keys` (all of them for `and`, any for `or`). When none has them: `check`
   * ids must exist as `ref` (else a 400, or no filter for `missing: 'ignore'`), and `fallback`
   * keys are tried instead. `scan` and `point` are resolved by the engine from their files.
   */
  | {
      apply: true;
      keys: string[];
      combine: 'and' | 'or';
      check?: { ref: ResourceName; id: string; missing?: 'error' | 'ignore' };
      fallback?: string[];
      scan?: string;
      point?: { lng: number; lat: number; shapes: ResourceName };
    }
  | { error: string };

const INTEGER = /^[+-]?\d+$/;

/** Python's str.capitalize(): the first character upper case, the rest lower case. */
export function capitalize(text: string): string {
  const [first = '', ...rest] = text;
  return first.toUpperCase() + rest.join('').toLowerCase();
}

export function parseValue(parse: FilterParse, raw: string): ParsedFilter {
  const value = raw.trim();
  if (value === '') return { apply: false };
  switch (parse.kind) {
    case 'id': {
      if (parse.none !== undefined && value === parse.none) return { apply: true, keys: [value], combine: 'and' };
      if (!INTEGER.test(value)) return { error: FILTER_MESSAGES.invalidModelChoice };
      const key = String(Number(value));
      return { apply: true, keys: [key], combine: 'and', ...(parse.ref ? { check: { ref: parse.ref, id: key } } : {}) };
    }
    case 'ids': {
      if (parse.invalid === 'ignore') {
        // `[int(x) for x in value.split(",") if x]`: one failing part drops the whole filter
        // (froide catches the ValueError), and so does a value without any part.
        const parts = value.split(',').filter(Boolean).map((part) => part.trim());
        if (!parts.length || !parts.every((part) => INTEGER.test(part))) return { apply: false };
        return { apply: true, keys: parts.map((part) => String(Number(part))), combine: 'or' };
      }
      const parts = value.split(',').map((part) => part.trim()).filter(Boolean);
      if (!parts.every((part) => INTEGER.test(part))) return { error: FILTER_MESSAGES.number };
      const keys = parts.map((part) => String(Number(part)));
      if (parse.subtree && !value.includes(',')) {
        return { apply: true, keys: [`${keys[0]}/`], combine: 'or', check: { ref: parse.subtree, id: keys[0]!, missing: 'ignore' } };
      }
      return { apply: true, keys, combine: 'or' };
    }
    case 'integer':
      if (!/^[+-]?\d+(\.0*)?$/.test(value)) return { error: FILTER_MESSAGES.number };
      return { apply: true, keys: [String(Math.trunc(Number(value)))], combine: 'and' };
    case 'choice':
      if (!parse.choices.includes(value)) return { error: FILTER_MESSAGES.invalidChoice(value) };
      return { apply: true, keys: [value], combine: 'and' };
    case 'boolean': {
      const lower = value.toLowerCase();
      if (lower === 'true' || lower === '1') return { apply: true, keys: ['true'], combine: 'and' };
      if (lower === 'false' || lower === '0') return { apply: true, keys: ['false'], combine: 'and' };
      return { apply: false };
    }
    case 'text':
      if (parse.separator !== undefined) return { apply: true, keys: value.split(parse.separator), combine: 'or' };
      return { apply: true, keys: [raw], combine: 'and', ...(parse.fallback === 'capitalize' ? { fallback: [capitalize(raw)] } : {}) };
    case 'scan':
      return { apply: true, keys: [], combine: 'or', scan: value };
    case 'point': {
      // froide splits once at the first comma; a missing part or a non-number means no filter.
      const comma = value.indexOf(',');
      if (comma < 0) return { apply: false };
      const first = pythonFloat(value.slice(0, comma));
      const second = pythonFloat(value.slice(comma + 1));
      if (first === null || second === null) return { apply: false };
      const [lng, lat] = parse.order === 'lnglat' ? [first, second] : [second, first];
      return { apply: true, keys: [], combine: 'or', point: { lng, lat, shapes: parse.shapes } };
    }
    case 'nochoice':
      if (value === parse.all) return { apply: false };
      return { error: parse.message === 'choice' ? FILTER_MESSAGES.invalidChoice(value) : FILTER_MESSAGES.invalidModelChoice };
    case 'lenient':
      return parseLenient(parse.accept, value);
    case 'words': {
      const list = words(value);
      return list.length ? { apply: true, keys: list, combine: 'and' } : { apply: false };
    }
    case 'range':
      throw new Error('range filters are parsed by parseBound');
    case 'near':
      throw new Error('near filters are parsed by parseNear');
    case 'data':
      throw new Error('data filters are read by the engine from every data.<key> parameter');
  }
}

function parseLenient(accept: Extract<FilterParse, { kind: 'lenient' }>['accept'], value: string): ParsedFilter {
  if (accept === 'present') return { apply: true, keys: ['true'], combine: 'and' };
  if (Array.isArray(accept)) return accept.includes(value) ? { apply: true, keys: [value], combine: 'and' } : { apply: false };
  const number = pythonInt(value);
  if (number === null) return { apply: false };
  if (accept === 'int-bool') return { apply: true, keys: [number !== 0 ? 'true' : 'false'], combine: 'and' };
  return { apply: true, keys: [String(number)], combine: 'and' };
}

export interface Near {
  lat: number;
  lng: number;
  /** Metres, after clamping and the factor. */
  radius: number;
}

/** A near filter's point and radius from the query, or null when it does not apply. */
export function parseNear(parse: NearParse, query: URLSearchParams): Near | null {
  const lat = pythonFloat(query.getAll(parse.lat).at(-1));
  const lng = pythonFloat(query.getAll(parse.lng).at(-1));
  // inf and nan parse in Python but match no distance: treated as no point.
  if (lat === null || lng === null || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const given = pythonInt(query.getAll(parse.radius).at(-1));
  const radius = given ?? parse.defaultRadius;
  if (radius === null) return null;
  const clamped = Math.min(parse.maxRadius ?? Infinity, Math.max(parse.minRadius ?? -Infinity, radius));
  return { lat, lng, radius: Math.trunc(clamped * (parse.factor ?? 1)) };
}

/** One bound of a range filter: a number, or a real date `YYYY-MM-DD`. */
export function parseBound(parse: Extract<FilterParse, { kind: 'range' }>, raw: string): { apply: false } | { apply: true; bound: number | string } | { error: string } {
  const value = raw.trim();
  if (value === '') return { apply: false };
  if (parse.value === 'number') {
    return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(value) ? { apply: true, bound: Number(value) } : { error: FILTER_MESSAGES.number };
  }
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match && new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  const real = date && date.getUTCFullYear() === Number(match![1]) && date.getUTCMonth() === Number(match![2]) - 1 && date.getUTCDate() === Number(match![3]);
  return real ? { apply: true, bound: value } : { error: FILTER_MESSAGES.date };
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

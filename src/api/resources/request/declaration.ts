/** froide's requests (docs/froide.md#request). */
import { REQUEST_RESOLUTIONS, REQUEST_STATUSES } from '../../../content/choices.ts';
import type { Category, Classification, FoiRequest } from '../../../model/types.ts';
import { booleanFilter, dateKey, idFilter, NO_CHOICE, prefixes, textFilter } from '../../filters/common.ts';
import { djangoSlugify } from '../../../formats/python.ts';
import type { FilterSpec } from '../../filters/filter-spec.ts';
import { allow, defineResource, type Judged, type ResourceSpec } from '../declaration-spec.ts';

const filters: FilterSpec<FoiRequest>[] = [
  // froide: active users with a public profile; here the users of published requests.
  { param: 'user', parse: { kind: 'id', known: true }, values: (r) => r.user, known: (archive) => archive.requests.map((request) => request.user) },
  { param: 'is_foi', parse: booleanFilter, values: (r) => r.isFoi },
  { param: 'checked', parse: booleanFilter, values: (r) => r.checked },
  { param: 'has_same', parse: booleanFilter, values: (r) => r.sameAs !== null },
  { param: 'jurisdiction', parse: idFilter('jurisdiction'), values: (r) => r.jurisdiction?.id },
  { param: 'public_body', parse: idFilter('publicbody'), values: (r) => r.publicBody?.id },
  { param: 'law', parse: idFilter('law'), values: (r) => r.law?.id },
  { param: 'project', parse: idFilter(), values: (r) => r.project },
  { param: 'slug', parse: textFilter, values: (r) => r.slug },
  { param: 'status', parse: { kind: 'choice', choices: REQUEST_STATUSES }, values: (r) => r.status },
  // '' is a resolution but also django-filter's "empty value", which means "no filter".
  { param: 'resolution', parse: { kind: 'choice', choices: REQUEST_RESOLUTIONS.filter(Boolean) }, values: (r) => r.resolution },
  { param: 'tags', parse: textFilter, values: (r) => r.tags },
  { param: 'categories', parse: textFilter, values: (r) => r.publicBody?.categories.map((c) => c.name) ?? [] },
  { param: 'classification', parse: textFilter, values: (r) => r.publicBody?.classification?.name },
  // froide: `reference` starts with the value; every prefix is an index key.
  { param: 'reference', parse: textFilter, values: (r) => prefixes(r.reference) },
  { param: 'campaign', parse: idFilter('campaign', '-'), values: (r) => r.campaign?.id ?? '-' },
  // froide: the followers of a request are only filterable by the follower themselves.
  { param: 'follower', parse: NO_CHOICE, values: () => null },
  { param: 'costs', parse: { kind: 'range', value: 'number', min: 'costs_min', max: 'costs_max', errorKey: 'costs' }, values: (r) => r.costs },
  {
    param: 'created_at',
    parse: { kind: 'range', value: 'date', min: 'created_at_after', max: 'created_at_before', maxExclusive: true },
    values: (r) => dateKey(r.createdAt),
  },
];

/**
 * froide's `status` slugs of the request search (okfde/froide:froide/foirequest/filters.py
 * FOIREQUEST_FILTERS, without `awaiting-classification`, which the API's choices leave out):
 * each names a status or a resolution; `overdue` and `has-fee` are computed.
 */
const SEARCH_STATUSES: Record<string, (r: FoiRequest, now: number) => boolean> = {
  successful: (r) => r.resolution === 'successful',
  'partially-successful': (r) => r.resolution === 'partially_successful',
  refused: (r) => r.resolution === 'refused',
  withdrawn: (r) => r.resolution === 'user_withdrew',
  'withdrawn-costs': (r) => r.resolution === 'user_withdrew_costs',
  'awaiting-response': (r) => r.status === 'awaiting_response',
  // froide: awaiting a response and due before now; an archive's now is its build clock, as
  // for the list's `status_representation`.
  overdue: (r, now) => r.status === 'awaiting_response' && r.dueDate !== null && r.dueDate < now,
  asleep: (r) => r.status === 'asleep',
  'not-held': (r) => r.resolution === 'not_held',
  'has-fee': (r) => r.costs > 0,
};

/** A tree node and its ancestors (froide indexes a public body's categories and classification with theirs). */
function withAncestors<T extends Category | Classification>(node: T | null | undefined): T[] {
  const out: T[] = [];
  for (let at = node ?? null; at; at = at.parent as T | null) out.push(at);
  return out;
}

/**
 * froide's request search filter set (okfde/froide:froide/foirequest/filters.py
 * `BaseFoiRequestFilterSet`): slugs where the list filters take ids or names.
 */
const searchFilters: FilterSpec<Judged<FoiRequest>>[] = [
  { param: 'q', parse: { kind: 'fulltext' }, values: () => null },
  { param: 'status', parse: { kind: 'choice', choices: Object.keys(SEARCH_STATUSES) }, values: ({ object: r, now }) => Object.keys(SEARCH_STATUSES).filter((slug) => SEARCH_STATUSES[slug]!(r, now)) },
  {
    param: 'jurisdiction',
    parse: { kind: 'text', known: true },
    values: ({ object: r }) => r.publicBody?.jurisdiction.slug,
    known: (archive) => archive.jurisdictions.map((jurisdiction) => jurisdiction.slug),
  },
  { param: 'jurisdiction_rank', parse: { kind: 'integer' }, values: ({ object: r }) => r.publicBody?.jurisdiction.rank },
  {
    param: 'campaign',
    parse: { kind: 'text', none: '-', known: true },
    values: ({ object: r }) => r.campaign?.slug ?? '-',
    known: (archive) => ['-', ...archive.campaigns.map((campaign) => campaign.slug)],
  },
  {
    param: 'category',
    parse: { kind: 'text', known: true },
    values: ({ object: r }) => (r.publicBody?.categories ?? []).flatMap((category) => withAncestors(category).map((node) => node.slug)),
    known: (archive) => archive.categories.map((category) => category.slug),
  },
  {
    param: 'classification',
    parse: { kind: 'text', known: true },
    values: ({ object: r }) => withAncestors(r.publicBody?.classification).map((node) => node.slug),
    known: (archive) => archive.classifications.map((classification) => classification.slug),
  },
  {
    param: 'tag',
    parse: { kind: 'text', known: true },
    values: ({ object: r }) => r.tags.map(djangoSlugify),
    known: (archive) => archive.requests.flatMap((r) => r.tags.map(djangoSlugify)),
  },
  {
    param: 'publicbody',
    parse: { kind: 'text', known: true },
    values: ({ object: r }) => r.publicBody?.slug,
    known: (archive) => archive.publicBodies.map((body) => body.slug),
  },
  // froide: public user profiles and organizations, which an archive has none of.
  { param: 'user', parse: NO_CHOICE, values: () => null },
  { param: 'organization', parse: NO_CHOICE, values: () => null },
  // froide: the first and the last message's day, both bounds inclusive (DateFromToRangeFilter).
  { param: 'first', parse: { kind: 'range', value: 'date', min: 'first_after', max: 'first_before', errorKey: 'first' }, values: ({ object: r }) => dateKey(r.messages[0]?.timestamp ?? r.createdAt) },
  { param: 'last', parse: { kind: 'range', value: 'date', min: 'last_after', max: 'last_before', errorKey: 'last' }, values: ({ object: r }) => dateKey(r.lastMessage) },
];

export const request: ResourceSpec<FoiRequest> = defineResource('request', 'FoiRequest', 'Foi Request', {
  listMethods: allow('GET', 'POST'),
  detailMethods: allow('GET', 'PUT', 'PATCH'),
  listActions: [
    {
      path: 'search',
      viewName: 'Search',
      source: 'search',
      object: 'FoiRequestList',
      filters: searchFilters,
      // froide's public search index: FOI requests that are no duplicate (`in_public_search_index`).
      scope: { is_foi: 'true', has_same: 'false' },
      sorts: { '-last': 'list', last: 'reverse', '-first': { range: 'first', descending: true }, first: { range: 'first' } },
    },
    { path: 'tags/autocomplete', viewName: 'Tags autocomplete', source: 'names', object: 'NameChoice' },
  ],
  filters,
  objects: { item: 'FoiRequestList', detail: 'FoiRequestDetail' },
  newestFirst: true,
});

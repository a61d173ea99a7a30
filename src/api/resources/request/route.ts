/** froide's requests (docs/froide.md#request). */
import { REQUEST_RESOLUTIONS, REQUEST_STATUSES } from '../../../content/choices.ts';
import type { FoiRequest } from '../../../model/types.ts';
import { boolean, dateKey, id, NO_CHOICE, prefixes, text } from '../../filters/common.ts';
import type { FilterSpec } from '../../filters/spec.ts';
import { allow, defineResource } from '../spec.ts';

const filters: FilterSpec<FoiRequest>[] = [
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

export const request = defineResource('request', 'FoiRequest', 'Foi Request', {
  listMethods: allow('GET', 'POST'),
  detailMethods: allow('GET', 'PUT', 'PATCH'),
  listActions: [{ path: 'tags/autocomplete', viewName: 'Tags autocomplete', source: 'names', object: 'NameChoice' }],
  filters,
  objects: { item: 'FoiRequestList', detail: 'FoiRequestDetail' },
});

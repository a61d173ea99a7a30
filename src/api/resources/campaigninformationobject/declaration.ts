/**
 * froide-campaign's information objects (docs/froide.md#campaigninformationobject): every answer needs `?campaign=<id>`, so
 * the API function answers all of them (src/serve/api/views/campaigninformationobject.ts). AllowAny; create checks the
 * provider's permission itself.
 */
import type { InformationObject } from '../../../model/types.ts';
import { idFilter, prefixes } from '../../filters/common.ts';
import type { FilterSpec } from '../../filters/filter-spec.ts';
import { words } from '../../filters/words.ts';
import { allow, defineResource, type ResourceSpec } from '../declaration-spec.ts';

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
const filters: FilterSpec<InformationObject>[] = [
  { param: 'campaign', parse: idFilter(), values: (o) => o.campaign.id },
  { param: 'q', parse: { kind: 'words' }, values: objectWords },
  { param: 'status', parse: { kind: 'lenient', accept: ['normal', 'pending', 'successful', 'refused'] }, values: campaignStatuses },
  { param: 'category', parse: { kind: 'lenient', accept: 'integer' }, values: (o) => o.categories.map((c) => c.id) },
  { param: 'featured', parse: { kind: 'lenient', accept: 'int-bool' }, values: (o) => o.featured },
  // froide: the radius is required, and 90 % of it counts (GeoDistanceFilter.filter_geo).
  { param: 'near', parse: { kind: 'near', lat: 'lat', lng: 'lng', radius: 'radius', defaultRadius: null, factor: 0.9 }, values: (o) => (o.lat === null || o.lng === null ? null : [o.lat, o.lng]) },
  { param: 'requested', parse: { kind: 'lenient', accept: 'present' }, values: (o) => (o.requests.length ? true : null) },
];

export const campaigninformationobject: ResourceSpec<InformationObject> = defineResource('campaigninformationobject', 'InformationObject', 'Information Object', {
  listMethods: allow('GET', 'POST'),
  permission: 'open',
  byFunction: 'all',
  writeActions: [
    { path: 'report', viewName: 'Report', detail: false },
    { path: 'subscribe', viewName: 'Subscribe', detail: false },
  ],
  filters,
  objects: { item: 'InformationObject', detail: 'InformationObjectDetail', ident: "the object's ident" },
});

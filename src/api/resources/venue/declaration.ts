/**
 * froide-food's venues (docs/froide.md#venue): every answer depends on a location, so the API function
 * answers all of them (src/serve/api/views/venue.ts); `permission_classes = ()`.
 */
import type { Venue } from '../../../model/types.ts';
import { textFilter } from '../../filters/common.ts';
import type { FilterSpec } from '../../filters/filter-spec.ts';
import { allow, defineResource, type ResourceSpec } from '../declaration-spec.ts';

/**
 * froide-food (api_views.py, venue_providers/amenity.py): the point and radius (default 10 km,
 * clamped to 100 m..10 km), `q` in the name (`icontains`), `requested=1` for venues with
 * requests, `categories` (repeatable, any of them; the amenity provider ignores it, docs/api.md).
 */
const filters: FilterSpec<Venue>[] = [
  { param: 'near', parse: { kind: 'near', lat: 'lat', lng: 'lng', radius: 'radius', defaultRadius: 10_000, minRadius: 100, maxRadius: 10_000 }, values: (v) => [v.lat, v.lng] },
  { param: 'q', parse: { kind: 'scan', match: ['icontains'] }, values: (v) => v.name },
  { param: 'requested', parse: { kind: 'lenient', accept: ['1'] }, values: (v) => (v.requests.length ? '1' : null) },
  { param: 'categories', parse: textFilter, values: (v) => v.category, repeat: 'or' },
];

export const venue: ResourceSpec<Venue> = defineResource('venue', 'Venue', 'Venue', {
  listMethods: allow('GET', 'POST'),
  permission: 'open',
  byFunction: 'all',
  filters,
  objects: { item: 'Venue', detail: 'VenueDetail', ident: '`<provider>:<id>`, e.g. `amenity:4711`' },
});

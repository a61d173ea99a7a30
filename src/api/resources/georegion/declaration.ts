/** froide's georegions (docs/froide.md#georegion): a tree with geometries, JSONP among the renderers. */
import { shapeRecord } from '../../../model/geometry.ts';
import type { GeoRegion } from '../../../model/types.ts';
import { ancestors, idFilter, textFilter } from '../../filters/common.ts';
import type { FilterSpec } from '../../filters/filter-spec.ts';
import { defineResource, RENDERS, type ResourceSpec } from '../declaration-spec.ts';

/** froide's georegion filters (okfde/froide:froide/georegion/api_views.py `GeoRegionFilter`). */
const filters: FilterSpec<GeoRegion>[] = [
  { param: 'id', parse: { kind: 'ids', invalid: 'ignore' }, values: (r) => r.id },
  // name contains the value (case-insensitive) OR region_identifier starts with it.
  { param: 'q', parse: { kind: 'scan', match: ['icontains', 'prefix'] }, values: (r) => [r.name, r.regionIdentifier] },
  { param: 'kind', parse: { kind: 'text', separator: ',' }, values: (r) => r.kind },
  { param: 'kind_detail', parse: textFilter, values: (r) => r.kindDetail },
  { param: 'level', parse: { kind: 'integer' }, values: (r) => r.level },
  // treebeard's get_descendants(): the region itself is not included.
  { param: 'ancestor', parse: idFilter('georegion'), values: (r) => ancestors(r) },
  { param: 'latlng', parse: { kind: 'point', order: 'latlng', shapes: 'georegion' }, values: (r) => r.id },
  { param: 'name', parse: { kind: 'text', fallback: 'capitalize' }, values: (r) => r.name },
  { param: 'region_identifier', parse: textFilter, values: (r) => r.regionIdentifier },
  { param: 'slug', parse: textFilter, values: (r) => r.slug },
];

export const georegion: ResourceSpec<GeoRegion> = defineResource('georegion', 'GeoRegion', 'Geo Region', {
  renders: [...RENDERS, 'application/javascript'],
  listActions: [{ path: 'autocomplete', viewName: 'Autocomplete', source: 'list', object: 'IdChoice' }],
  filters,
  // `point` filters (latlng here, publicbody's lnglat) test the regions' polygons.
  shapes: (region: GeoRegion) => shapeRecord(region.id, region.polygons),
  objects: { item: 'GeoRegion', detail: 'GeoRegionDetail' },
});

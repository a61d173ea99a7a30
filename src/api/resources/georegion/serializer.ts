/**
 * Georegion (docs/froide.md#georegion, okfde/froide:froide/georegion/api_views.py): the list shape without
 * geometry, the detail shape with `geom` (MultiPolygon) and `gov_seat`. GeoJSON positions
 * are `[longitude, latitude]`.
 */
import { GEOREGION_KINDS } from '../../../content/choices.ts';
import type { MultiPolygon } from '../../../model/geometry.ts';
import type { GeoRegion } from '../../../model/types.ts';
import { dateTime, enumOf, integer, link, number, ref, selfLink, string } from '../../field-types.ts';
import { geoJsonPoint } from '../../../formats/geo.ts';
import { renderDateTime } from '../context.ts';
import { defineObject, extendObject } from '../object-fields.ts';
import { treeOrder } from '../../../model/records.ts';
import { compareNames, defineBuilt } from '../serializer-spec.ts';
import { georegion as declaration } from './declaration.ts';

/** froide's German names of the kinds (okfde/froide:froide/locale/de/LC_MESSAGES/django.po). */
export const GEOREGION_KIND_LABELS: Record<string, string> = {
  country: 'Land',
  state: 'Bundesland',
  admin_district: 'Regierungsbezirk',
  district: 'Kreis',
  admin_cooperation: 'Verwaltungsgemeinschaft',
  municipality: 'Gemeinde',
  borough: 'Bezirk',
  zipcode: 'Postleitzahl',
  admin_court_jurisdiction: 'Verwaltungsgerichtsbarkeit',
};

/** froide's `str(region)`, the autocomplete label: `<name> (<kind_detail or German kind> - <region_identifier>)`. */
export function georegionLabel(region: GeoRegion): string {
  return `${region.name} (${region.kindDetail || GEOREGION_KIND_LABELS[region.kind] || region.kind} - ${region.regionIdentifier})`;
}

function multiPolygon(polygons: MultiPolygon) {
  return polygons.length ? { type: 'MultiPolygon', coordinates: polygons } : null;
}

/** froide's `GeoRegionSerializer` keys, in its order. */
export const geoRegion = defineObject<GeoRegion>('GeoRegion', {
  resource_uri: [selfLink('georegion'), (region, ctx) => ctx.urls.detail('georegion', region.id)],
  id: [integer, 'id'],
  name: [string, 'name'],
  slug: [string, 'slug'],
  kind: [enumOf(GEOREGION_KINDS), 'kind'],
  kind_detail: [string, 'kindDetail'],
  level: [integer, 'level'],
  region_identifier: [string, 'regionIdentifier'],
  global_identifier: [string, 'globalIdentifier'],
  area: [number.describe('Square metres.'), 'area'],
  population: [integer.nullable(), 'population'],
  valid_on: [dateTime.nullable(), (region, ctx) => renderDateTime(ctx, region.validOn)],
  part_of: [link('georegion').nullable(), (region, ctx) => ctx.urls.ref('georegion', region.parent?.id)],
  centroid: [ref('GeoPoint').nullable(), (region) => geoJsonPoint(region.centroid)],
});

/** `GeoRegionDetailSerializer`: the list shape with the geometry. */
export const geoRegionDetail = extendObject(geoRegion, 'GeoRegionDetail', {
  geom: [ref('MultiPolygon').nullable(), (region) => multiPolygon(region.polygons)],
  gov_seat: [ref('GeoPoint').nullable(), (region) => geoJsonPoint(region.govSeat)],
});

export const georegionBuild = defineBuilt(declaration, {
  list: (archive) => treeOrder(archive.georegions),
  id: (region) => region.id,
  item: geoRegion.serialize,
  detail: geoRegionDetail.serialize,
  ordering: 'tree order by part_of: each region before the regions inside it, siblings by name (froide: treebeard path)',
  // froide: `{"value": pk, "label": str(region)}`, `order_by("level", "name")`, list filters apply.
  actions: {
    autocomplete: {
      source: 'list',
      value: (region: GeoRegion) => region.id,
      label: georegionLabel,
      order: (a: GeoRegion, b: GeoRegion) => a.level - b.level || compareNames(a.name, b.name) || a.id - b.id,
    },
  },
});

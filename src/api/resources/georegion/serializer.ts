/**
 * Georegion (docs/froide.md#georegion, okfde/froide:froide/georegion/api_views.py): the list shape without
 * geometry, the detail shape with `geom` (MultiPolygon) and `gov_seat`. GeoJSON positions
 * are `[longitude, latitude]`.
 */
import type { MultiPolygon } from '../../../model/geometry.ts';
import type { GeoRegion } from '../../../model/types.ts';
import { geoJsonPoint } from '../../../formats/geo.ts';
import { renderDateTime, type RenderContext } from '../context.ts';
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

function serializeGeoRegion(ctx: RenderContext, region: GeoRegion) {
  return {
    resource_uri: ctx.urls.detail('georegion', region.id),
    id: region.id,
    name: region.name,
    slug: region.slug,
    kind: region.kind,
    kind_detail: region.kindDetail,
    level: region.level,
    region_identifier: region.regionIdentifier,
    global_identifier: region.globalIdentifier,
    area: region.area,
    population: region.population,
    valid_on: renderDateTime(ctx, region.validOn),
    part_of: ctx.urls.ref('georegion', region.parent?.id),
    centroid: geoJsonPoint(region.centroid),
  };
}

function serializeGeoRegionDetail(ctx: RenderContext, region: GeoRegion) {
  return { ...serializeGeoRegion(ctx, region), geom: multiPolygon(region.polygons), gov_seat: geoJsonPoint(region.govSeat) };
}

export const georegionBuild = defineBuilt(declaration, {
  list: (archive) => treeOrder(archive.georegions),
  id: (region) => region.id,
  item: serializeGeoRegion,
  detail: serializeGeoRegionDetail,
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

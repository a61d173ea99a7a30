/**
 * Points on the earth: distances for the `near` filter (venue, campaigninformationobject), and
 * a point as the GeoJSON froide's serializers write. froide measures with PostGIS geography (a
 * spheroid); a sphere of the mean radius differs from it by at most ~0.5 %, which docs/api.md states.
 */
const EARTH_RADIUS_M = 6_371_008.8;

const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMeters(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const a = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A `[longitude, latitude]` position as a GeoJSON Point (froide's GeometryField), null without one. */
export function geoJsonPoint(position: readonly [number, number] | null): { type: 'Point'; coordinates: readonly [number, number] } | null {
  return position ? { type: 'Point', coordinates: position } : null;
}

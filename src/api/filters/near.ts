/**
 * near: objects within a radius of a point (haversine, src/formats/geo.ts). Three query
 * parameters; `lat` and `lng` must both be numbers, else no filter. `radius` is a Python int in
 * metres; without one the filter uses `defaultRadius`, or does not apply when that is null.
 * The radius is clamped to [minRadius, maxRadius], then multiplied by `factor` and truncated,
 * as the froide code does.
 *
 * Index: one file of `[lat, lng, position]` triples in position order.
 */
import { distanceMeters } from '../../formats/geo.ts';
import { pythonFloat, pythonInt } from '../../formats/python.ts';
import type { FilterKind, LookupContext } from './kind.ts';
import type { NearParse } from './parses.ts';

export const NEAR_FILE = 'points';

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

export const near: FilterKind<NearParse> = {
  index(spec, ordered) {
    const points: [number, number, number][] = [];
    ordered.forEach((object, position) => {
      const value = spec.values(object);
      if (Array.isArray(value) && typeof value[0] === 'number' && typeof value[1] === 'number') points.push([value[0], value[1], position]);
    });
    return [{ file: NEAR_FILE, body: JSON.stringify(points) }];
  },
  read(spec, query) {
    const point = parseNear(spec.parse, query);
    if (!point) return { lookups: [] };
    // One scan of the points file, O(objects with a point).
    const positions = async ({ reader }: LookupContext) => {
      const points = ((await reader.index(NEAR_FILE)) ?? []) as [number, number, number][];
      return points.filter(([lat, lng]) => distanceMeters(point.lat, point.lng, lat, lng) <= point.radius).map(([, , position]) => position);
    };
    return { lookups: [{ param: spec.param, positions }] };
  },
};

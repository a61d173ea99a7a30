/**
 * Plain geometry of georegions: no library, no I/O. Used by the model stage (area and
 * centroid derived from the geometry, well-formedness checks), by the build (the compact
 * shapes file) and by the serving layer (which regions cover a point). Web-standard only:
 * the Netlify function bundles it.
 *
 * Coordinates are GeoJSON positions `[longitude, latitude]` in degrees (WGS 84).
 */

/** `[longitude, latitude]`. */
export type Position = [number, number];
/** Rings of one polygon: the outer ring, then its holes. Each ring is closed (last = first). */
export type Polygon = Position[][];
/** The coordinates of a GeoJSON MultiPolygon. */
export type MultiPolygon = Polygon[];

/** Radius of the sphere with the WGS 84 ellipsoid's surface area (authalic radius), metres. */
export const AUTHALIC_RADIUS = 6_371_007.181;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * Area of a ring on the sphere in m², unsigned (Chamberlain & Duquette, "Some algorithms for
 * polygons on a sphere", 2007, as used by d3 and turf). On the authalic sphere it stays within
 * a few tenths of a percent of the area on the WGS 84 ellipsoid at German latitudes.
 */
function sphericalRingArea(ring: readonly Position[]): number {
  const n = ring.length - 1; // closed: the last position repeats the first
  if (n < 3) return 0;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const lower = ring[i]!;
    const middle = ring[(i + 1) % n]!;
    const upper = ring[(i + 2) % n]!;
    total += (radians(upper[0]) - radians(lower[0])) * Math.sin(radians(middle[1]));
  }
  return Math.abs((total * AUTHALIC_RADIUS * AUTHALIC_RADIUS) / 2);
}

/** Area of a MultiPolygon on the sphere in m²: outer rings minus their holes. */
export function sphericalArea(polygons: MultiPolygon): number {
  let area = 0;
  for (const [outer, ...holes] of polygons) {
    area += sphericalRingArea(outer!) - holes.reduce((sum, hole) => sum + sphericalRingArea(hole), 0);
  }
  return Math.max(0, area);
}

/** Signed planar area (shoelace, in degree²) and the area-weighted centre of one ring. */
function planarRing(ring: readonly Position[]): { area: number; x: number; y: number } {
  let twice = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x0, y0] = ring[i]!;
    const [x1, y1] = ring[i + 1]!;
    const cross = x0 * y1 - x1 * y0;
    twice += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  return twice === 0 ? { area: 0, x: 0, y: 0 } : { area: twice / 2, x: cx / (3 * twice), y: cy / (3 * twice) };
}

/**
 * The centroid froide publishes: GEOS's centroid of the MultiPolygon, computed in the plane of
 * longitude/latitude degrees, weighted by each polygon's area, holes subtracted. (froide calls
 * `geom.centroid` on a geography column; GEOS does not know it is on a sphere.) A geometry
 * without area gets the mean of its positions.
 */
export function planarCentroid(polygons: MultiPolygon): Position | null {
  let weight = 0;
  let x = 0;
  let y = 0;
  for (const polygon of polygons) {
    polygon.forEach((ring, index) => {
      const part = planarRing(ring);
      const signed = (index === 0 ? 1 : -1) * Math.abs(part.area);
      weight += signed;
      x += signed * part.x;
      y += signed * part.y;
    });
  }
  if (weight !== 0) return [x / weight, y / weight];
  const all = polygons.flat(2);
  if (all.length === 0) return null;
  return [all.reduce((sum, p) => sum + p[0], 0) / all.length, all.reduce((sum, p) => sum + p[1], 0) / all.length];
}

// --- the shapes file and point-in-polygon ------------------------------------------------------

/**
 * One region in the shapes file: `[id, minLng, minLat, maxLng, maxLat, ring, ring, ...]`,
 * each ring flat `[lng0, lat0, lng1, lat1, ...]` (closed). The rings of all polygons are
 * listed together: in a valid MultiPolygon polygons do not overlap and holes lie inside their
 * outer ring, so even-odd counting over all rings decides "inside" correctly.
 */
export type ShapeRecord = [number, number, number, number, number, ...number[][]];

export function shapeRecord(id: number, polygons: MultiPolygon): ShapeRecord | null {
  const rings = polygons.flat(1);
  if (rings.length === 0) return null;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of rings.flat(1)) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return [id, minX, minY, maxX, maxY, ...rings.map((ring) => ring.flatMap(([x, y]) => [x, y]))];
}

/** True when (x, y) lies on the segment (x0, y0)-(x1, y1), allowing for rounding. */
function onSegment(x: number, y: number, x0: number, y0: number, x1: number, y1: number): boolean {
  if (x < Math.min(x0, x1) || x > Math.max(x0, x1) || y < Math.min(y0, y1) || y > Math.max(y0, y1)) return false;
  const cross = (x - x0) * (y1 - y0) - (y - y0) * (x1 - x0);
  return Math.abs(cross) <= 1e-12 * Math.max(1, Math.abs(x1 - x0) + Math.abs(y1 - y0));
}

/**
 * PostGIS `ST_Covers` for a point, which froide's `latlng`/`lnglat` filters use: inside or on
 * the boundary (a hole's edge is boundary too). Even-odd ray casting over every ring, so holes
 * are respected whatever the rings' orientation.
 */
export function shapeCovers(shape: ShapeRecord, x: number, y: number): boolean {
  if (!(x >= shape[1] && x <= shape[3] && y >= shape[2] && y <= shape[4])) return false;
  let inside = false;
  for (let r = 5; r < shape.length; r++) {
    const ring = shape[r] as number[];
    for (let i = 0, j = ring.length - 2; i < ring.length; j = i, i += 2) {
      const xi = ring[i]!;
      const yi = ring[i + 1]!;
      const xj = ring[j]!;
      const yj = ring[j + 1]!;
      if (onSegment(x, y, xj, yj, xi, yi)) return true;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** Ids of the regions in a shapes file that cover the point, in file order. */
export function coveringIds(shapes: readonly ShapeRecord[], x: number, y: number): number[] {
  return shapes.filter((shape) => shapeCovers(shape, x, y)).map((shape) => shape[0]);
}

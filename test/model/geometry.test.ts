import { describe, expect, it } from 'vitest';
import {
  AUTHALIC_RADIUS,
  coveringIds,
  planarCentroid,
  shapeCovers,
  shapeRecord,
  sphericalArea,
  type Polygon,
  type Position,
} from '../../src/model/geometry.ts';

/** An axis-aligned rectangle as a closed ring, counter-clockwise. */
function box(west: number, south: number, east: number, north: number): Position[] {
  return [[west, south], [east, south], [east, north], [west, north], [west, south]];
}

/** A 10×10 square with a 4×4 hole in the middle (the hole clockwise, as GeoJSON wants). */
const SQUARE_WITH_HOLE: Polygon = [box(0, 0, 10, 10), box(3, 3, 7, 7).reverse()];

describe('point in polygon (ST_Covers semantics)', () => {
  const shape = shapeRecord(1, [SQUARE_WITH_HOLE])!;

  it('writes the bounding box and the flat rings', () => {
    expect(shape.slice(0, 5)).toEqual([1, 0, 0, 10, 10]);
    expect(shape[5]).toEqual([0, 0, 10, 0, 10, 10, 0, 10, 0, 0]);
    expect(shape).toHaveLength(7);
  });

  it('covers points inside the outer ring but not inside the hole', () => {
    expect(shapeCovers(shape, 1, 1)).toBe(true);
    expect(shapeCovers(shape, 8.5, 5)).toBe(true);
    expect(shapeCovers(shape, 5, 5)).toBe(false);
    expect(shapeCovers(shape, 3.5, 6.9)).toBe(false);
  });

  it('covers the boundary: outer edges, corners and the edges of the hole', () => {
    expect(shapeCovers(shape, 0, 5)).toBe(true);
    expect(shapeCovers(shape, 10, 10)).toBe(true);
    expect(shapeCovers(shape, 5, 0)).toBe(true);
    expect(shapeCovers(shape, 3, 5)).toBe(true);
    expect(shapeCovers(shape, 7, 7)).toBe(true);
  });

  it('rejects points outside the bounding box, and points just outside it on either axis', () => {
    expect(shapeCovers(shape, -0.000001, 5)).toBe(false);
    expect(shapeCovers(shape, 5, 10.000001)).toBe(false);
    expect(shapeCovers(shape, 11, 11)).toBe(false);
    expect(shapeCovers(shape, Number.NaN, 5)).toBe(false);
  });

  it('rejects points inside the bounding box but outside a concave ring', () => {
    // An L: the square 0..10 without its upper right quarter.
    const ell = shapeRecord(2, [[[[0, 0], [10, 0], [10, 5], [5, 5], [5, 10], [0, 10], [0, 0]]]])!;
    expect(shapeCovers(ell, 7, 7)).toBe(false);
    expect(shapeCovers(ell, 7, 3)).toBe(true);
    expect(shapeCovers(ell, 3, 7)).toBe(true);
    expect(shapeCovers(ell, 5, 7)).toBe(true);
  });

  it('finds every region of a MultiPolygon list that covers the point, in file order', () => {
    const shapes = [
      shapeRecord(10, [[box(0, 0, 20, 20)]])!,
      shapeRecord(11, [SQUARE_WITH_HOLE, [box(12, 12, 14, 14)]])!,
      shapeRecord(12, [[box(30, 30, 31, 31)]])!,
    ];
    expect(coveringIds(shapes, 13, 13)).toEqual([10, 11]);
    expect(coveringIds(shapes, 5, 5)).toEqual([10]);
    expect(coveringIds(shapes, 30.5, 30.5)).toEqual([12]);
    expect(coveringIds(shapes, 25, 25)).toEqual([]);
  });

  it('has no shape for a region without geometry', () => {
    expect(shapeRecord(3, [])).toBeNull();
  });
});

describe('derived area and centroid', () => {
  it('area of a one-degree cell on the equator is R² · Δλ · (sin φ₂ − sin φ₁)', () => {
    const expected = AUTHALIC_RADIUS ** 2 * (Math.PI / 180) * Math.sin(Math.PI / 180);
    expect(sphericalArea([[box(0, 0, 1, 1)]])).toBeCloseTo(expected, 0);
    expect(Math.round(expected / 1e6)).toBe(12364);
  });

  it('subtracts holes and adds the polygons of a MultiPolygon, whatever the ring orientation', () => {
    const outer = sphericalArea([[box(10, 50, 12, 52)]]);
    const hole = sphericalArea([[box(10.5, 50.5, 11.5, 51.5)]]);
    expect(sphericalArea([[box(10, 50, 12, 52).reverse()]])).toBeCloseTo(outer, 3);
    expect(sphericalArea([[box(10, 50, 12, 52), box(10.5, 50.5, 11.5, 51.5)]])).toBeCloseTo(outer - hole, 3);
    expect(sphericalArea([[box(10, 50, 12, 52)], [box(20, 50, 22, 52)]])).toBeCloseTo(2 * outer, 0);
  });

  it('centroid is GEOS\'s planar, area-weighted one: holes pull it away, polygons weigh by area', () => {
    expect(planarCentroid([[box(0, 0, 10, 10)]])).toEqual([5, 5]);
    // 10×10 square minus the 4×4 hole at its lower left corner (0..4): (100·5 − 16·2) / 84.
    const [x, y] = planarCentroid([[box(0, 0, 10, 10), box(0, 0, 4, 4)]])!;
    expect(x).toBeCloseTo(468 / 84, 12);
    expect(y).toBeCloseTo(468 / 84, 12);
    // Areas 4 and 1: (4·(1, 1) + 1·(10.5, 0.5)) / 5.
    expect(planarCentroid([[box(0, 0, 2, 2)], [box(10, 0, 11, 1)]])).toEqual([2.9, 0.9]);
    expect(planarCentroid([])).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { hashBucket } from '../../../src/api/filters/keyed.ts';
import { point, shapesFile } from '../../../src/api/filters/point.ts';
import { shapeRecord, type ShapeRecord } from '../../../src/model/geometry.ts';
import { answer, filesOf, specOf } from './helpers.ts';

/** Two squares side by side: region 1 over lng 0..1, region 2 over lng 1..2, both lat 0..1. */
const square = (id: number, x: number) => shapeRecord(id, [[[[x, 0], [x + 1, 0], [x + 1, 1], [x, 1], [x, 0]]]])!;
const SHAPES: ShapeRecord[] = [square(1, 0), square(2, 1)];

describe('point filter', () => {
  it.each([
    ['0.5,1.5', 'latlng', { value: { lat: 0.5, lng: 1.5 } }],
    ['1.5, 0.5', 'lnglat', { value: { lat: 0.5, lng: 1.5 } }],
    ['1e0,2', 'lnglat', { value: { lat: 2, lng: 1 } }],
    ['1.5', 'lnglat', null],
    ['a,b', 'lnglat', null],
  ] as const)('parses %j (%s) as %j', (raw, order, parsed) => {
    expect(point.parse({ kind: 'point', order, shapes: 'georegion' }, raw)).toEqual(parsed);
  });

  it('indexes the ids of the shapes an object lies in; the shapes file lists the geometries', () => {
    expect(filesOf(point.index(specOf({ kind: 'point', order: 'lnglat', shapes: 'georegion' }), [{ v: [1, 2] }, { v: 2 }]))).toEqual({
      ...{ [hashBucket('1')]: { 1: [0] } },
      ...{ [hashBucket('2')]: { 2: [0, 1] } },
    });
    expect(JSON.parse(shapesFile([{ id: 1 }, { id: 3 }], (object: { id: number }) => (object.id === 1 ? SHAPES[0]! : null)))).toEqual([SHAPES[0]]);
  });

  it.each([
    ['f=0.5,0.5', [[0]]],
    ['f=1.5,0.5', [[0, 1]]],
    ['f=5,5', [[]]],
    ['f=nowhere', []],
  ])('answers %s with %j', async (query, expected) => {
    const spec = specOf({ kind: 'point', order: 'lnglat', shapes: 'georegion' });
    expect(await answer(point, spec, [{ v: [1, 2] }, { v: 2 }], query, { shapes: { georegion: SHAPES } })).toEqual(expected);
  });
});

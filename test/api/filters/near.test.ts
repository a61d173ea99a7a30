import { describe, expect, it } from 'vitest';
import { near, NEAR_FILE, parseNear } from '../../../src/api/filters/near.ts';
import type { NearParse } from '../../../src/api/filters/parses.ts';
import { answer, specOf } from './helpers.ts';

const VENUES: NearParse = { kind: 'near', lat: 'lat', lng: 'lng', radius: 'radius', defaultRadius: 10_000, minRadius: 100, maxRadius: 10_000 };
const OBJECTS: NearParse = { kind: 'near', lat: 'lat', lng: 'lng', radius: 'radius', defaultRadius: null, factor: 0.9 };

describe('near filter', () => {
  it.each([
    [VENUES, 'lat=52.5&lng=13.4', { lat: 52.5, lng: 13.4, radius: 10_000 }],
    [VENUES, 'lat=52.5&lng=13.4&radius=5', { lat: 52.5, lng: 13.4, radius: 100 }],
    [VENUES, 'lat=52.5&lng=13.4&radius=99999', { lat: 52.5, lng: 13.4, radius: 10_000 }],
    [VENUES, 'lat=52.5&lng=13.4&radius=1.5', { lat: 52.5, lng: 13.4, radius: 10_000 }],
    [VENUES, 'lat=inf&lng=13.4', null],
    [VENUES, 'lat=52.5', null],
    [OBJECTS, 'lat=52.5&lng=13.4', null],
    [OBJECTS, 'lat=52.5&lng=13.4&radius=1001', { lat: 52.5, lng: 13.4, radius: 900 }],
  ] as const)('reads %#: %s', (parse, query, parsed) => {
    expect(parseNear(parse, new URLSearchParams(query))).toEqual(parsed);
  });

  it('indexes [lat, lng, position] of every object with a point', () => {
    expect(near.index(specOf(VENUES), [{ v: [52.5, 13.4] }, { v: null }, { v: [48.1, 11.6] }])).toEqual([{ file: NEAR_FILE, body: '[[52.5,13.4,0],[48.1,11.6,2]]' }]);
  });

  // 0.01° of latitude is ~1,112 m.
  const objects = [{ v: [52.5, 13.4] }, { v: [52.51, 13.4] }, { v: [52.6, 13.4] }];
  it.each([
    ['lat=52.5&lng=13.4&radius=1000', [[0]]],
    ['lat=52.5&lng=13.4&radius=1200', [[0, 1]]],
    ['lat=52.5&lng=13.4', [[0, 1]]],
    ['lng=13.4', []],
  ])('answers %s with %j', async (query, expected) => {
    expect(await answer(near, specOf(VENUES), objects, query)).toEqual(expected);
  });
});

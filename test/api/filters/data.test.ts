import { describe, expect, it } from 'vitest';
import { data, dataKey, dataKeys } from '../../../src/api/filters/data.ts';
import type { DataParse } from '../../../src/api/filters/parses.ts';
import { hashBucket } from '../../../src/api/filters/keyed.ts';
import { answer, filesOf } from './helpers.ts';

const PARSE: DataParse = { kind: 'data', prefix: 'data.', requires: 'collection' };
const spec = { param: 'data', parse: PARSE, values: (object: { data: Record<string, unknown> }) => dataKeys(object.data) };

describe('data filter', () => {
  it.each([
    ['year', ' 2020 ', 'year=2020'],
    ['year', '+007', 'year=7'],
    ['party', ' Grüne ', 'party=Grüne'],
  ])('the key of %s=%j is %j', (key, value, expected) => {
    expect(dataKey(key, value)).toBe(expected);
  });

  it('indexes every scalar of `data` as <key>=<value>', () => {
    expect(dataKeys({ year: 2020, final: true, party: 'x', tags: ['a'], none: null })).toEqual(['year=2020', 'final=true', 'party=x']);
    expect(filesOf(data.index(spec, [{ data: { year: 2020 } }, { data: {} }, { data: { year: '2020' } }]))).toEqual({ [hashBucket('year=2020')]: { 'year=2020': [0, 2] } });
  });

  const objects = [{ data: { year: 2020, party: 'a' } }, { data: { year: 2021, party: 'a' } }];
  it.each([
    ['collection=1&data.year=2020', [[0]]],
    ['collection=1&data.party=a&data.year=2021', [[0, 1], [1]]],
    ['collection=1&data.year=', []],
    ['data.year=2020', []],
    ['collection=&data.year=2020', []],
  ])('answers %s with one lookup per data parameter: %j', async (query, expected) => {
    expect(await answer(data, spec, objects, query)).toEqual(expected);
  });
});

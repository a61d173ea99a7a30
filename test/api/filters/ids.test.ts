import { describe, expect, it } from 'vitest';
import { ids } from '../../../src/api/filters/ids.ts';
import { hashBucket } from '../../../src/api/filters/keyed.ts';
import { FILTER_MESSAGES } from '../../../src/api/filters/filter-spec.ts';
import { answer, filesOf, specOf } from './helpers.ts';

describe('ids filter', () => {
  it.each([
    ['1, 2,,3', {}, { value: { keys: ['1', '2', '3'] } }],
    ['1,x', {}, { error: FILTER_MESSAGES.number }],
    [',', {}, { value: { keys: [] } }],
    ['1,,2', { invalid: 'ignore' }, { value: { keys: ['1', '2'] } }],
    ['1,x', { invalid: 'ignore' }, null],
    [',', { invalid: 'ignore' }, null],
    ['1, ,2', { invalid: 'ignore' }, null],
    ['7', { subtree: 'georegion' }, { value: { keys: ['7/'], subtree: { resource: 'georegion', id: '7' } } }],
    ['7,8', { subtree: 'georegion' }, { value: { keys: ['7', '8'] } }],
  ] as const)('parses %j (%j) as %j', (raw, options, parsed) => {
    expect(ids.parse({ kind: 'ids', ...options }, raw)).toEqual(parsed);
  });

  it('indexes every key an object has', () => {
    expect(filesOf(ids.index(specOf({ kind: 'ids' }), [{ v: ['1', '1/'] }, { v: ['2', '2/', '1/'] }]))).toEqual({
      ...{ [hashBucket('1')]: { 1: [0] } },
      ...{ [hashBucket('2')]: { 2: [1] } },
      ...{ [hashBucket('1/')]: { '1/': [0, 1] } },
      ...{ [hashBucket('2/')]: { '2/': [1] } },
    });
  });

  const objects = [{ v: ['1', '1/'] }, { v: ['2', '2/', '1/'] }, { v: ['3', '3/'] }];
  it.each([
    ['f=1,3', {}, [[0, 2]]],
    ['f=1', {}, [[0]]],
    ['f=9', {}, [[]]],
    ['f=1', { subtree: 'georegion' as const }, [[0, 1]]],
    ['f=9', { subtree: 'georegion' as const }, [null]],
    ['f=4', { subtree: 'georegion' as const }, [[]]],
    ['f=a', {}, { errors: { f: [FILTER_MESSAGES.number] } }],
    ['f=a', { invalid: 'ignore' as const }, []],
  ])('answers %s (%j) with %j', async (query, options, expected) => {
    expect(await answer(ids, specOf({ kind: 'ids', ...options }), objects, query, { existing: ['georegion/4'] })).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { integerKind } from '../../../src/api/filters/integer.ts';
import { hashBucket } from '../../../src/api/filters/keyed.ts';
import { FILTER_MESSAGES } from '../../../src/api/filters/filter-spec.ts';
import { answer, filesOf, specOf } from './helpers.ts';

const keys = (...list: string[]) => ({ value: { keys: list, combine: 'and' } });

describe('integer filter', () => {
  it.each([
    ['3', keys('3')],
    [' -3 ', keys('-3')],
    ['3.00', keys('3')],
    ['3.5', { error: FILTER_MESSAGES.number }],
    ['drei', { error: FILTER_MESSAGES.number }],
    ['', null],
  ] as const)('parses %j as %j', (raw, parsed) => {
    expect(integerKind.parse({ kind: 'integer' }, raw)).toEqual(parsed);
  });

  it('indexes numbers by hash', () => {
    expect(filesOf(integerKind.index(specOf({ kind: 'integer' }), [{ v: 2 }, { v: null }, { v: 2 }]))).toEqual({ [hashBucket('2')]: { 2: [0, 2] } });
  });

  it.each([
    ['f=2', [[0, 2]]],
    ['f=2.0', [[0, 2]]],
    ['f=3', [[]]],
    ['f=x&f=2', [[0, 2]]],
    ['f=2&f=x', { errors: { f: [FILTER_MESSAGES.number] } }],
  ])('answers %s with %j (the last value counts)', async (query, expected) => {
    expect(await answer(integerKind, specOf({ kind: 'integer' }), [{ v: 2 }, { v: 1 }, { v: 2 }], query)).toEqual(expected);
  });
});

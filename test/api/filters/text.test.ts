import { describe, expect, it } from 'vitest';
import { hashBucket } from '../../../src/api/filters/keyed.ts';
import { FILTER_MESSAGES } from '../../../src/api/filters/filter-spec.ts';
import { textKind } from '../../../src/api/filters/text.ts';
import { answer, filesOf, specOf } from './helpers.ts';

describe('text filter', () => {
  it.each([
    [' Berlin ', {}, { value: { keys: [' Berlin '], combine: 'and' } }],
    ['state,city', { separator: ',' }, { value: { keys: ['state', 'city'], combine: 'or' } }],
    ['berlin', { fallback: 'capitalize' }, { value: { keys: ['berlin'], combine: 'and', fallback: ['Berlin'] } }],
    ['  ', {}, null],
  ] as const)('parses %j (%j) as %j', (raw, options, parsed) => {
    expect(textKind.parse({ kind: 'text', ...options }, raw)).toEqual(parsed);
  });

  it('indexes strings by hash', () => {
    expect(filesOf(textKind.index(specOf({ kind: 'text' }), [{ v: 'a' }, { v: ['b', 'a'] }]))).toEqual({
      ...{ [hashBucket('a')]: { a: [0, 1] } },
      ...{ [hashBucket('b')]: { b: [1] } },
    });
  });

  const objects = [{ v: 'Berlin' }, { v: 'state' }, { v: 'city' }, { v: 'berlin' }];
  it.each([
    ['f=Berlin', {}, [[0]]],
    ['f=BERLIN', {}, [[]]],
    ['f=state,city', { separator: ',' }, [[1, 2]]],
    ['f=state,city', {}, [[]]],
    ['f=berlin', { fallback: 'capitalize' as const }, [[3]]],
    ['f=bERLIN', { fallback: 'capitalize' as const }, [[0]]],
    ['f=Hamburg', { known: true }, [FILTER_MESSAGES.invalidModelChoice]],
    ['f=city', { known: true }, [[2]]],
  ])('answers %s (%j) with %j', async (query, options, expected) => {
    expect(await answer(textKind, specOf({ kind: 'text', ...options }), objects, query)).toEqual(expected);
  });

  it('repeat: `or` keeps objects with any of the values, `and` those with all', async () => {
    const objects = [{ v: ['a'] }, { v: ['a', 'b'] }, { v: ['b'] }];
    expect(await answer(textKind, specOf({ kind: 'text' }, { repeat: 'or' }), objects, 'f=a&f=b')).toEqual([[0, 1, 2]]);
    expect(await answer(textKind, specOf({ kind: 'text' }, { repeat: 'and' }), objects, 'f=a&f=b')).toEqual([[1]]);
    expect(await answer(textKind, specOf({ kind: 'text' }), objects, 'f=a&f=b')).toEqual([[1, 2]]);
  });
});

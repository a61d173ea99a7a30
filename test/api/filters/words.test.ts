import { describe, expect, it } from 'vitest';
import { words, wordsKind } from '../../../src/api/filters/words.ts';
import { answer, specOf } from './helpers.ts';

describe('words filter', () => {
  it.each([
    ['Kita Süd-Ost 3', { value: { keys: ['kita', 'süd', 'ost', '3'], combine: 'and' } }],
    [' -- ', null],
    ['', null],
  ] as const)('parses %j as %j', (raw, parsed) => {
    expect(wordsKind.parse({ kind: 'words' }, raw)).toEqual(parsed);
  });

  it('words are lower-cased runs of letters and digits', () => {
    expect(words('Straße 12a, ÄRGER!')).toEqual(['straße', '12a', 'ärger']);
  });

  it.each([
    ['f=kita', [[0, 1]]],
    ['f=Kita Süd', [[1]]],
    ['f=kita nord', [[]]],
    ['f=!!', []],
  ])('answers %s with %j: every word a key', async (query, expected) => {
    expect(await answer(wordsKind, specOf({ kind: 'words' }), [{ v: ['kita', 'nord-west'] }, { v: ['kita', 'süd'] }], query)).toEqual(expected);
  });
});

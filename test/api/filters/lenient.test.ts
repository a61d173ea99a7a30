import { describe, expect, it } from 'vitest';
import { hashBucket } from '../../../src/api/filters/keyed.ts';
import { lenient } from '../../../src/api/filters/lenient.ts';
import type { LenientParse } from '../../../src/api/filters/parses.ts';
import { answer, filesOf, specOf } from './helpers.ts';

const key = (value: string) => ({ value: { keys: [value], combine: 'and' } });

describe('lenient filter', () => {
  it.each([
    ['pending', ['normal', 'pending'], key('pending')],
    ['other', ['normal', 'pending'], null],
    [' 12 ', 'integer', key('12')],
    ['12.0', 'integer', null],
    ['0', 'int-bool', key('false')],
    ['-3', 'int-bool', key('true')],
    ['yes', 'int-bool', null],
    ['anything', 'present', key('true')],
    ['', 'present', null],
  ] as const)('parses %j (accept %j) as %j', (raw, accept, parsed) => {
    expect(lenient.parse({ kind: 'lenient', accept }, raw)).toEqual(parsed);
  });

  it('indexes integers by hash and everything else by value', () => {
    expect(filesOf(lenient.index(specOf({ kind: 'lenient', accept: 'integer' }), [{ v: 12 }]))).toEqual({ [hashBucket('12')]: { 12: [0] } });
    expect(filesOf(lenient.index(specOf({ kind: 'lenient', accept: 'int-bool' }), [{ v: true }, { v: false }]))).toEqual({ true: { true: [0] }, false: { false: [1] } });
  });

  it.each([
    ['f=12', 'integer', [[0]]],
    ['f=x', 'integer', []],
    ['f=1', 'int-bool', [[1]]],
    ['f=0', 'int-bool', [[0]]],
  ] as [string, LenientParse['accept'], unknown][])('answers %s (accept %j) with %j, never a 400', async (query, accept, expected) => {
    expect(await answer(lenient, specOf({ kind: 'lenient', accept }), [{ v: [12, false] }, { v: [13, true] }], query)).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { booleanKind } from '../../../src/api/filters/boolean.ts';
import { answer, filesOf, specOf } from './helpers.ts';

const parse = { kind: 'boolean' } as const;
const key = (value: string) => ({ value: { keys: [value], combine: 'and' } });

describe('boolean filter', () => {
  it.each([
    ['true', key('true')],
    ['TRUE', key('true')],
    ['1', key('true')],
    ['False', key('false')],
    ['0', key('false')],
    ['yes', null],
    ['', null],
  ] as const)('parses %j as %j', (raw, parsed) => {
    expect(booleanKind.parse(parse, raw)).toEqual(parsed);
  });

  it('indexes true and false in files named after them', () => {
    expect(filesOf(booleanKind.index(specOf(parse), [{ v: true }, { v: false }, { v: true }, { v: null }]))).toEqual({
      false: { false: [1] },
      true: { true: [0, 2] },
    });
  });

  it.each([
    ['f=1', [[0, 2]]],
    ['f=false', [[1]]],
    ['f=maybe', []],
  ])('answers %s with %j', async (query, expected) => {
    expect(await answer(booleanKind, specOf(parse), [{ v: true }, { v: false }, { v: true }], query)).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { nochoice } from '../../../src/api/filters/nochoice.ts';
import { FILTER_MESSAGES } from '../../../src/api/filters/filter-spec.ts';
import { answer, specOf } from './helpers.ts';

describe('nochoice filter', () => {
  it.each([
    ['me', {}, { error: FILTER_MESSAGES.invalidModelChoice }],
    ['x', { message: 'choice' }, { error: 'Select a valid choice. x is not one of the available choices.' }],
    ['-', { all: '-', message: 'choice' }, null],
    ['', {}, null],
  ] as const)('parses %j (%j) as %j', (raw, options, parsed) => {
    expect(nochoice.parse({ kind: 'nochoice', ...options }, raw)).toEqual(parsed);
  });

  it('writes no index', () => {
    expect(nochoice.index(specOf({ kind: 'nochoice' }), [{ v: null }])).toEqual([]);
  });

  it.each([
    ['f=3', { errors: { f: [FILTER_MESSAGES.invalidModelChoice] } }],
    ['f=', []],
  ])('answers %s with %j', async (query, expected) => {
    expect(await answer(nochoice, specOf({ kind: 'nochoice' }), [{ v: null }], query)).toEqual(expected);
  });
});

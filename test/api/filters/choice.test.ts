import { describe, expect, it } from 'vitest';
import { choiceKind } from '../../../src/api/filters/choice.ts';
import { FILTER_MESSAGES } from '../../../src/api/filters/filter-spec.ts';
import { answer, filesOf, specOf } from './helpers.ts';

const parse = { kind: 'choice', choices: ['resolved', 'asleep'] } as const;

describe('choice filter', () => {
  it.each([
    ['resolved', { value: { keys: ['resolved'], combine: 'and' } }],
    [' asleep ', { value: { keys: ['asleep'], combine: 'and' } }],
    ['Resolved', { error: FILTER_MESSAGES.invalidChoice('Resolved') }],
    ['', null],
  ] as const)('parses %j as %j', (raw, parsed) => {
    expect(choiceKind.parse(parse, raw)).toEqual(parsed);
  });

  it('indexes each choice in a file named after it', () => {
    expect(filesOf(choiceKind.index(specOf(parse), [{ v: 'asleep' }, { v: 'resolved' }, { v: 'asleep' }]))).toEqual({
      asleep: { asleep: [0, 2] },
      resolved: { resolved: [1] },
    });
  });

  it.each([
    ['f=asleep', [[0, 2]]],
    ['f=resolved', [[]]],
    ['f=nope', { errors: { f: ['Select a valid choice. nope is not one of the available choices.'] } }],
  ])('answers %s with %j', async (query, expected) => {
    expect(await answer(choiceKind, specOf(parse), [{ v: 'asleep' }, { v: null }, { v: 'asleep' }], query)).toEqual(expected);
  });
});

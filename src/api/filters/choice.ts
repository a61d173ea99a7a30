/** choice: one of `choices` (django-filter's ChoiceFilter); another value is a 400 that names it. */
import { keysKind } from './keyed.ts';
import { FILTER_MESSAGES } from './filter-spec.ts';
import type { ChoiceParse } from './parses.ts';

export const choiceKind = keysKind<ChoiceParse>('value', (parse, value) => {
  if (!parse.choices.includes(value)) return { error: FILTER_MESSAGES.invalidChoice(value) };
  return { value: { keys: [value], combine: 'and' } };
});

/** choice: one of `choices` (django-filter's ChoiceFilter); another value is a 400 that names it. */
import { keysKind } from './keyed.ts';
import { FILTER_MESSAGES } from './filter-spec.ts';

export interface ChoiceParse {
  kind: 'choice';
  choices: readonly string[];
}

export const choice = keysKind<ChoiceParse>('value', (parse, value) => {
  if (!parse.choices.includes(value)) return { error: FILTER_MESSAGES.invalidChoice(value) };
  return { value: { keys: [value], combine: 'and' } };
});

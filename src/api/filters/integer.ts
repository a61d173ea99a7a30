/** integer: a whole number (django-filter's NumberFilter on an integer field: `3.0` is 3, `3.5` a 400). */
import { keysKind } from './keyed.ts';
import { FILTER_MESSAGES } from './filter-spec.ts';
import type { IntegerParse } from './parses.ts';

export const integerKind = keysKind<IntegerParse>('hash', (_parse, value) => {
  if (!/^[+-]?\d+(\.0*)?$/.test(value)) return { error: FILTER_MESSAGES.number };
  return { value: { keys: [String(Math.trunc(Number(value)))], combine: 'and' } };
});

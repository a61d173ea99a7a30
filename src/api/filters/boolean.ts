/** boolean: true/false/1/0 in any case; anything else means "no filter" (django-filter's BooleanWidget). */
import { keysKind } from './keyed.ts';
import type { BooleanParse } from './parses.ts';

export const booleanKind = keysKind<BooleanParse>('value', (_parse, value) => {
  const lower = value.toLowerCase();
  if (lower === 'true' || lower === '1') return { value: { keys: ['true'], combine: 'and' } };
  if (lower === 'false' || lower === '0') return { value: { keys: ['false'], combine: 'and' } };
  return null;
});

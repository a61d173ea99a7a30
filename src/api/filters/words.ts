/**
 * words: every word of the value (lower-cased runs of letters and digits) must be an index
 * key; a value without a word means "no filter" (froide-campaign's `q` on word prefixes).
 */
import { keysKind } from './keyed.ts';
import type { WordsParse } from './parses.ts';

/** Words of a text: lower-cased runs of letters and digits. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export const wordsKind = keysKind<WordsParse>('hash', (_parse, value) => {
  const list = words(value);
  return list.length ? { value: { keys: list, combine: 'and' } } : null;
});

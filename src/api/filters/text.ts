/**
 * text: the exact string, as sent (not trimmed).
 * - `separator`: the value is a list, any of its parts (froide: `kind__in=value.split(",")`).
 * - `fallback: 'capitalize'`: when nothing has the value, Python's `value.capitalize()` is
 *   tried (froide's georegion `name`).
 * - `known`: every valid value is a key (a slug filter), so one that is no key is a 400 (id.ts).
 * - `none`: the value objects without one are indexed under (froide's `-`).
 */
import { pythonCapitalize } from '../../formats/python.ts';
import { keyedParts, keyPositions, knownPositions, valueKind, type Keys } from './keyed.ts';
import type { TextParse } from './parses.ts';

export interface TextValue extends Keys {
  /** Keys tried when nothing has `keys`. */
  fallback?: string[];
}

export const textKind = valueKind<TextParse, TextValue>({
  ...keyedParts(() => 'hash'),
  parse(parse, value, raw) {
    if (parse.separator !== undefined) return { value: { keys: value.split(parse.separator), combine: 'or' } };
    return { value: { keys: [raw], combine: 'and', ...(parse.fallback === 'capitalize' ? { fallback: [pythonCapitalize(raw)] } : {}) } };
  },
  async lookup(spec, value, context) {
    if (spec.parse.known) return knownPositions(context, 'hash', value.keys[0]!, true);
    const positions = await keyPositions(context, 'hash', value);
    if (positions.length > 0 || !value.fallback) return positions;
    return keyPositions(context, 'hash', { keys: value.fallback, combine: value.combine });
  },
});

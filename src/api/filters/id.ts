/**
 * id: an integer id (django-filter's ModelChoiceFilter, docs/froide.md#resources).
 * - `ref`: an id that is no published `ref` object is a 400 (its detail pack's slot is read only when
 *   the index has no positions for the id).
 * - `none`: an extra accepted value (froide's `-` = "no campaign").
 * - `known`: every valid id is an index key (the spec's `known` lists them, with no positions
 *   if nothing matches), so an id that is no key is a 400 without reading any other file.
 * - `secret`: objects reachable only with a companion parameter (an unlisted collection's
 *   `uid`) are indexed under a digest of `<id>:<secret>` in a file of their own (keyed.ts
 *   secretKey), which is looked up only when the request carries that parameter (docs/froide.md#document: `uid` unlocks).
 */
import { pythonInt } from '../../formats/python.ts';
import { keyedParts, keyPositions, knownPositions, valueKind } from './keyed.ts';
import { FILTER_MESSAGES } from './filter-spec.ts';
import type { ResourceName } from '../../formats/resource-names.ts';
import type { IdParse } from './parses.ts';

/** The key to look up, and the resource whose objects it must name when nothing has it. */
export interface IdValue {
  key: string;
  ref?: ResourceName;
}

export const id = valueKind<IdParse, IdValue>({
  ...keyedParts(() => 'hash'),
  parse(parse, value) {
    if (parse.none !== undefined && value === parse.none) return { value: { key: value } };
    const number = pythonInt(value);
    if (number === null) return { error: FILTER_MESSAGES.invalidModelChoice };
    return { value: { key: String(number), ...(parse.ref ? { ref: parse.ref } : {}) } };
  },
  async lookup(spec, { key, ref }, context) {
    if (spec.parse.known || spec.parse.secret) return knownPositions(context, 'hash', key, spec.parse.known ?? false, spec.parse.secret);
    const positions = await keyPositions(context, 'hash', { keys: [key], combine: 'and' });
    if (positions.length > 0 || !ref) return positions;
    return (await context.reader.exists(ref, key)) ? positions : FILTER_MESSAGES.invalidModelChoice;
  },
});

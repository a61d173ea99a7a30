/**
 * ids: comma-separated ids, any of them (django-filter's BaseInFilter).
 * - `invalid: 'ignore'`: empty parts are skipped, and a part that is not an integer means
 *   "no filter" instead of a 400 (froide's georegion `id` and filingcabinet's document `ids`
 *   catch the ValueError).
 * - `subtree`: a value without a comma is one id meaning that `subtree` object and its
 *   descendants (index key `<id>/`); an id no such object has means "no filter" (froide's
 *   publicbody `regions`).
 */
import { pythonInt } from '../../formats/python.ts';
import { keyedParts, keyPositions, valueKind } from './keyed.ts';
import { FILTER_MESSAGES } from './filter-spec.ts';
import type { ResourceName } from '../../formats/resource-names.ts';
import type { IdsParse } from './parses.ts';

/** Keys, any of them; `subtree`: the one object they stand for, which must exist for the filter to apply. */
export interface IdsValue {
  keys: string[];
  subtree?: { resource: ResourceName; id: string };
}

export const ids = valueKind<IdsParse, IdsValue>({
  ...keyedParts(() => 'hash'),
  parse(parse, value) {
    if (parse.invalid === 'ignore') {
      // `[int(x) for x in value.split(",") if x]`: one failing part drops the whole filter
      // (froide catches the ValueError), and so does a value without any part.
      const numbers = value.split(',').filter(Boolean).map(pythonInt);
      if (!numbers.length || numbers.some((number) => number === null)) return null;
      return { value: { keys: numbers.map(String) } };
    }
    const numbers = value.split(',').map((part) => part.trim()).filter(Boolean).map(pythonInt);
    if (numbers.some((number) => number === null)) return { error: FILTER_MESSAGES.number };
    const keys = numbers.map(String);
    if (parse.subtree && !value.includes(',')) return { value: { keys: [`${keys[0]}/`], subtree: { resource: parse.subtree, id: keys[0]! } } };
    return { value: { keys } };
  },
  async lookup(_spec, { keys, subtree }, context) {
    const positions = await keyPositions(context, 'hash', { keys, combine: 'or' });
    if (positions.length > 0 || !subtree) return positions;
    return (await context.reader.exists(subtree.resource, subtree.id)) ? positions : null;
  },
});

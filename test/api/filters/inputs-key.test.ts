/**
 * The key of a filter's index files (src/api/filters/inputs-key.ts) changes with every input
 * the kind's `index` reads, and only with them: two lists whose files differ never share a key.
 */
import { describe, expect, it } from 'vitest';
import { filterIndex } from '../../../src/api/filters/index.ts';
import type { FilterSpec, IndexValue } from '../../../src/api/filters/filter-spec.ts';
import { filterInputsKey } from '../../../src/api/filters/inputs-key.ts';
import type { Archive } from '../../../src/model/types.ts';

type Item = { v: IndexValue | readonly IndexValue[]; rank?: number };
const spec = (extra: Partial<FilterSpec<Item>> = {}): FilterSpec<Item> => ({ param: 'tag', parse: { kind: 'text' }, values: (item) => item.v, ...extra });
const items = (...values: Item['v'][]): Item[] => values.map((v) => ({ v }));
const key = (filter: FilterSpec<Item>, list: Item[], newestFirst = false, archive?: Archive) => filterInputsKey(filter, list, newestFirst, archive);

describe('filterInputsKey', () => {
  it('is the same for the same values, whatever objects carry them', () => {
    expect(key(spec(), items('a', 1, ['b', 'c']))).toBe(key(spec(), items('a', 1, ['b', 'c'])));
    expect(key(spec(), [{ v: 'a', rank: 1 }])).toBe(key(spec(), [{ v: 'a', rank: 2 }]));
  });

  it('differs when a value, its type, its place, a list’s shape or the counting differ', () => {
    const keys = [
      key(spec(), items('a', 'b')),
      key(spec(), items('b', 'a')),
      key(spec(), items('ab')),
      key(spec(), items('a', 'b', null)),
      key(spec(), items('a', 'b', undefined)),
      key(spec(), items('1', 'b')),
      key(spec(), items(1, 'b')),
      key(spec(), items(true, 'b')),
      key(spec(), items('true', 'b')),
      key(spec(), items(['a'], 'b')),
      key(spec(), items(['a', 'b'])),
      key(spec(), items(['a', 'b'], [])),
      key(spec(), items('a\uD800', 'b')),
      key(spec(), items('a\uFFFD', 'b')),
      key(spec(), items('a', 'b'), true),
      key(spec({ param: 'other' }), items('a', 'b')),
      key(spec({ parse: { kind: 'text', none: '-' } }), items('a', 'b')),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('differs with the known keys and the order ranks, which the files hold', () => {
    const list: Item[] = [
      { v: 'a', rank: 2 },
      { v: 'a', rank: 1 },
    ];
    const known = (values: IndexValue[]) => spec({ known: () => values });
    const archive = {} as Archive;
    expect(key(known(['a']), list, false, archive)).not.toBe(key(known(['a', 'z']), list, false, archive));
    const ordered = spec({ order: (item) => item.rank! });
    const swapped: Item[] = [
      { v: 'a', rank: 1 },
      { v: 'a', rank: 2 },
    ];
    expect(filterIndex('law', ordered, list)).not.toEqual(filterIndex('law', ordered, swapped));
    expect(key(ordered, list)).not.toBe(key(ordered, swapped));
    expect(key(ordered, list)).not.toBe(key(spec(), list));
  });

  it('hashes strings longer than its buffer whole', () => {
    const long = 'x'.repeat(100_000);
    expect(key(spec(), items(long, 'a'))).not.toBe(key(spec(), items(`${long}y`, 'a')));
    expect(key(spec(), items(long, 'a'))).toBe(key(spec(), items(long, 'a')));
  });
});

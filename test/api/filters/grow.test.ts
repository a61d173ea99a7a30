/**
 * A filter's files grown from those of its list before objects were added at its growing end
 * (FilterKind.grow) are the files its `index` gives over the grown list, byte for byte, in
 * `index`'s order: for every kind that grows, both countings of a list (packs.ts
 * listCounting), objects with a key twice, new keys and new files, and `known` keys.
 */
import { describe, expect, it } from 'vitest';
import { filterGrow, KINDS } from '../../../src/api/filters/index.ts';
import { hashBucket } from '../../../src/api/filters/keyed.ts';
import type { FilterKind, IndexFile } from '../../../src/api/filters/kind.ts';
import type { FilterSpec } from '../../../src/api/filters/filter-spec.ts';
import type { FilterParse } from '../../../src/api/filters/parses.ts';
import { listCounting } from '../../../src/formats/packs.ts';
import type { Archive } from '../../../src/model/types.ts';

type Item = { v?: unknown };

/** The grown files with the previous ones in the places that stay, and how many were written. */
function grownIndex<P extends FilterParse>(kind: FilterKind<P>, spec: FilterSpec<Item, P>, before: readonly Item[], added: readonly Item[], newestFirst: boolean, archive?: Archive): { files: IndexFile[]; written: number } {
  const previous = kind.index(spec, before, archive, listCounting(newestFirst, before.length));
  const grown = newestFirst ? [...added, ...before] : [...before, ...added];
  const growth = newestFirst ? { from: 0, to: added.length, moved: added.length } : { from: before.length, to: grown.length, moved: 0 };
  const read = (file: string) => previous.find((entry) => entry.file === file)?.body;
  const files = kind.grow!(spec, grown, growth, { names: previous.map((entry) => entry.file), read }, listCounting(newestFirst, grown.length));
  return {
    files: files.map(({ file, body }) => ({ file, body: body ?? read(file)! })),
    written: files.filter((file) => file.body !== null).length,
  };
}

/** `index` over the whole list, as a cold build makes it. */
function indexOf<P extends FilterParse>(kind: FilterKind<P>, spec: FilterSpec<Item, P>, before: readonly Item[], added: readonly Item[], newestFirst: boolean, archive?: Archive): IndexFile[] {
  const grown = newestFirst ? [...added, ...before] : [...before, ...added];
  return kind.index(spec, grown, archive, listCounting(newestFirst, grown.length));
}

const spec = <P extends FilterParse>(parse: P, extra: Partial<FilterSpec<Item, P>> = {}): FilterSpec<Item, P> => ({ param: 'f', parse, values: (item) => item.v as never, ...extra });

/** Values as each kind's objects have them: scalars, lists (a key twice in one object), nulls. */
const many = (n: number, of: (i: number) => unknown): Item[] => Array.from({ length: n }, (_, i) => ({ v: of(i) }));
const CASES: [string, FilterSpec<Item, FilterParse>, Item[], Item[]][] = [
  ['boolean', spec({ kind: 'boolean' }), many(9, (i) => (i % 3 === 0 ? null : i % 2 === 0)), many(3, (i) => i === 1)],
  ['choice', spec({ kind: 'choice', choices: ['a', 'b', 'c-d', 'c'] }), many(8, (i) => ['a', 'b', 'c'][i % 3]), [{ v: 'c-d' }, { v: 'a' }]],
  ['integer', spec({ kind: 'integer' }), many(200, (i) => i % 70), many(4, (i) => [3, 500, 3, 71][i])],
  ['text', spec({ kind: 'text' }), many(300, (i) => [`tag ${i % 90}`, `tag ${(i + 1) % 90}`]), [{ v: ['tag 5', 'neu', 'tag 5'] }, { v: [] }, { v: ['tag 5'] }]],
  ['id', spec({ kind: 'id', ref: 'publicbody' }), many(120, (i) => i % 40), many(2, (i) => [7, 4000][i])],
  ['ids', spec({ kind: 'ids' }), many(50, (i) => [i, i + 1]), [{ v: [1, 1, 99] }]],
  ['words', spec({ kind: 'words' }), many(40, (i) => ['alpha', `w${i}`]), [{ v: ['alpha', 'beta', 'alpha'] }]],
  ['lenient (integer)', spec({ kind: 'lenient', accept: 'integer' }), many(30, (i) => i), [{ v: 31 }]],
  ['lenient (values)', spec({ kind: 'lenient', accept: ['x', 'y'] }), many(10, (i) => (i % 2 ? 'x' : 'y')), [{ v: 'x' }, { v: null }]],
  ['data', spec({ kind: 'data', prefix: 'data_', requires: 'category' }), many(20, (i) => [`k=${i % 4}`, 'year=2024']), [{ v: ['k=9', 'year=2024'] }]],
  ['point', spec({ kind: 'point', order: 'latlng', shapes: 'georegion' }), many(30, (i) => i % 8), [{ v: 3 }, { v: 12 }]],
  ['range (number)', spec({ kind: 'range', value: 'number', min: 'min', max: 'max' }), many(25, (i) => (i % 5 === 0 ? null : (i * 7) % 11)), many(3, (i) => [4, 0, 100][i])],
  ['range (date)', spec({ kind: 'range', value: 'date', min: 'after', max: 'before' }), many(12, (i) => `2024-01-${String((i % 9) + 10)}`), [{ v: '2024-01-12' }, { v: '2025-01-01' }]],
  ['fulltext', spec({ kind: 'fulltext' }), many(3, () => 'x'), [{ v: 'y' }]],
  ['nochoice', spec({ kind: 'nochoice' }), many(3, () => 'x'), [{ v: 'y' }]],
];

describe('a filter grown at its list’s growing end', () => {
  for (const newestFirst of [false, true]) {
    it.each(CASES)(`writes %s's index over the whole list (${newestFirst ? 'new objects first' : 'new objects last'})`, (_name, filter, before, added) => {
      const kind = KINDS[filter.parse.kind] as FilterKind<FilterParse>;
      expect(kind.grow).toBeDefined();
      const { files } = grownIndex(kind, filter, before, added, newestFirst);
      expect(files).toEqual(indexOf(kind, filter, before, added, newestFirst));
    });
  }

  it('writes only the files of the added objects’ keys, and adds the files of new keys in their place', () => {
    const kind = KINDS.integer as FilterKind<FilterParse>;
    const filter = spec({ kind: 'integer' });
    const before = many(200, (i) => i % 70);
    const previous = kind.index(filter, before);
    expect(previous.length).toBeGreaterThan(30);
    const { files, written } = grownIndex(kind, filter, before, [{ v: 3 }, { v: 500 }, { v: 3 }], false);
    expect(written).toBe(new Set([hashBucket('3'), hashBucket('500')]).size);
    expect(files.length).toBe(new Set([...previous.map((file) => file.file), hashBucket('500')]).size);
    // A value-bucketed kind with a key it never had: a new file, in `index`'s order ('c-d' sorts after 'c' there; as paths, 'c-d.json' sorts first).
    const choice = KINDS.choice as FilterKind<FilterParse>;
    const grown = grownIndex(choice, spec({ kind: 'choice', choices: ['a', 'b', 'c', 'c-d'] }), many(8, (i) => ['a', 'b', 'c'][i % 3]), [{ v: 'c-d' }], true);
    expect(grown.files.map((file) => file.file)).toEqual(['a', 'b', 'c', 'c-d']);
    expect(grown.written).toBe(1);
  });

  it('keeps a filter’s `known` keys that no object has', () => {
    const filter = spec({ kind: 'id', known: true }, { known: () => [1, 2, 3, 77] });
    const kind = KINDS.id as FilterKind<FilterParse>;
    const archive = {} as Archive;
    const before = many(10, (i) => (i % 2) + 1);
    const { files } = grownIndex(kind, filter, before, [{ v: 3 }], true, archive);
    expect(files).toEqual(indexOf(kind, filter, before, [{ v: 3 }], true, archive));
    expect(files.some((file) => (JSON.parse(file.body) as Record<string, number[]>)['77']?.length === 0)).toBe(true);
  });

  it('is not offered for a filter with its own order, nor for kinds that index their list again', () => {
    const ordered = spec({ kind: 'id' }, { order: () => 0 });
    expect(filterGrow('message', ordered, [], 0, { names: [], read: () => undefined })).toBeUndefined();
    expect(KINDS.scan.grow).toBeUndefined();
    expect(KINDS.near.grow).toBeUndefined();
  });
});

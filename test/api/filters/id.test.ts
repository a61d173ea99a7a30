import { describe, expect, it } from 'vitest';
import { id } from '../../../src/api/filters/id.ts';
import { hashBucket, secretKey } from '../../../src/api/filters/keyed.ts';
import { FILTER_MESSAGES } from '../../../src/api/filters/filter-spec.ts';
import { answer, filesOf, specOf } from './helpers.ts';

const MODEL_CHOICE = FILTER_MESSAGES.invalidModelChoice;

describe('id filter', () => {
  it.each([
    [' 7 ', { ref: 'law' }, { value: { key: '7', ref: 'law' } }],
    ['+007', {}, { value: { key: '7' } }],
    ['-', { none: '-' }, { value: { key: '-' } }],
    ['-', {}, { error: MODEL_CHOICE }],
    ['7.0', {}, { error: MODEL_CHOICE }],
    ['abc', { ref: 'law' }, { error: MODEL_CHOICE }],
    ['  ', {}, null],
  ] as const)('parses %j (%j) as %j', (raw, options, parsed) => {
    expect(id.parse({ kind: 'id', ...options }, raw)).toEqual(parsed);
  });

  it('indexes each distinct value under its key, in files by hash; `known` keys even without objects', () => {
    const spec = specOf({ kind: 'id', known: true }, { known: () => [1, 2, 3] });
    const files = filesOf(id.index(spec, [{ v: 1 }, { v: [2, 1, 1] }, { v: null }, { v: 1 }], {} as never));
    expect(files).toEqual({
      [hashBucket('1')]: { 1: [0, 1, 3] },
      [hashBucket('2')]: { 2: [1] },
      [hashBucket('3')]: { 3: [] },
    });
    expect(new Set([hashBucket('1'), hashBucket('2'), hashBucket('3')]).size).toBe(3);
  });

  it('an ordering filter stores positions in its own order', () => {
    const spec = specOf({ kind: 'id' }, { order: (object: { rank?: number }) => object.rank ?? 0 });
    expect(Object.values(filesOf(id.index(spec, [{ v: 5, rank: 3 }, { v: 5, rank: 1 }, { v: 5, rank: 2 }] as object[])))).toEqual([{ 5: [1, 2, 0] }]);
  });

  const objects = [{ v: 4 }, { v: 5 }, { v: 4 }, { v: '-' }];
  it.each([
    ['f=4', {}, [[0, 2]]],
    ['f=6', { ref: 'law' as const }, [MODEL_CHOICE]],
    ['f=8', { ref: 'law' as const }, [[]]],
    ['f=8', {}, [[]]],
    ['f=-', { none: '-', ref: 'law' as const }, [[3]]],
    ['f=4&f=5', {}, [[1]]],
    ['f=x', {}, { errors: { f: [MODEL_CHOICE] } }],
    ['g=4', {}, []],
  ])('answers %s (%j) with %j', async (query, options, expected) => {
    expect(await answer(id, specOf({ kind: 'id', ...options }), objects, query, { existing: ['law/8'] })).toEqual(expected);
  });

  it('a `known` filter answers an unknown id with a 400, without any detail; `secret` keys open with the companion parameter', async () => {
    const spec = specOf({ kind: 'id', known: true, secret: 'uid' }, { known: () => [1, 2] });
    const locked = secretKey('2', 's3cret');
    const objects = [{ v: '1' }, { v: locked }, { v: ['1', locked] }];
    const run = (query: string) => answer(id, spec, objects, query);
    expect(await run('f=1')).toEqual([[0, 2]]);
    expect(await run('f=2')).toEqual([[]]);
    expect(await run('f=2&uid=s3cret')).toEqual([[1, 2]]);
    expect(await run('f=2&uid=wrong')).toEqual([[]]);
    expect(await run('f=3')).toEqual([MODEL_CHOICE]);
    // The secret's objects are in a file named by the digest alone: no public bucket holds the secret or names that file.
    const files = filesOf(id.index(spec, objects, {} as never));
    expect(Object.keys(files).sort()).toEqual([hashBucket('1'), hashBucket('2'), locked.slice(1)].sort());
    expect(JSON.stringify(files)).not.toContain('s3cret');
    expect(locked).toMatch(/^~[0-9a-f]{64}$/);
  });
});

import { describe, expect, it } from 'vitest';
import { scan, SCAN_FILE } from '../../../src/api/filters/scan.ts';
import type { ScanParse } from '../../../src/api/filters/parses.ts';
import { readerOf, specOf } from './helpers.ts';

describe('scan filter', () => {
  it.each([
    [' Kita Nord ', { value: 'Kita Nord' }],
    ['  ', null],
  ] as const)('parses %j as %j', (raw, parsed) => {
    expect(scan.parse({ kind: 'scan', match: ['icontains'] }, raw)).toEqual(parsed);
  });

  it('indexes one row of strings per object, icontains slots lower-cased', () => {
    const files = scan.index(specOf({ kind: 'scan', match: ['icontains', 'prefix'] }), [{ v: ['Berlin', 'DE-BE'] }, { v: [null, 11] }, { v: 'Only' }]);
    expect(files).toEqual([{ file: SCAN_FILE, body: '[["berlin","DE-BE"],["","11"],["only",""]]' }]);
  });

  const objects = [{ v: ['Kita Nord', 'DE-1'] }, { v: ['Nordbad', 'DE-2'] }, { v: ['Park', 'AT-1'] }];
  it.each([
    ['f=nord', { match: ['icontains'] }, [0, 1]],
    ['f=NORD', { match: ['icontains'] }, [0, 1]],
    ['f=nord kita', { match: ['icontains'] }, []],
    ['f=nord kita', { match: ['icontains'], bits: true }, [0]],
    ['f=DE', { match: ['icontains', 'prefix'] }, [0, 1]],
    ['f=de', { match: ['prefix', 'prefix'] }, []],
    ['f=AT', { match: ['prefix', 'prefix'] }, [2]],
  ] as [string, Omit<ScanParse, 'kind'>, number[]][])('answers %s (%j) with %j', async (query, options, expected) => {
    const spec = specOf({ kind: 'scan', ...options });
    const reading = scan.read(spec, new URLSearchParams(query));
    if ('errors' in reading) throw new Error('no errors expected');
    const reader = readerOf(scan.index(spec, objects));
    expect(await reading.lookups[0]!.positions({ reader, count: (position: number) => position, query: new URLSearchParams(query), scores: new Map() })).toEqual(expected);
    expect(reader.reads).toEqual([SCAN_FILE]);
  });

  it('`rank` scores the weighted occurrences of the bits', async () => {
    const spec = specOf({ kind: 'scan', match: ['icontains', 'icontains'], bits: true, rank: [1, 3] });
    const objects = [{ v: ['a a b', ''] }, { v: ['b', 'a'] }, { v: ['c', 'c'] }];
    const reading = scan.read(spec, new URLSearchParams('f=a'));
    if ('errors' in reading) throw new Error('no errors expected');
    const scores = new Map<number, number>();
    expect(await reading.lookups[0]!.positions({ reader: readerOf(scan.index(spec, objects)), count: (position: number) => position, query: new URLSearchParams(), scores })).toEqual([0, 1]);
    expect([...scores]).toEqual([[0, 2], [1, 3]]);
  });
});

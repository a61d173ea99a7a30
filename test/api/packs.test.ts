import { describe, expect, it } from 'vitest';
import { CHUNK_SLOTS, chunkOf, encodePack, ENTRY_BYTES, entryRange, listCounting, packOf, parseEntries, PACK_SLOTS } from '../../src/formats/packs.ts';
import { readSlots } from '../../src/serve/shared/pack-reader.ts';
import { BrokenBuild } from '../../src/serve/shared/build-store.ts';
import { memoryStore } from '../helpers/memory-store.ts';

const text = (bytes: Uint8Array | null) => (bytes === null ? null : new TextDecoder().decode(bytes));

describe('pack format', () => {
  it('starts with a table of 16-character entries (file, start, length) and keeps bodies in slot order', () => {
    const [file] = encodePack(4, [[2, '{"b":2}'], [0, '{"a":1}']]);
    const table = new TextDecoder().decode(file!.subarray(0, 4 * ENTRY_BYTES));
    expect(table).toBe(['00' + '0000040' + '0000007', '0'.repeat(16), '00' + '0000047' + '0000007', '0'.repeat(16)].join(''));
    expect(text(file!.subarray(64))).toBe('{"a":1}{"b":2}');
    expect(parseEntries(file!.subarray(32, 48))).toEqual([{ file: 0, start: 71, length: 7 }]);
  });

  it('continues in overflow files past the file limit, never splitting a body', () => {
    const bodies: [number, string][] = [0, 1, 2, 3].map((slot) => [slot, `"${'x'.repeat(8)}${slot}"`]);
    const files = encodePack(4, bodies, 4 * ENTRY_BYTES + 25);
    expect(files.map((file) => file.byteLength)).toEqual([4 * ENTRY_BYTES + 22, 22]);
    expect(parseEntries(files[0]!.subarray(0, 64)).map((entry) => entry.file)).toEqual([0, 0, 1, 1]);
  });

  it('refuses a slot outside the pack, a slot filled twice and an empty body', () => {
    expect(() => encodePack(2, [[2, '1']])).toThrow(/slot 2 is outside 0…1/);
    expect(() => encodePack(2, [[1, '1'], [1, '2']])).toThrow(/slot 1 is filled twice/);
    expect(() => encodePack(2, [[0, '']])).toThrow(/empty body/);
  });

  it('rejects a table that is not 16 hex characters per entry', () => {
    expect(() => parseEntries(new TextEncoder().encode('000000000000000'))).toThrow(/malformed/);
    expect(() => parseEntries(new TextEncoder().encode('g'.repeat(16)))).toThrow(/malformed/);
  });

  it('finds an id in pack id div 1000 and a position in chunk position div 1000, counted from the oldest end', () => {
    expect(packOf(123_456)).toEqual({ pack: 123, slot: 456 });
    expect(PACK_SLOTS).toBe(1000);
    const forward = listCounting(false, 2500);
    const backward = listCounting(true, 2500);
    expect(chunkOf(0, forward)).toEqual({ chunk: 0, slot: 0 });
    expect(chunkOf(2499, forward)).toEqual({ chunk: 2, slot: 499 });
    expect(chunkOf(0, backward)).toEqual({ chunk: 2, slot: 499 });
    expect(chunkOf(2499, backward)).toEqual({ chunk: 0, slot: 0 });
    expect(backward(backward(17))).toBe(17);
    expect(entryRange(3, 5)).toEqual({ start: 48, end: 96 });
    expect(CHUNK_SLOTS).toBe(1000);
  });
});

describe('reading packs (src/serve/shared/pack-reader.ts)', () => {
  const files = encodePack(6, [[0, 'zero'], [1, 'one'], [3, 'three'], [4, 'four'], [5, 'five']], 6 * ENTRY_BYTES + 8);
  const store = () => memoryStore(new Map(files.map((bytes, file) => [`p.${file}`, bytes])));

  it('reads one slot with one range of the table and one of the bodies', async () => {
    const memory = store();
    expect((await readSlots(memory, (file) => `p.${file}`, 3, 3))!.map(text)).toEqual(['three']);
    expect(memory.ranges).toEqual(['p.0 48-64', expect.stringMatching(/^p\.\d /)]);
  });

  it('reads a run of slots across files, with null for an empty slot', async () => {
    const memory = store();
    expect((await readSlots(memory, (file) => `p.${file}`, 0, 5))!.map(text)).toEqual(['zero', 'one', null, 'three', 'four', 'five']);
    expect(memory.ranges.length).toBe(1 + files.length);
  });

  it('answers null for a pack that does not exist, and throws for one cut short', async () => {
    expect(await readSlots(memoryStore(new Map()), (file) => `p.${file}`, 0, 0)).toBeNull();
    const cut = memoryStore(new Map([['p.0', files[0]!.subarray(0, 20)]]));
    const table = readSlots(cut, (file) => `p.${file}`, 3, 3);
    await expect(table).rejects.toBeInstanceOf(BrokenBuild);
    await expect(table).rejects.toThrow('p.0 ends before the entry of slot 3 in its slot table');
    const lost = memoryStore(new Map([['p.0', files[0]!]]));
    const bodies = readSlots(lost, (file) => `p.${file}`, 5, 5);
    await expect(bodies).rejects.toBeInstanceOf(BrokenBuild);
    await expect(bodies).rejects.toThrow(/^p\.[1-9] is missing, which its slot table names$/);
  });
});

/**
 * Embedded records stored as references (src/api/embeds.ts) and spliced back by the pack
 * readers (src/serve/shared/pack-reader.ts): the answer's bytes are the embedding object's with the
 * record's current bytes where the reference stood, read with few, small ranges.
 */
import { describe, expect, it } from 'vitest';
import { embedMarker, embedPacks, findEmbeds, referTo, splice } from '../../src/api/embeds.ts';
import { apiJson } from '../../src/formats/json.ts';
import { encodePack } from '../../src/formats/packs.ts';
import { buildPaths } from '../../src/api/build-paths.ts';
import { readDetail, readListItems, readSlotSet } from '../../src/serve/shared/pack-reader.ts';
import type { BuildStore } from '../../src/serve/shared/build-store.ts';
import { memoryStore } from '../helpers/memory-store.ts';

const encoder = new TextEncoder();
const text = (bytes: Uint8Array | null | undefined) => (bytes ? new TextDecoder().decode(bytes) : null);

const body = (id: number, count: number) => ({ resource_uri: `https://x.test/api/v1/publicbody/${id}/`, id, name: `Amt ${id}`, number_of_requests: count });

describe('references in stored text', () => {
  it('stand where the record stood, as raw U+0002 bytes no JSON string can hold', () => {
    const record = apiJson(body(3, 7));
    const stored = referTo(apiJson({ id: 1, public_body: body(3, 7), title: 'a' }), record, 's', 3, 'request 1');
    expect(stored).toBe('{"id":1,"public_body":\u0002s3\u0002,"title":"a"}');
    // An editor's text with the same characters is escaped by JSON.stringify: no reference.
    expect(apiJson({ title: '\u0002s3\u0002' })).toBe('{"title":"\\u0002s3\\u0002"}');
    expect(findEmbeds(encoder.encode(apiJson({ title: '\u0002s3\u0002' })))).toEqual([]);
    expect(findEmbeds(encoder.encode(stored))).toEqual([{ start: 22, end: 26, kind: 's', id: 3 }]);
  });

  it('refuses an object that does not embed the record as its serializer writes it', () => {
    expect(() => referTo(apiJson({ public_body: body(3, 8) }), apiJson(body(3, 7)), 's', 3, 'request 1')).toThrow(/request 1 does not embed s3/);
  });

  it('are spliced back byte for byte, any number per object', () => {
    const stored = encoder.encode(`[${embedMarker('d', 12)},"ä",${embedMarker('s', 4)},${embedMarker('d', 12)}]`);
    const records = new Map([
      ['d12', encoder.encode('{"x":"ü"}')],
      ['s4', encoder.encode('{}')],
    ]);
    expect(text(splice(stored, findEmbeds(stored), records))).toBe('[{"x":"ü"},"ä",{},{"x":"ü"}]');
    expect(() => findEmbeds(encoder.encode('[\u0002s4'))).toThrow(/not closed/);
    expect(() => findEmbeds(encoder.encode('[\u0002x4\u0002]'))).toThrow(/kind "x"/);
  });
});

describe('readers', () => {
  // Public bodies 1 … 1,200 (two packs of each kind); requests referring to them.
  const files = new Map<string, Uint8Array>();
  const ids = Array.from({ length: 1200 }, (_, i) => i + 1);
  for (const file of embedPacks('s', ids.map((id) => [id, apiJson(body(id, id % 5))] as const))) files.set(file.path, file.body);
  for (const file of embedPacks('d', ids.map((id) => [id, apiJson({ ...body(id, id % 5), laws: [] })] as const))) files.set(file.path, file.body);
  const request = (id: number, bodyId: number) => `{"id":${id},"public_body":${embedMarker('s', bodyId)}}`;
  // A list chunk of the request list (counted from its end: position 0 is its last slot).
  const chunk = encodePack(1000, [
    [2, request(3, 1150)],
    [1, request(2, 999)],
    [0, request(1, 7)],
  ]);
  files.set(buildPaths.chunk('request', 0), chunk[0]!);
  files.set(buildPaths.pack('request', 0), encodePack(1000, [[5, `{"id":5,"public_body":${embedMarker('d', 1001)},"messages":[]}`]])[0]!);

  it('splice the current records into list items, one slot-set read per pack of records', async () => {
    const store = memoryStore(files);
    const items = await readListItems(store, 'request', [0, 1, 2], 3);
    expect(items.map(text)).toEqual([apiJson({ id: 3, public_body: body(1150, 0) }), apiJson({ id: 2, public_body: body(999, 4) }), apiJson({ id: 1, public_body: body(7, 2) })]);
    const reads = store.ranges.filter((range) => range.startsWith('_data/publicbody/simple/'));
    // Pack 0: one range of its table (slots 7 … 999), then slots 7 and 999 apart; pack 1: slot 150.
    expect(reads).toHaveLength(5);
  });

  it('splice the detail shape into a detail', async () => {
    expect(text(await readDetail(memoryStore(files), 'request', '5'))).toBe(apiJson({ id: 5, public_body: { ...body(1001, 1001 % 5), laws: [] }, messages: [] }));
  });

  it('read scattered slots with small ranges, close ones as one', async () => {
    const store = memoryStore(files);
    const path = (file: number) => buildPaths.simplePublicBody(0, file);
    const bodies = await readSlotSet(store, path, [998, 3, 4, 3]);
    expect([...bodies!.keys()].sort((a, b) => a - b)).toEqual([3, 4, 998]);
    expect(JSON.parse(text(bodies!.get(998))!).id).toBe(998);
    // The table's span, then slots 3 and 4 in one range, slot 998 in another.
    expect(store.ranges).toHaveLength(3);
    expect(store.ranges[0]).toBe(`${path(0)} 48-15984`);
    const far = memoryStore(files);
    await readSlotSet(far, path, [3, 5], 0);
    expect(far.ranges).toHaveLength(3);
    expect(await readSlotSet(store, () => 'no/such.pack', [1])).toBeNull();
  });

  it('read the scattered positions of a filter with about their own bytes, not the span of their chunk', async () => {
    const messages = new Map<string, Uint8Array>();
    const item = (id: number) => apiJson({ id, text: 'x'.repeat(200) });
    messages.set(buildPaths.chunk('message', 0), encodePack(1000, Array.from({ length: 1000 }, (_, slot) => [slot, item(slot + 1)] as [number, string]))[0]!);
    const store = memoryStore(messages);
    let bytes = 0;
    const counting: BuildStore = { read: store.read, readRange: async (path, start, end) => { const read = await store.readRange!(path, start, end); bytes += read?.byteLength ?? 0; return read; } };
    const items = await readListItems(counting, 'message', [999, 0, 500, 501], 1000);
    expect(items.map((bytes) => JSON.parse(text(bytes)!).id)).toEqual([1000, 1, 501, 502]);
    // The table (16 KB), then three ranges: slot 0, slots 500-501, slot 999.
    expect(store.ranges).toHaveLength(4);
    expect(bytes).toBeLessThan(16_000 + 4 * 230);
  });

  it('fail on a reference to a record no pack holds', async () => {
    const broken = new Map(files);
    broken.set(buildPaths.pack('request', 0), encodePack(1000, [[6, `{"public_body":${embedMarker('s', 5000)}}`]])[0]!);
    await expect(readDetail(memoryStore(broken), 'request', '6')).rejects.toThrow(/publicbody\/simple.*is missing|holds no record s5000/);
  });
});

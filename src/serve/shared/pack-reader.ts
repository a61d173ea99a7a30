/**
 * Reads objects out of the packs and list chunks the build wrote (src/formats/packs.ts): one
 * range of the slot table, then one range of bodies per file, through the BuildStore, so the
 * preview, the API function and the detail Edge Function read exactly alike; the records a
 * stored object refers to (src/api/embeds.ts) are read the same way and spliced in, so what
 * these readers return is the answer's bytes. Web-standard only.
 */
import { chunkOf, entryRange, PACK_SLOTS, packOf, parseEntries } from '../../formats/packs.ts';
import { countingOf } from '../../api/resources/list-counting.ts';
import { EMBED_KINDS, findEmbeds, hasEmbed, splice, type EmbedAt, type EmbedKind } from '../../api/embeds.ts';
import { buildPaths } from '../../api/build-paths.ts';
import type { ResourceName } from '../../formats/resource-names.ts';
import { BrokenBuild, readIndexedRange, type BuildStore } from './build-store.ts';

/**
 * The bodies of slots `first` … `last` of a pack whose file `n` is `pathOf(n)`, in slot order;
 * null for an empty slot. Null altogether when the pack does not exist. One range of the slot
 * table, then one range of bodies per file (bodies of consecutive slots in one file are adjacent).
 */
export async function readSlots(store: BuildStore, pathOf: (file: number) => string, first: number, last: number): Promise<(Uint8Array | null)[] | null> {
  const slots = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const bodies = await readSlotSet(store, pathOf, slots, Infinity);
  return bodies && slots.map((slot) => bodies.get(slot) ?? null);
}

/**
 * The bodies of the given slots of a pack (any order, repeats allowed), by slot; an empty slot
 * is left out. One range of the slot table (the span of the slots), then the bodies: ranges of
 * one file closer than `gap` bytes are read as one, the others in parallel, so scattered slots
 * fetch little more than their own bytes (a public body's simple shape is about 1 KB: a gap of
 * 4 KB joins neighbours, and 50 bodies scattered over a pack of 1,000 read about 50 KB, not
 * the pack's span). Null when the pack does not exist.
 */
export async function readSlotSet(store: BuildStore, pathOf: (file: number) => string, slots: readonly number[], gap = 4 * 1024): Promise<Map<number, Uint8Array> | null> {
  const first = Math.min(...slots);
  const last = Math.max(...slots);
  const table = await readIndexedRange(store, pathOf(0), entryRange(first, last), `the entry of slot ${last} in its slot table`);
  if (table === null) return null;
  const entries = parseEntries(table);
  const wanted = [...new Set(slots)].map((slot) => ({ slot, ...entries[slot - first]! })).filter((entry) => entry.length > 0);
  wanted.sort((a, b) => a.file - b.file || a.start - b.start);
  const reads: { file: number; start: number; end: number; slots: typeof wanted }[] = [];
  for (const entry of wanted) {
    const read = reads.at(-1);
    if (read && read.file === entry.file && entry.start - read.end <= gap) {
      read.end = Math.max(read.end, entry.start + entry.length);
      read.slots.push(entry);
    } else reads.push({ file: entry.file, start: entry.start, end: entry.start + entry.length, slots: [entry] });
  }
  const bodies = new Map<number, Uint8Array>();
  await Promise.all(
    reads.map(async (read) => {
      const bytes = await readIndexedRange(store, pathOf(read.file), read, `byte ${read.end}, which its slot table names`);
      if (bytes === null) throw new BrokenBuild(`${pathOf(read.file)} is missing, which its slot table names`);
      for (const entry of read.slots) bodies.set(entry.slot, bytes.subarray(entry.start - read.start, entry.start - read.start + entry.length));
    }),
  );
  return bodies;
}

/**
 * Stored bytes as answer bytes: every reference to an embedded record (src/api/embeds.ts)
 * replaced by the record's bytes. The records of all the given bodies are read at once, one
 * readSlotSet per pack they are in; bodies without a reference come back as they are.
 */
async function withEmbeds(store: BuildStore, stored: readonly Uint8Array[]): Promise<Uint8Array[]> {
  const found: (EmbedAt[] | null)[] = stored.map((bytes) => (hasEmbed(bytes) ? findEmbeds(bytes) : null));
  const byPack = new Map<string, { kind: EmbedKind; pack: number; slots: number[] }>();
  for (const embed of found.flat()) {
    if (!embed) continue;
    const { pack, slot } = packOf(embed.id);
    const key = `${embed.kind}${pack}`;
    const group = byPack.get(key);
    if (group) group.slots.push(slot);
    else byPack.set(key, { kind: embed.kind, pack, slots: [slot] });
  }
  if (byPack.size === 0) return [...stored];
  const records = new Map<string, Uint8Array>();
  await Promise.all(
    [...byPack.values()].map(async ({ kind, pack, slots }) => {
      const pathOf = (file: number) => EMBED_KINDS[kind](pack, file);
      const bodies = await readSlotSet(store, pathOf, slots);
      for (const slot of slots) {
        const body = bodies?.get(slot);
        if (!body) throw new BrokenBuild(`${pathOf(0)} holds no record ${kind}${pack * PACK_SLOTS + slot}, which a stored object refers to`);
        records.set(`${kind}${pack * PACK_SLOTS + slot}`, body);
      }
    }),
  );
  return stored.map((bytes, i) => (found[i] ? splice(bytes, found[i], records) : bytes));
}

/** The stored bytes of an object's detail (references not spliced in), or null when it has none. */
async function readStoredDetail(store: BuildStore, resource: ResourceName, id: string): Promise<Uint8Array | null> {
  if (!/^\d{1,15}$/.test(id)) return null;
  const { pack, slot } = packOf(Number(id));
  const slots = await readSlots(store, (file) => buildPaths.pack(resource, pack, file), slot, slot);
  return slots?.[0] ?? null;
}

/** The precomputed detail of an object (its answer's exact bytes), or null when it has none. */
export async function readDetail(store: BuildStore, resource: ResourceName, id: string): Promise<Uint8Array | null> {
  const bytes = await readStoredDetail(store, resource, id);
  return bytes === null || !hasEmbed(bytes) ? bytes : (await withEmbeds(store, [bytes]))[0]!;
}

/** Whether an object has a precomputed detail (read without its embedded records). */
export async function hasDetail(store: BuildStore, resource: ResourceName, id: string): Promise<boolean> {
  return (await readStoredDetail(store, resource, id)) !== null;
}

/**
 * The list items at the given positions of a resource's list of `total` objects, as bytes, in
 * the given order, their embedded records spliced in: one readSlotSet per chunk the positions
 * touch, so a window (adjacent slots) is one range of the table and one of bodies, and the
 * scattered positions of a filter read about their own bytes rather than the chunks' spans.
 */
export async function readListItems(store: BuildStore, resource: ResourceName, positions: readonly number[], total: number): Promise<Uint8Array[]> {
  const count = countingOf(resource, total);
  const byChunk = new Map<number, number[]>();
  for (const position of positions) {
    if (!Number.isInteger(position) || position < 0 || position >= total) throw new BrokenBuild(`position ${position} is outside ${resource}'s list of ${total}`);
    const { chunk, slot } = chunkOf(position, count);
    const slots = byChunk.get(chunk);
    if (!slots) byChunk.set(chunk, [slot]);
    else slots.push(slot);
  }
  const chunks = new Map<number, Map<number, Uint8Array>>();
  await Promise.all(
    [...byChunk].map(async ([chunk, slots]) => {
      const bodies = await readSlotSet(store, (file) => buildPaths.chunk(resource, chunk, file), slots);
      if (bodies === null) throw new BrokenBuild(`${buildPaths.chunk(resource, chunk)} is missing`);
      chunks.set(chunk, bodies);
    }),
  );
  const stored = positions.map((position) => {
    const { chunk, slot } = chunkOf(position, count);
    const bytes = chunks.get(chunk)!.get(slot);
    if (!bytes) throw new BrokenBuild(`position ${position} of ${resource} is not in its chunk`);
    return bytes;
  });
  return withEmbeds(store, stored);
}

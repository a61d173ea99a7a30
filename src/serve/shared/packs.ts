/**
 * Reads objects out of the packs and list chunks the build wrote (src/api/packs.ts): one
 * range of the slot table, then one range of bodies per file, through the Store, so the
 * preview, the API function and the detail Edge Function read exactly alike. Web-standard only.
 */
import { chunkOf, countingOf, entryRange, packOf, parseEntries } from '../../api/packs.ts';
import { buildPaths } from '../../api/routes.ts';
import type { ResourceName } from '../../api/resources/registry.ts';
import { readRange, type Store } from './store.ts';

/** A pack or chunk that the build's own index names but that is not there, or is cut short. */
export class BrokenPack extends Error {
  override name = 'BrokenPack';
}

/** Bodies of wanted slots closer than this in one file are read in one range (docs/architecture.md, "Packs"). */
const RANGE_GAP = 64 * 1024;

/**
 * The bodies of slots `first` … `last` of a pack whose file `n` is `pathOf(n)`, in slot order;
 * null for an empty slot, and for a slot `wanted` leaves out. Null altogether when the pack
 * does not exist. The bodies are read in ranges per file, a new range where the next wanted
 * body starts more than RANGE_GAP bytes after the last one ends, so a few hits far apart in a
 * chunk read their own bytes, not the chunk between them.
 */
export async function readSlots(store: Store, pathOf: (file: number) => string, first: number, last: number, wanted?: (slot: number) => boolean): Promise<(Uint8Array | null)[] | null> {
  const { start, end } = entryRange(first, last);
  const table = await readRange(store, pathOf(0), start, end);
  if (table === null) return null;
  if (table.byteLength !== end - start) throw new BrokenPack(`${pathOf(0)}: the slot table ends before slot ${last}`);
  const entries = parseEntries(table);
  const read = entries.map((entry, i) => entry.length > 0 && (!wanted || wanted(first + i)));
  // Ranges of bodies per file: bodies of consecutive slots in one file are adjacent.
  const byFile = new Map<number, { start: number; end: number }[]>();
  entries.forEach((entry, i) => {
    if (!read[i]) return;
    const list = byFile.get(entry.file) ?? [];
    byFile.set(entry.file, list);
    list.push({ start: entry.start, end: entry.start + entry.length });
  });
  const spans: { file: number; start: number; end: number }[] = [];
  for (const [file, list] of byFile) {
    list.sort((a, b) => a.start - b.start);
    let current: { file: number; start: number; end: number } | null = null;
    for (const body of list) {
      if (current && body.start - current.end <= RANGE_GAP) current.end = Math.max(current.end, body.end);
      else spans.push((current = { file, ...body }));
    }
  }
  const bodies = await Promise.all(
    spans.map(async (span) => {
      const bytes = await readRange(store, pathOf(span.file), span.start, span.end);
      if (bytes === null || bytes.byteLength !== span.end - span.start) throw new BrokenPack(`${pathOf(span.file)} is missing or shorter than its slot table says`);
      return { ...span, bytes };
    }),
  );
  return entries.map((entry, i) => {
    if (!read[i]) return null;
    const span = bodies.find((body) => body.file === entry.file && body.start <= entry.start && entry.start + entry.length <= body.end)!;
    return span.bytes.subarray(entry.start - span.start, entry.start - span.start + entry.length);
  });
}

/** The precomputed detail of an object (its answer's exact bytes), or null when it has none. */
export async function readDetail(store: Store, resource: ResourceName, id: string): Promise<Uint8Array | null> {
  if (!/^\d{1,15}$/.test(id)) return null;
  const { pack, slot } = packOf(Number(id));
  const slots = await readSlots(store, (file) => buildPaths.pack(resource, pack, file), slot, slot);
  return slots?.[0] ?? null;
}

/**
 * The list items at the given positions of a resource's list of `total` objects, as bytes, in
 * the given order: per chunk the positions touch, one read of the slot table (the span of its
 * slots they cover) and the wanted bodies in ranges (readSlots).
 */
export async function readListItems(store: Store, resource: ResourceName, positions: readonly number[], total: number): Promise<Uint8Array[]> {
  const count = countingOf(resource, total);
  const byChunk = new Map<number, { first: number; last: number; slots: Set<number> }>();
  for (const position of positions) {
    if (!Number.isInteger(position) || position < 0 || position >= total) throw new BrokenPack(`position ${position} is outside ${resource}'s list of ${total}`);
    const { chunk, slot } = chunkOf(position, count);
    const span = byChunk.get(chunk);
    if (!span) byChunk.set(chunk, { first: slot, last: slot, slots: new Set([slot]) });
    else {
      span.first = Math.min(span.first, slot);
      span.last = Math.max(span.last, slot);
      span.slots.add(slot);
    }
  }
  const chunks = new Map<number, { first: number; slots: (Uint8Array | null)[] }>();
  await Promise.all(
    [...byChunk].map(async ([chunk, { first, last, slots: wanted }]) => {
      const slots = await readSlots(store, (file) => buildPaths.chunk(resource, chunk, file), first, last, (slot) => wanted.has(slot));
      if (slots === null) throw new BrokenPack(`${buildPaths.chunk(resource, chunk)} is missing`);
      chunks.set(chunk, { first, slots });
    }),
  );
  return positions.map((position) => {
    const { chunk, slot } = chunkOf(position, count);
    const { first, slots } = chunks.get(chunk)!;
    const bytes = slots[slot - first];
    if (!bytes) throw new BrokenPack(`position ${position} of ${resource} is not in its chunk`);
    return bytes;
  });
}

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

/**
 * The bodies of slots `first` … `last` of a pack whose file `n` is `pathOf(n)`, in slot order;
 * null for an empty slot. Null altogether when the pack does not exist.
 */
export async function readSlots(store: Store, pathOf: (file: number) => string, first: number, last: number): Promise<(Uint8Array | null)[] | null> {
  const { start, end } = entryRange(first, last);
  const table = await readRange(store, pathOf(0), start, end);
  if (table === null) return null;
  if (table.byteLength !== end - start) throw new BrokenPack(`${pathOf(0)}: the slot table ends before slot ${last}`);
  const entries = parseEntries(table);
  // One range of bodies per file: the bodies of consecutive slots in one file are adjacent.
  const spans = new Map<number, { start: number; end: number }>();
  for (const entry of entries) {
    if (entry.length === 0) continue;
    const span = spans.get(entry.file);
    if (!span) spans.set(entry.file, { start: entry.start, end: entry.start + entry.length });
    else {
      span.start = Math.min(span.start, entry.start);
      span.end = Math.max(span.end, entry.start + entry.length);
    }
  }
  const bodies = new Map<number, { start: number; bytes: Uint8Array }>();
  await Promise.all(
    [...spans].map(async ([file, span]) => {
      const bytes = await readRange(store, pathOf(file), span.start, span.end);
      if (bytes === null || bytes.byteLength !== span.end - span.start) throw new BrokenPack(`${pathOf(file)} is missing or shorter than its slot table says`);
      bodies.set(file, { start: span.start, bytes });
    }),
  );
  return entries.map((entry) => {
    if (entry.length === 0) return null;
    const { start: at, bytes } = bodies.get(entry.file)!;
    return bytes.subarray(entry.start - at, entry.start - at + entry.length);
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
 * the given order: one read per chunk the positions touch (the span of its slots they cover).
 */
export async function readListItems(store: Store, resource: ResourceName, positions: readonly number[], total: number): Promise<Uint8Array[]> {
  const count = countingOf(resource, total);
  const byChunk = new Map<number, { first: number; last: number }>();
  for (const position of positions) {
    if (!Number.isInteger(position) || position < 0 || position >= total) throw new BrokenPack(`position ${position} is outside ${resource}'s list of ${total}`);
    const { chunk, slot } = chunkOf(position, count);
    const span = byChunk.get(chunk);
    if (!span) byChunk.set(chunk, { first: slot, last: slot });
    else {
      span.first = Math.min(span.first, slot);
      span.last = Math.max(span.last, slot);
    }
  }
  const chunks = new Map<number, { first: number; slots: (Uint8Array | null)[] }>();
  await Promise.all(
    [...byChunk].map(async ([chunk, { first, last }]) => {
      const slots = await readSlots(store, (file) => buildPaths.chunk(resource, chunk, file), first, last);
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

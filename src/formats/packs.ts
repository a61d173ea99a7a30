/**
 * Packs: many precomputed answers in one file of build/, so that a deploy holds a few
 * thousand files at any archive size (docs/architecture.md, "Packs"). Web-standard only:
 * the build writes packs with `encodePack`, and the serving layer (Node and Deno) reads one
 * slot, or a run of slots, with two small byte ranges (src/serve/shared/pack-reader.ts).
 *
 * A pack has a fixed number of slots. Its first file starts with the slot table, one
 * 16-character entry per slot, `FFSSSSSSSLLLLLLL` in lower-case hex: the file the slot's bytes
 * are in (FF: 0 is the pack's first file, n its n-th overflow file), their start in that file
 * (7 digits) and their length (7 digits); an empty slot is all zeros. The bodies follow, in
 * slot order. A pack whose bodies pass `maxFileBytes` continues in overflow files holding
 * bodies only, so no file of build/ outgrows the deploy target's file limit and a reader never
 * needs to know where one file ends. Bodies of consecutive slots in one file are adjacent, so
 * a window of a list is one range of the table and one range of bodies per file.
 */

/** Bytes `[start, end)` of a build file: a pack's slot table or bodies, a bucket of a postings file. */
export interface FileRange {
  start: number;
  end: number;
}

export const ENTRY_BYTES = 16;

/** Objects per detail pack: ids `n * PACK_SLOTS` … `(n + 1) * PACK_SLOTS - 1` share pack n. */
export const PACK_SLOTS = 1000;

/** Objects per list chunk: reverse positions `c * CHUNK_SLOTS` … share chunk c. */
export const CHUNK_SLOTS = 1000;

/** Overflow starts past this many bytes in one file: well below Netlify's 10 MB per file. */
const PACK_FILE_BYTES = 4 * 1024 * 1024;

const FIELD_MAX = 0x0fffffff;
const FILE_MAX = 0xff;

export interface SlotEntry {
  file: number;
  start: number;
  length: number;
}

/** The byte range `[start, end)` of the table entries of slots `first` … `last` in the pack's first file. */
export function entryRange(first: number, last: number): FileRange {
  return { start: first * ENTRY_BYTES, end: (last + 1) * ENTRY_BYTES };
}

/** Reads table entries (consecutive slots) from their bytes; an empty slot has length 0. */
export function parseEntries(bytes: Uint8Array): SlotEntry[] {
  const text = new TextDecoder().decode(bytes);
  if (text.length % ENTRY_BYTES !== 0 || !/^[0-9a-f]*$/.test(text)) throw new Error('pack: malformed slot table');
  const entries: SlotEntry[] = [];
  for (let at = 0; at < text.length; at += ENTRY_BYTES) {
    entries.push({ file: parseInt(text.slice(at, at + 2), 16), start: parseInt(text.slice(at + 2, at + 9), 16), length: parseInt(text.slice(at + 9, at + 16), 16) });
  }
  return entries;
}

function hex(value: number, digits: number): string {
  return value.toString(16).padStart(digits, '0');
}

const encoder = new TextEncoder();

/**
 * The files of one pack (the first with the slot table, then overflow files), from the bodies
 * of its filled slots. `bodies` may be in any order; slots are 0 … `slots - 1`.
 */
export function encodePack(slots: number, bodies: Iterable<[slot: number, body: string | Uint8Array]>, maxFileBytes = PACK_FILE_BYTES): Uint8Array[] {
  const filled = [...bodies].map(([slot, body]) => [slot, typeof body === 'string' ? encoder.encode(body) : body] as const);
  filled.sort(([a], [b]) => a - b);
  const table = new Array<string>(slots).fill('0'.repeat(ENTRY_BYTES));
  const files: Uint8Array[][] = [[]];
  const sizes = [slots * ENTRY_BYTES];
  for (let i = 0; i < filled.length; i++) {
    const [slot, body] = filled[i]!;
    if (!Number.isInteger(slot) || slot < 0 || slot >= slots) throw new Error(`pack: slot ${slot} is outside 0…${slots - 1}`);
    if (i > 0 && filled[i - 1]![0] === slot) throw new Error(`pack: slot ${slot} is filled twice`);
    if (body.byteLength === 0) throw new Error(`pack: slot ${slot} has an empty body`);
    let file = files.length - 1;
    if (files[file]!.length > 0 && sizes[file]! + body.byteLength > maxFileBytes) {
      files.push([]);
      sizes.push(0);
      file++;
    }
    if (file > FILE_MAX || sizes[file]! > FIELD_MAX || body.byteLength > FIELD_MAX) throw new Error(`pack: slot ${slot} does not fit the slot table's fields`);
    table[slot] = `${hex(file, 2)}${hex(sizes[file]!, 7)}${hex(body.byteLength, 7)}`;
    files[file]!.push(body);
    sizes[file]! += body.byteLength;
  }
  files[0]!.unshift(encoder.encode(table.join('')));
  return files.map((parts, i) => {
    const out = new Uint8Array(sizes[i]!);
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.byteLength;
    }
    return out;
  });
}

/** The detail pack of an integer id and its slot in it. */
export function packOf(id: number): { pack: number; slot: number } {
  return { pack: Math.floor(id / PACK_SLOTS), slot: id % PACK_SLOTS };
}

/**
 * How the files of a list count its positions: from the end where the list keeps its oldest
 * objects, so that objects added at the other end leave every earlier number, chunk and index
 * file as they were. A list that adds at its end (ids ascending) counts from offset 0; one that
 * puts new objects first (`newestFirst`) counts from its last position. The mapping is its own
 * inverse: it turns a position into the stored number and back.
 */
export function listCounting(newestFirst: boolean, total: number): (position: number) => number {
  return newestFirst ? (position) => total - 1 - position : (position) => position;
}

/** The chunk of a list position and its slot in it (see listCounting). */
export function chunkOf(position: number, count: (position: number) => number): { chunk: number; slot: number } {
  const stored = count(position);
  return { chunk: Math.floor(stored / CHUNK_SLOTS), slot: stored % CHUNK_SLOTS };
}

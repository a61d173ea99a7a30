/**
 * Embedded records stored as references (docs/architecture.md, "Embedded public bodies"):
 * froide embeds a request's public body, with its `number_of_requests`, in the request's list
 * item and detail, so one new request would change the stored bytes of every other request of
 * its public body. Packs and list chunks store a reference instead, and the serving layer
 * splices the record's current bytes in when it reads them (src/serve/shared/pack-reader.ts), so an
 * answer's bytes are what froide's are. Web-standard only: the build (Node), the API function,
 * the preview and the detail Edge Function (Deno) share it.
 *
 * A reference in stored bytes is `U+0002 <kind> <id in decimal> U+0002`, standing where the
 * record's JSON value stood. JSON.stringify escapes every control character of a string
 * (`\u0002`), so no text of the archive puts that byte into stored JSON: a reference cannot be
 * forged, and stored bytes with one are not valid JSON, so nobody mistakes them for an answer
 * (token slots use U+0001 the same way, src/formats/token-slots.ts).
 */
import { encodePack, packOf, PACK_SLOTS } from '../formats/packs.ts';
import { buildPaths } from './build-paths.ts';

const EMBED_BYTE = 0x02;
const EMBED_CHAR = '\u0002';

/**
 * What a reference can name, by its kind letter, and the pack file that holds the record's
 * bytes (keyed by the record's id as detail packs are, src/formats/packs.ts):
 * - `d`: a public body's detail, which froide embeds in a request's detail; the public body's
 *   own detail pack holds exactly those bytes;
 * - `s`: a public body's simple shape, which froide embeds in a request's list item; packs of
 *   their own (buildPaths.simplePublicBody).
 */
export const EMBED_KINDS = {
  d: (pack: number, file: number) => buildPaths.pack('publicbody', pack, file),
  s: (pack: number, file: number) => buildPaths.simplePublicBody(pack, file),
} as const;

export type EmbedKind = keyof typeof EMBED_KINDS;

/** A record a stored object refers to instead of embedding it; `value` is what it embeds (its serializer's). */
export interface EmbedRef {
  kind: EmbedKind;
  id: number;
  value(): unknown;
}

/** The stored reference to a record. */
export function embedMarker(kind: EmbedKind, id: number): string {
  if (!Number.isSafeInteger(id) || id < 0) throw new Error(`embeds: ${kind} id ${id} is not a whole number`);
  return `${EMBED_CHAR}${kind}${id}${EMBED_CHAR}`;
}

/**
 * Stored text of an object whose JSON text embeds a record's JSON text: every occurrence of
 * the record's text becomes the reference. The record's text is a whole JSON object (it starts
 * with `{"`, which no JSON string holds unescaped), so only an embedded value matches. An
 * object that does not hold the record's text is a build error: its serializer embeds something
 * else than the record's own serializer writes, and the answer would not be the record.
 */
export function referTo(text: string, recordText: string, kind: EmbedKind, id: number, what: string): string {
  if (!recordText.startsWith('{"')) throw new Error(`embeds: ${kind}${id} is not a JSON object`);
  if (!text.includes(recordText)) throw new Error(`embeds: ${what} does not embed ${kind}${id} as its own serializer writes it`);
  return text.replaceAll(recordText, embedMarker(kind, id));
}

/** The packs (`{ path, body }`) of one kind's records, from their ids and JSON text. */
export function embedPacks(kind: EmbedKind, records: Iterable<readonly [id: number, text: string]>): { path: string; body: Uint8Array }[] {
  const packs = new Map<number, [number, string][]>();
  for (const [id, text] of records) {
    const { pack, slot } = packOf(id);
    if (!packs.has(pack)) packs.set(pack, []);
    packs.get(pack)!.push([slot, text]);
  }
  return [...packs].flatMap(([pack, bodies]) => encodePack(PACK_SLOTS, bodies).map((body, file) => ({ path: EMBED_KINDS[kind](pack, file), body })));
}

/** One reference in stored bytes: the bytes `[start, end)` it takes, what it names. */
export interface EmbedAt {
  start: number;
  end: number;
  kind: EmbedKind;
  id: number;
}

class BrokenEmbed extends Error {
  override name = 'BrokenEmbed';
}

/** True when stored bytes hold a reference (a raw U+0002 byte; UTF-8 never uses it inside another character). */
export function hasEmbed(bytes: Uint8Array): boolean {
  return bytes.indexOf(EMBED_BYTE) !== -1;
}

/** The references in stored bytes, in order. */
export function findEmbeds(bytes: Uint8Array): EmbedAt[] {
  const found: EmbedAt[] = [];
  for (let start = bytes.indexOf(EMBED_BYTE); start !== -1; start = bytes.indexOf(EMBED_BYTE, start)) {
    const end = bytes.indexOf(EMBED_BYTE, start + 1);
    if (end === -1 || end - start < 3 || end - start > 18) throw new BrokenEmbed(`a reference at byte ${start} is not closed`);
    const kind = String.fromCharCode(bytes[start + 1]!);
    if (!(kind in EMBED_KINDS)) throw new BrokenEmbed(`a reference at byte ${start} names kind "${kind}"`);
    let id = 0;
    for (let at = start + 2; at < end; at++) {
      const digit = bytes[at]! - 0x30;
      if (digit < 0 || digit > 9) throw new BrokenEmbed(`a reference at byte ${start} holds a non-digit`);
      id = id * 10 + digit;
    }
    found.push({ start, end: end + 1, kind: kind as EmbedKind, id });
    start = end + 1;
  }
  return found;
}

/** Stored bytes with every reference replaced by its record's bytes (`records` by `<kind><id>`). */
export function splice(bytes: Uint8Array, at: readonly EmbedAt[], records: ReadonlyMap<string, Uint8Array>): Uint8Array {
  if (at.length === 0) return bytes;
  const parts: Uint8Array[] = [];
  let size = 0;
  let done = 0;
  for (const { start, end, kind, id } of at) {
    const record = records.get(`${kind}${id}`);
    if (!record) throw new BrokenEmbed(`record ${kind}${id} was not read`);
    parts.push(bytes.subarray(done, start), record);
    size += start - done + record.byteLength;
    done = end;
  }
  parts.push(bytes.subarray(done));
  size += bytes.byteLength - done;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

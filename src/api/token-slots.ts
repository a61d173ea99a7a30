/**
 * Token slots: media links are stored without tokens and get them when they are answered
 * (docs/architecture.md, Tokens). Web-standard only: the build (Node), the API function, the
 * preview and the detail Edge Function (Deno) share it.
 *
 * Three spellings of one slot:
 * - in stored bytes and in an answer's JSON text before minting: `?token=` followed by the raw
 *   control character U+0001. JSON.stringify escapes every control character of a string
 *   (`\u0001`), so no text of the archive, however an editor or a client wrote it, ever puts
 *   that byte into JSON text: a slot cannot be forged, and a stored file with one is not even
 *   valid JSON, so nobody mistakes it for an answer;
 * - in parsed values (serializers, the API function's objects): `?token=` followed by
 *   SLOT_MARK, a random text chosen when this module loads, which no content and no request can
 *   guess; apiJson writes it as the raw byte, parseApiJson reads the byte back as it;
 * - in an answer: `?token=<exp>:<kid>:<sig>`, percent-encoded as a query value, written by
 *   mintTokens, the one function that turns stored text into answer text.
 */
import { mediaPathOf, tokenFor, tokenScope } from './media-token.ts';
import type { TokenKey } from '../config.ts';

/** The stored slot character (see above). */
export const SLOT_CHAR = '\u0001';
const SLOT_BYTE = 0x01;

function randomMark(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return `slot-${hex}`;
}

/** What a slot is inside parsed values of this process (never written anywhere). */
export const SLOT_MARK = randomMark();

const TOKEN_QUERY = '?token=';
const STORED_SLOT = `${TOKEN_QUERY}${SLOT_CHAR}`;
const VALUE_SLOT = `${TOKEN_QUERY}${SLOT_MARK}`;

/** A media URL with a token slot: what a serializer writes where froide writes `?token=…`. */
export function withTokenSlot(mediaUrl: string): string {
  return `${mediaUrl}${VALUE_SLOT}`;
}

/** JSON text of values -> stored text: every value slot becomes the raw slot character. */
export function storedSlots(text: string): string {
  return text.includes(SLOT_MARK) ? text.replaceAll(SLOT_MARK, SLOT_CHAR) : text;
}

/** Stored text -> text JSON.parse reads: every raw slot character becomes the value slot. */
export function valueSlots(text: string): string {
  return text.includes(SLOT_CHAR) ? text.replaceAll(SLOT_CHAR, SLOT_MARK) : text;
}

/** True when stored bytes hold a slot (a raw U+0001 byte; UTF-8 never uses it inside another character). */
export function hasSlot(bytes: Uint8Array): boolean {
  return bytes.indexOf(SLOT_BYTE) !== -1;
}

export function hasSlotText(text: string): boolean {
  return text.includes(SLOT_CHAR);
}

/** What minting needs: the key that signs, the lifetime, where media URLs start. */
export interface TokenSigner {
  /** The first key of MEDIA_TOKEN_KEYS. */
  key: TokenKey;
  /** Token lifetime in seconds (MEDIA_TOKEN_TTL). */
  ttl: number;
  /** The media URL of the build (manifest urls.mediaUrl), with its trailing slash. */
  mediaUrl: string;
}

export class SlotError extends Error {
  override name = 'SlotError';
}

/**
 * Stored text -> answer text: every slot gets the token of the media URL before it, signed with
 * the signer's key for `now + ttl`. The scope is the gate's (mediaPathOf, tokenScope): the file
 * for attachments, the directory for private documents. Each distinct scope is signed once per
 * call. A slot after anything but a token-scoped media URL of this build is a build error
 * (SlotError): the answer would otherwise carry a link that can never open.
 */
export async function mintTokens(text: string, signer: TokenSigner, nowSeconds: number): Promise<string> {
  if (!text.includes(STORED_SLOT)) return text;
  const expires = nowSeconds + signer.ttl;
  const mount = new URL(signer.mediaUrl).pathname;
  // Every slot's scope, each distinct scope signed once, then the text.
  const slots: { at: number; scope: string }[] = [];
  const signed = new Map<string, string>();
  for (let at = text.indexOf(STORED_SLOT); at !== -1; at = text.indexOf(STORED_SLOT, at + STORED_SLOT.length)) {
    const scope = scopeBefore(text, at, signer.mediaUrl, mount);
    if (!signed.has(scope)) signed.set(scope, queryValue(tokenFor(scope, expires, signer.key)));
    slots.push({ at, scope });
  }
  const parts: string[] = [];
  let done = 0;
  for (const { at, scope } of slots) {
    parts.push(text.slice(done, at + TOKEN_QUERY.length), signed.get(scope)!);
    done = at + STORED_SLOT.length;
  }
  parts.push(text.slice(done));
  return parts.join('');
}

/**
 * The scope of the media URL that ends at a slot: the URL runs from the JSON string's opening
 * quote (a percent-encoded URL holds no `"`) to the slot. Its path is read as the gate reads a
 * request's (mediaPathOf, tokenScope); the build writes media URLs canonical, so the path is
 * the mount followed by the URL's text after the media URL.
 */
function scopeBefore(text: string, at: number, mediaUrl: string, mount: string): string {
  const start = text.lastIndexOf('"', at) + 1;
  if (!text.startsWith(mediaUrl, start)) throw new SlotError(`a token slot follows "${text.slice(start, Math.min(at, start + 120))}", which is no media URL of ${mediaUrl}`);
  const path = mediaPathOf(mount + text.slice(start + mediaUrl.length, at), mount);
  const scope = path === null ? null : tokenScope(path);
  if (scope === null) throw new SlotError(`a token slot follows ${text.slice(start, Math.min(at, start + 120))}, which needs no token`);
  return scope;
}

/** A token as a query value: `:` percent-encoded, as URLSearchParams writes it; its other characters need none. */
function queryValue(token: string): string {
  return token.replaceAll(':', '%3A');
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** mintTokens over bytes; bytes without a slot come back as they are (no decoding). */
export async function mintTokenBytes(bytes: Uint8Array, signer: TokenSigner, nowSeconds: number): Promise<Uint8Array> {
  if (!hasSlot(bytes)) return bytes;
  return encoder.encode(await mintTokens(decoder.decode(bytes), signer, nowSeconds));
}

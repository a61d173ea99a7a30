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
 *   mintTokens (stored text -> answer text) or mintTokenBytes (the same over bytes), which find
 *   each slot's token in one way (tokenBefore, TokenMemo).
 */
import { mediaPathOf, mintedExpiry, tokenFor, tokenScope } from './media-token.ts';
import type { TokenKey } from './token-keys.ts';

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

const encoder = new TextEncoder();
const decoder = new TextDecoder();

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
 * What minting remembers in one process or isolate (the API function's, an Edge Function's, the
 * preview's), so that an answer costs little when its media was linked before:
 * - the scope of each media URL text after the media URL (a pure function of that text, kept
 *   across all answers);
 * - the token of each scope for the current key and expiry (tokens are deterministic, so a
 *   remembered one is the one signing would give again); forgotten when the key or the expiry
 *   changes, which mintedExpiry makes happen once per step of the clock.
 * Each map is emptied when it reaches MEMO_LIMIT entries, so memory stays bounded (a few MB).
 * It never changes a byte of an answer: an answer minted with a fresh memo equals one minted
 * with a full one at the same second.
 */
export class TokenMemo {
  private readonly scopes = new Map<string, string>();
  private readonly tokens = new Map<string, Minted>();
  private readonly byUrl = new Map<string, Minted>();
  private kid = '';
  private secret = '';
  private expires = NaN;

  /** The token of the media URL whose text after the build's media URL is `rest`, for `key` and `expires`. */
  token(rest: string, key: TokenKey, expires: number): Minted {
    if (expires !== this.expires || key.kid !== this.kid || key.secret !== this.secret) {
      this.tokens.clear();
      this.byUrl.clear();
      this.kid = key.kid;
      this.secret = key.secret;
      this.expires = expires;
    }
    let minted = this.byUrl.get(rest);
    if (minted) return minted;
    const scope = this.scopeOf(rest);
    minted = this.tokens.get(scope);
    if (!minted) {
      const value = queryValue(tokenFor(scope, expires, key));
      minted = { value, bytes: utf8Of(value) };
      remember(this.tokens, scope, minted);
    }
    remember(this.byUrl, rest, minted);
    return minted;
  }

  /** The gate's scope (mediaPathOf, tokenScope) of a media URL of the build, from its text after the media URL. */
  private scopeOf(rest: string): string {
    let scope = this.scopes.get(rest);
    if (scope === undefined) {
      const path = mediaPathOf(`/${rest}`, '/');
      const scoped = path === null ? null : tokenScope(path);
      if (scoped === null) throw new SlotError(`a token slot follows the media URL ${rest.slice(0, 120)}, which needs no token`);
      remember(this.scopes, rest, (scope = scoped));
    }
    return scope;
  }
}

/** A minted token as a query value, as text and as UTF-8 bytes. */
interface Minted {
  value: string;
  bytes: Uint8Array;
}

/** UTF-8 of a short text: ASCII (a token always is) written directly, which costs less than a call into TextEncoder. */
function utf8Of(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit > 0x7f) return encoder.encode(text);
    bytes[i] = unit;
  }
  return bytes;
}

const MEMO_LIMIT = 20_000;

function remember<T>(map: Map<string, T>, key: string, value: T): void {
  if (map.size >= MEMO_LIMIT) map.clear();
  map.set(key, value);
}

/** The memo of this process or isolate, which every answer mints with. */
const isolateMemo = new TokenMemo();

/**
 * Stored text -> answer text: every slot gets the token of the media URL before it, signed with
 * the signer's key for mintedExpiry(now, ttl). The scope is the gate's (mediaPathOf,
 * tokenScope): the file for attachments, the directory for private documents. Each distinct
 * scope is signed once per key and expiry (TokenMemo). A slot after anything but a
 * token-scoped media URL of this build is a build error (SlotError): the answer would otherwise
 * carry a link that can never open.
 */
export async function mintTokens(text: string, signer: TokenSigner, nowSeconds: number, memo = isolateMemo): Promise<string> {
  let at = text.indexOf(STORED_SLOT);
  if (at === -1) return text;
  const expires = mintedExpiry(nowSeconds, signer.ttl);
  const parts: string[] = [];
  let done = 0;
  for (; at !== -1; at = text.indexOf(STORED_SLOT, at + STORED_SLOT.length)) {
    parts.push(text.slice(done, at + TOKEN_QUERY.length), tokenBefore(text, at, signer, expires, memo).value);
    done = at + STORED_SLOT.length;
  }
  parts.push(text.slice(done));
  return parts.join('');
}

/**
 * The token of the media URL that ends at `query` (where its `?token=` starts): the URL runs
 * from the JSON string's opening quote (a percent-encoded URL holds no `"`) to there. The build
 * writes media URLs canonical, so the URL's path is the mount followed by its text after the
 * media URL, which is all the scope depends on.
 */
function tokenBefore(text: string, query: number, signer: TokenSigner, expires: number, memo: TokenMemo): Minted {
  const start = text.lastIndexOf('"', query) + 1;
  if (!text.startsWith(signer.mediaUrl, start)) {
    throw new SlotError(`a token slot follows "${text.slice(start, Math.min(query, start + 120))}", which is no media URL of ${signer.mediaUrl}`);
  }
  return memo.token(text.slice(start + signer.mediaUrl.length, query), signer.key, expires);
}

/** A token as a query value: `:` percent-encoded, as URLSearchParams writes it; its other characters need none. */
function queryValue(token: string): string {
  return token.replaceAll(':', '%3A');
}

/**
 * mintTokens over bytes: the same slots, scopes, tokens and errors, written straight into the
 * answer's bytes. The stored bytes are decoded once (to find the slots and read the media URLs),
 * never encoded back: the answer is the stored bytes between the slots, copied around the
 * tokens. Bytes without a slot come back as they are (no decoding).
 *
 * A slot's byte offset is found from its offset in the text: each U+0001 of the text is one
 * 0x01 byte (UTF-8 uses that byte for nothing else), and a character takes at least as many
 * bytes as UTF-16 units, so the n-th 0x01 byte lies at or after the n-th U+0001's offset plus
 * the (growing) difference found at the one before; the search reads only the bytes that
 * difference grew by.
 */
export async function mintTokenBytes(bytes: Uint8Array, signer: TokenSigner, nowSeconds: number, memo = isolateMemo): Promise<Uint8Array> {
  if (!hasSlot(bytes)) return bytes;
  const text = decoder.decode(bytes);
  const expires = mintedExpiry(nowSeconds, signer.ttl);
  const slots: number[] = [];
  const tokens: Uint8Array[] = [];
  let grows = 0;
  let shift = 0;
  for (let at = text.indexOf(SLOT_CHAR); at !== -1; at = text.indexOf(SLOT_CHAR, at + 1)) {
    const byte = bytes.indexOf(SLOT_BYTE, at + shift);
    shift = byte - at;
    const query = at - TOKEN_QUERY.length;
    if (query < 0 || !text.startsWith(TOKEN_QUERY, query)) continue;
    const token = tokenBefore(text, query, signer, expires, memo).bytes;
    slots.push(byte);
    tokens.push(token);
    grows += token.length - 1;
  }
  if (slots.length === 0) return bytes;
  const answer = new Uint8Array(bytes.length + grows);
  let done = 0;
  let written = 0;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
    const token = tokens[i]!;
    answer.set(bytes.subarray(done, slot), written);
    written += slot - done;
    answer.set(token, written);
    written += token.length;
    done = slot + 1;
  }
  answer.set(bytes.subarray(done), written);
  return answer;
}

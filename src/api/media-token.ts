/**
 * Signed media tokens (docs/api.md#media-urls-and-tokens).
 *
 * Token: `<exp base36>:<kid>:<base64url HMAC-SHA256(secret, "<exp>:<kid>:<scope>")>`.
 * The scope is the media path relative to the media root: the file for attachments, the
 * document directory for documents (one token covers its PDF and page images, as in
 * froide). Web-standard only: the API function (Node), the preview server and the Edge
 * Functions (Deno) import this same module. No Node built-ins here. The keys are settings
 * (src/config.ts).
 *
 * Signing uses @noble/hashes' HMAC-SHA256 (pure JavaScript, synchronous): an answer mints one
 * token per media scope it links, up to ~120 for a list page of messages, and Web Crypto's
 * asynchronous `sign` cost ~30 µs each where a keyed HMAC cloned per token costs a few
 * (docs/serving.md, "Media tokens in answers"). Verifying, one per media request, stays
 * Web Crypto's constant-time `verify`; both compute the same HMAC.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import type { TokenKey } from '../config.ts';
import { decodeUriComponentOrNull } from '../lib/uri.ts';


const encoder = new TextEncoder();
const cryptoKeys = new Map<string, Promise<CryptoKey>>();

function importKey(secret: string): Promise<CryptoKey> {
  let key = cryptoKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    cryptoKeys.set(secret, key);
  }
  return key;
}

function toBase64Url(bytes: ArrayBuffer | Uint8Array): string {
  let binary = '';
  for (const byte of bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = new Uint8Array(new ArrayBuffer(binary.length));
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    // Only the canonical spelling: atob ignores the unused low bits of the last character, so
    // without this one token would have four accepted spellings.
    return toBase64Url(bytes.buffer) === text ? bytes : null;
  } catch {
    return null;
  }
}

/** HMAC-SHA256 keyed with a secret, its key schedule computed once; cloned for each message. */
const macs = new Map<string, ReturnType<typeof hmac.create>>();

function macOf(secret: string): ReturnType<typeof hmac.create> {
  let mac = macs.get(secret);
  if (!mac) macs.set(secret, (mac = hmac.create(sha256, encoder.encode(secret))));
  return mac;
}

/** The token of a scope, synchronously (what minting an answer calls, once per scope). */
export function tokenFor(scope: string, expiresAt: number, key: TokenKey): string {
  const exp = Math.floor(expiresAt).toString(36);
  const signature = macOf(key.secret).clone().update(encoder.encode(`${exp}:${key.kid}:${scope}`)).digest();
  return `${exp}:${key.kid}:${toBase64Url(signature)}`;
}

export async function signScope(scope: string, expiresAt: number, key: TokenKey): Promise<string> {
  return tokenFor(scope, expiresAt, key);
}

export type TokenCheck = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'unknown-key' | 'forged' | 'expired' | 'too-long' };

/**
 * Seconds the clocks of the machine that minted a token and the one that checks it may differ
 * (Netlify's function and Edge nodes, both on synchronized clocks): a token counts as expired
 * only this long after its expiry, and as too long-lived only when its expiry lies more than
 * its lifetime plus this ahead (docs/architecture.md, Tokens).
 */
export const TOKEN_CLOCK_SKEW = 5;

/**
 * Checks a token for a scope. The signature comparison is Web Crypto's `verify`, which is
 * constant-time. Any key in `keys` is accepted, so tokens signed before a rotation stay
 * valid until they expire. `lifetime` (MEDIA_TOKEN_TTL) bounds how far ahead a valid expiry may
 * lie: a token minted when answering expires at most `lifetime` seconds after it was made, so
 * one that lives longer (signed under a longer setting, or by the build-time scheme this
 * replaced) is refused.
 */
export async function verifyToken(
  token: string | null,
  scope: string,
  keys: readonly TokenKey[],
  nowSeconds: number,
  lifetime: number,
): Promise<TokenCheck> {
  if (!token) return { ok: false, reason: 'missing' };
  const parts = token.split(':');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [exp, kid, sig] = parts as [string, string, string];
  if (!/^[0-9a-z]{1,12}$/.test(exp)) return { ok: false, reason: 'malformed' };
  const signature = fromBase64Url(sig);
  if (!signature || signature.length !== 32) return { ok: false, reason: 'malformed' };
  const key = keys.find((candidate) => candidate.kid === kid);
  if (!key) return { ok: false, reason: 'unknown-key' };
  const valid = await crypto.subtle.verify(
    'HMAC',
    await importKey(key.secret),
    signature,
    encoder.encode(`${exp}:${kid}:${scope}`),
  );
  if (!valid) return { ok: false, reason: 'forged' };
  const expires = parseInt(exp, 36);
  if (expires + TOKEN_CLOCK_SKEW < nowSeconds) return { ok: false, reason: 'expired' };
  if (expires > nowSeconds + lifetime + TOKEN_CLOCK_SKEW) return { ok: false, reason: 'too-long' };
  return { ok: true };
}

/**
 * The scope a media path is signed for, or null when the path needs no token.
 * `foi/<message>/<name>` -> itself; `docs-private/a/b/c/<uid>/<file>` -> the directory.
 */
export function tokenScope(relativePath: string): string | null {
  const segments = relativePath.split('/');
  if (segments[0] === 'foi') return relativePath;
  if (segments[0] === 'docs-private') return segments.slice(0, 5).join('/');
  return null;
}

/**
 * The raw relative media path of a URL path under the mount (the path of the media URL), or
 * null if it is not a safe one: the media gate and mintTokens (token-slots.ts) read paths with it.
 * Decoded segment by segment; encoded slashes or backslashes, `.`/`..`, empty segments, NUL and
 * malformed escapes are refused.
 */
export function mediaPathOf(pathname: string, mount: string): string | null {
  if (!pathname.startsWith(mount)) return null;
  const raw = pathname.slice(mount.length);
  if (raw === '' || /%(2f|5c|00)/i.test(raw)) return null;
  const segments: string[] = [];
  for (const encoded of raw.split('/')) {
    const segment = decodeUriComponentOrNull(encoded);
    if (segment === null || segment === '' || segment === '.' || segment === '..' || /[\\/\0]/.test(segment)) return null;
    segments.push(segment);
  }
  return segments.join('/');
}

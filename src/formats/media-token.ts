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
 * token per media scope it links, up to ~150 for a list page of messages, and Web Crypto's
 * asynchronous `sign` cost ~30 µs each where a keyed HMAC copied into one reused instance
 * costs a few (docs/serving.md, "Media tokens in answers"). Verifying, one per media request,
 * stays Web Crypto's constant-time `verify`; both compute the same HMAC.
 */
import { hmac, type _HMAC } from '@noble/hashes/hmac.js';
import { sha256, type _SHA256 } from '@noble/hashes/sha2.js';
import type { TokenKey } from './token-keys.ts';
import { decodeUriComponentOrNull } from './uri.ts';


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

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** base64url without padding (RFC 4648 §5), as Buffer's 'base64url' writes it. */
function toBase64Url(bytes: Uint8Array): string {
  let text = '';
  let at = 0;
  for (; at + 2 < bytes.length; at += 3) {
    const bits = (bytes[at]! << 16) | (bytes[at + 1]! << 8) | bytes[at + 2]!;
    text += BASE64URL[bits >>> 18]! + BASE64URL[(bits >>> 12) & 63]! + BASE64URL[(bits >>> 6) & 63]! + BASE64URL[bits & 63]!;
  }
  if (at < bytes.length) {
    const bits = (bytes[at]! << 16) | ((bytes[at + 1] ?? 0) << 8);
    text += BASE64URL[bits >>> 18]! + BASE64URL[(bits >>> 12) & 63]!;
    if (at + 1 < bytes.length) text += BASE64URL[(bits >>> 6) & 63]!;
  }
  return text;
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
    return toBase64Url(bytes) === text ? bytes : null;
  } catch {
    return null;
  }
}

type Mac = _HMAC<_SHA256>;

/**
 * HMAC-SHA256 keyed with a secret, its key schedule computed once, and the instance each
 * message is computed in: the keyed state is copied into it (noble's `_cloneInto`), so a token
 * allocates no hash objects.
 */
const macs = new Map<string, { keyed: Mac; scratch: Mac }>();

function macOf(secret: string): { keyed: Mac; scratch: Mac } {
  let mac = macs.get(secret);
  if (!mac) {
    const keyed = hmac.create(sha256, encoder.encode(secret)) as Mac;
    macs.set(secret, (mac = { keyed, scratch: keyed.clone() }));
  }
  return mac;
}

const signature = new Uint8Array(32);

/** The token of a scope, synchronously (what minting an answer calls, once per scope and expiry). */
export function tokenFor(scope: string, expiresAt: number, key: TokenKey): string {
  const exp = Math.floor(expiresAt).toString(36);
  const { keyed, scratch } = macOf(key.secret);
  keyed._cloneInto(scratch).update(encoder.encode(`${exp}:${key.kid}:${scope}`)).digestInto(signature);
  return `${exp}:${key.kid}:${toBase64Url(signature)}`;
}

export async function signScope(scope: string, expiresAt: number, key: TokenKey): Promise<string> {
  return tokenFor(scope, expiresAt, key);
}

/**
 * Into how many steps a lifetime is cut for the expiry of minted tokens (mintedExpiry): the
 * expiry is `now + lifetime` rounded down to a whole multiple of lifetime / TOKEN_EXPIRY_STEPS
 * seconds (at least 1 s; 5 s for froide's 120 s), counted from the Unix epoch.
 */
const TOKEN_EXPIRY_STEPS = 24;

/** Seconds between the expiries minted tokens may have (see TOKEN_EXPIRY_STEPS). */
export function expiryStep(lifetime: number): number {
  return Math.max(1, Math.floor(lifetime / TOKEN_EXPIRY_STEPS));
}

/**
 * The expiry of a token minted at `nowSeconds` for `lifetime` seconds: `now + lifetime` rounded
 * down to a whole multiple of expiryStep(lifetime). So every answer within one step of the
 * clock carries the same token for a scope (minting signs it once, docs/serving.md, "Media
 * tokens in answers"), and a token lives between `lifetime - step` (exclusive) and `lifetime`
 * seconds: never longer than the setting, so the gate's bounds hold unchanged.
 */
export function mintedExpiry(nowSeconds: number, lifetime: number): number {
  const step = expiryStep(lifetime);
  return Math.floor((Math.floor(nowSeconds) + lifetime) / step) * step;
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
  const first = relativePath.indexOf('/');
  const top = first === -1 ? relativePath : relativePath.slice(0, first);
  if (top === 'foi') return relativePath;
  if (top !== 'docs-private') return null;
  // The first five segments: the text before the fifth slash (all of it when there are fewer).
  let slash = first;
  for (let segment = 1; segment < 5 && slash !== -1; segment++) slash = relativePath.indexOf('/', slash + 1);
  return slash === -1 ? relativePath : relativePath.slice(0, slash);
}

/**
 * The raw relative media path of a URL path under the mount (the path of the media URL), or
 * null if it is not a safe one: the media gate and mintTokens (token-slots.ts) read paths with it.
 * Encoded slashes, backslashes or NUL, malformed escapes, decoded backslashes or NUL, and
 * `.`/`..` or empty segments are refused. The path is decoded whole: with `%2F` refused, its slashes are where
 * the request's are, and an escape never spans one (a slash is no `%XX`), so this is decoding
 * segment by segment, at one decodeURIComponent per path.
 */
export function mediaPathOf(pathname: string, mount: string): string | null {
  if (!pathname.startsWith(mount)) return null;
  const raw = pathname.slice(mount.length);
  if (raw === '' || /%(2f|5c|00)/i.test(raw)) return null;
  const path = decodeUriComponentOrNull(raw);
  if (path === null || /[\\\0]/.test(path)) return null;
  for (const segment of path.split('/')) if (segment === '' || segment === '.' || segment === '..') return null;
  return path;
}

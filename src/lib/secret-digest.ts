/**
 * The SHA-256 of a text, as 64 hex digits, synchronous and web-standard (@noble/hashes, as
 * src/formats/media-token.ts uses): the name under which the build files what only a secret or a
 * full media path may find (docs/serving.md#what-a-secret-unlocks), computed alike by the build,
 * the function and the Edge Functions. `webSha256Of` is the same digest of bytes with Web Crypto,
 * for the media store's Blobs side, which the media Edge Function loads. The Node side hashes
 * with sha256.ts.
 */
import { sha256 } from '@noble/hashes/sha2.js';

const encoder = new TextEncoder();

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

export function secretDigest(text: string): string {
  let hex = '';
  for (const byte of sha256(encoder.encode(text))) hex += HEX[byte]!;
  return hex;
}

/** The SHA-256 of bytes, as 64 hex digits, with Web Crypto (asynchronous, fast on large files). */
export async function webSha256Of(bytes: Uint8Array): Promise<string> {
  let hex = '';
  for (const byte of new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>))) hex += HEX[byte]!;
  return hex;
}

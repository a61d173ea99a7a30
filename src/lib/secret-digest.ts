/**
 * The SHA-256 of a text, as 64 hex digits, synchronous and web-standard (@noble/hashes, as
 * src/formats/media-token.ts uses): the name under which the build files what only a secret or a
 * full media path may find (docs/serving.md#what-a-secret-unlocks), computed alike by the build,
 * the function and the Edge Functions.
 */
import { sha256 } from '@noble/hashes/sha2.js';

const encoder = new TextEncoder();

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

export function secretDigest(text: string): string {
  let hex = '';
  for (const byte of sha256(encoder.encode(text))) hex += HEX[byte]!;
  return hex;
}

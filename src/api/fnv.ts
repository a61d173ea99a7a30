/**
 * FNV-1a (32 bit) over UTF-8: a small, stable hash for spreading keys over a bounded number of
 * build files (filter indexes, the media index). Not for anything secret.
 */
const encoder = new TextEncoder();

export function fnv1a32(key: string): number {
  let hash = 0x811c9dc5;
  for (const byte of encoder.encode(key)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

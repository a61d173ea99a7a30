/** FNV-1a (32 bit) over the UTF-8 bytes of a text: a stable, fast spread for file buckets. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** One of 4,096 buckets, as three hex digits: the top 12 bits of the text's FNV-1a (shard folders, media index files). */
export function fnvBucket(text: string): string {
  return (fnv1a(text) >>> 20).toString(16).padStart(3, '0');
}

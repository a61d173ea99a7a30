const encoder = new TextEncoder();

/** FNV-1a (32 bit) over the UTF-8 bytes of a text: a stable, fast spread for file buckets. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  // ASCII is its own UTF-8: hashed from the text itself, the rest (from the first other
  // character, which starts a code point) from its UTF-8 bytes.
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) {
      for (const byte of encoder.encode(text.slice(i))) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
      return hash;
    }
    hash = Math.imul(hash ^ code, 0x01000193) >>> 0;
  }
  return hash;
}

/** One of 4,096 buckets, as three hex digits: the top 12 bits of the text's FNV-1a (shard folders of text keys). */
export function fnvBucket(text: string): string {
  return (fnv1a(text) >>> 20).toString(16).padStart(3, '0');
}

/**
 * One of 1,024 buckets, as three hex digits: the top 10 bits of the text's FNV-1a (media index
 * files: few enough for a deploy's file budget, small enough to read per media request;
 * docs/architecture.md, "Files per deploy").
 */
export function mediaBucket(text: string): string {
  return (fnv1a(text) >>> 22).toString(16).padStart(3, '0');
}

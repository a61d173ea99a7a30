/** FNV-1a over UTF-8 (src/formats/fnv1a.ts): every bucket of build/ (shards, filter and media index files, search buckets) follows from it. */
import { describe, expect, it } from 'vitest';
import { fnv1a, fnvBucket, mediaBucket } from '../../src/formats/fnv1a.ts';

/** The definition: the 32-bit FNV-1a of the text's UTF-8 bytes (lone surrogates as U+FFFD, as TextEncoder writes them). */
function reference(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) hash = Number((BigInt(hash ^ byte) * 0x01000193n) & 0xffffffffn);
  return hash >>> 0;
}

describe('fnv1a', () => {
  it('gives the published FNV-1a values', () => {
    // Test vectors of the FNV reference (Fowler, Noll, Vo: 32-bit FNV-1a).
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });

  it('hashes the UTF-8 bytes of any text, ASCII or not, surrogate pairs and lone surrogates included', () => {
    const texts = ['amenity:4711', 'Straße', 'ümlaut', 'a😀', '😀x', '\ud800', 'x\udc00y', 'foi/12/Bescheid vom 3. März.pdf', 'Ärger'.repeat(20)];
    for (const text of texts) expect(fnv1a(text), text).toBe(reference(text));
    // Two texts that differ only past their ASCII start.
    expect(fnv1a('abcä')).not.toBe(fnv1a('abcö'));
  });

  it('cuts buckets from the top bits', () => {
    const hash = fnv1a('docs/ab/cd');
    expect(fnvBucket('docs/ab/cd')).toBe((hash >>> 20).toString(16).padStart(3, '0'));
    expect(mediaBucket('docs/ab/cd')).toBe((hash >>> 22).toString(16).padStart(3, '0'));
  });
});

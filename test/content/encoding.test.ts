import { describe, expect, it } from 'vitest';
import { firstInvalidUtf8 } from '../../src/content/encoding.ts';

describe('firstInvalidUtf8 (RFC 3629 §4)', () => {
  it.each([
    ['ASCII and umlauts', [...new TextEncoder().encode('aä€😀')], -1],
    ['a lone continuation byte', [0x61, 0x80], 1],
    ['Latin-1 ä', [0x61, 0x62, 0xe4, 0x63], 2],
    ['a truncated sequence at the end', [0x61, 0xe2, 0x82], 1],
    ['an overlong encoding of "/"', [0xc0, 0xaf], 0],
    ['an overlong three-byte form', [0xe0, 0x80, 0xaf], 0],
    ['a UTF-16 surrogate', [0xed, 0xa0, 0x80], 0],
    ['beyond U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 0],
  ])('%s', (_, bytes, expected) => {
    expect(firstInvalidUtf8(Uint8Array.from(bytes))).toBe(expected);
  });

  it('agrees with the platform decoder on random bytes', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) >> 16) & 0xff;
    for (let round = 0; round < 2000; round++) {
      const bytes = Uint8Array.from({ length: 6 }, random);
      let valid = true;
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        valid = false;
      }
      expect(firstInvalidUtf8(bytes) === -1, Array.from(bytes).join(',')).toBe(valid);
    }
  });
});

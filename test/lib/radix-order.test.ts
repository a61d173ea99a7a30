/**
 * The stable radix orders (src/lib/radix-order.ts) against a comparator sort, on values built
 * to hit every pass: ties, zeros and -0, negatives, magnitudes across the double's exponents.
 */
import { describe, expect, it } from 'vitest';
import { ascendingOrder, descendingOrder, isAscending } from '../../src/lib/radix-order.ts';

/** A small deterministic generator (mulberry32), so a failure replays. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const indexes = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('radix orders', () => {
  it('descendingOrder is the stable descending order of any finite numbers', () => {
    const next = random(7);
    for (let round = 0; round < 50; round++) {
      const values = Array.from({ length: Math.floor(next() * 3000) }, () => {
        const roll = next();
        if (roll < 0.3) return Math.floor(next() * 4); // many ties, zeros
        if (roll < 0.35) return -0;
        return (next() - 0.3) * 10 ** Math.floor(next() * 12 - 6);
      });
      const expected = indexes(values.length).sort((a, b) => values[b]! - values[a]! || a - b);
      expect(Array.from(descendingOrder(values))).toEqual(expected);
    }
  });

  it('ascendingOrder is the stable ascending order of unsigned 32-bit integers', () => {
    const next = random(11);
    for (let round = 0; round < 50; round++) {
      const values = Array.from({ length: Math.floor(next() * 3000) }, () => Math.floor(next() * (next() < 0.5 ? 50 : 2 ** 32)));
      const expected = indexes(values.length).sort((a, b) => values[a]! - values[b]! || a - b);
      expect(Array.from(ascendingOrder(values))).toEqual(expected);
    }
  });

  it('isAscending: each value above the one before; a repeat or a step down is not', () => {
    expect([[], [3], [1, 2, 9], Int32Array.of(0, 5)].map(isAscending)).toEqual([true, true, true, true]);
    expect([[1, 1], [2, 1], [1, 3, 2]].map(isAscending)).toEqual([false, false, false]);
  });

  it('orders nothing and one value', () => {
    expect(Array.from(descendingOrder([]))).toEqual([]);
    expect(Array.from(descendingOrder([2.5]))).toEqual([0]);
    expect(Array.from(ascendingOrder([]))).toEqual([]);
  });
});

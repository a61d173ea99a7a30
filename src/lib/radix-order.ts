/**
 * Stable orders of many numbers without a comparator: least-significant-digit radix sorts of
 * their bits, linear in the count. A search that matches most of a large list orders tens of
 * thousands of scores and positions per answer; `Array.prototype.sort` with a comparator takes
 * 20-50 ms for 50,000 of them, a typed array's native sort is not stable, and these take 1-2 ms.
 * (No npm package offers a stable argsort of float keys that is kept up; this is one loop.)
 */

/** Bits per pass: 11 bits keep the counting table (2,048 slots) in the first-level cache. */
const DIGIT = 11;
const SLOTS = 1 << DIGIT;
const MASK = SLOTS - 1;

/**
 * The indexes of `keys` (unsigned 32-bit words; `high` words first when given) in ascending
 * order of the keys, equal keys in index order. Passes whose digit is the same for every key
 * are skipped.
 */
function radixOrder(low: Uint32Array, high: Uint32Array | null): Uint32Array {
  const n = low.length;
  let order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let next = new Uint32Array(n);
  const counts = new Uint32Array(SLOTS);
  for (const words of high ? [low, high] : [low]) {
    for (let shift = 0; shift < 32; shift += DIGIT) {
      counts.fill(0);
      for (let i = 0; i < n; i++) counts[(words[i]! >>> shift) & MASK]!++;
      // Every key has this digit: the pass would keep the order.
      if (counts[(words[0]! >>> shift) & MASK] === n) continue;
      let sum = 0;
      for (let slot = 0; slot < SLOTS; slot++) {
        const count = counts[slot]!;
        counts[slot] = sum;
        sum += count;
      }
      for (let k = 0; k < n; k++) {
        const i = order[k]!;
        next[counts[(words[i]! >>> shift) & MASK]!++] = i;
      }
      [order, next] = [next, order];
    }
  }
  return order;
}

/** Whether every value is greater than the one before it (then no order is needed). */
export function isAscending(values: ArrayLike<number>): boolean {
  for (let i = 1; i < values.length; i++) if (values[i - 1]! >= values[i]!) return false;
  return true;
}

/** The indexes of `values` (non-negative integers below 2^32) in ascending order of value, equal values in index order. */
export function ascendingOrder(values: ArrayLike<number>): Uint32Array {
  return radixOrder(Uint32Array.from(values), null);
}

/**
 * The indexes of `values` (finite numbers) in descending order of value, equal values in index
 * order. A double's bits order as the number does once a negative number's bits are all
 * flipped and a positive one's sign bit is set; flipping every bit again turns ascending into
 * descending while equal values keep their index order.
 */
export function descendingOrder(values: ArrayLike<number>): Uint32Array {
  const n = values.length;
  const doubles = new Float64Array(n);
  for (let i = 0; i < n; i++) doubles[i] = values[i]! === 0 ? 0 : values[i]!; // -0 sorts as 0
  const words = new Uint32Array(doubles.buffer);
  const little = new Uint8Array(new Float64Array([1]).buffer)[7] === 0x3f;
  const low = new Uint32Array(n);
  const high = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    let hi = words[2 * i + (little ? 1 : 0)]!;
    let lo = words[2 * i + (little ? 0 : 1)]!;
    if (hi & 0x80000000) {
      hi = ~hi;
      lo = ~lo;
    } else hi |= 0x80000000;
    high[i] = ~hi >>> 0;
    low[i] = ~lo >>> 0;
  }
  return radixOrder(low, high);
}

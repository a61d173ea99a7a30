/**
 * From the full-text index's keys to list positions: each segment's positions file, decoded
 * once per build and kept, turns the keys of found documents into the positions the list's
 * files count (docs/search.md, Index layout).
 */
import { ascendingOrder, isAscending } from '../../lib/radix-order.ts';
import { buildPaths } from '../build-paths.ts';
import { countingOf } from '../resources/list-counting.ts';
import { decodeNumbers, firstKeyOf, groupOfKey, segmentOf, type SearchMeta, type SearchResource } from '../../formats/search/layout.ts';

/**
 * A segment's positions file decoded: keys ascending, the stored position of each, and its
 * field lengths (one byte per field, encodeLength; `norms[i * fields + f]`).
 */
export interface SegmentPositions {
  keys: Float64Array;
  stored: Int32Array;
  norms: Uint8Array;
}

/** Decoded positions files, per meta file (one build) and path. */
const decodedPositions = new WeakMap<object, Map<string, SegmentPositions>>();

/** A segment's positions file, decoded once per build (kept on its meta file). */
export async function segmentPositions(read: (path: string) => Promise<unknown>, resource: SearchResource, meta: SearchMeta, segment: number): Promise<SegmentPositions> {
  const path = buildPaths.searchSegment(resource, segment, 'positions');
  let byPath = decodedPositions.get(meta);
  if (!byPath) decodedPositions.set(meta, (byPath = new Map<string, SegmentPositions>()));
  const cached = byPath.get(path);
  if (cached) return cached;
  const text = (await read(path)) as string | null;
  if (text === null) throw new Error(`${path} is missing; the index names its segment`);
  const decoded = decodePositions(text, meta.fields.length, path);
  byPath.set(path, decoded);
  return decoded;
}

/** A positions file's text (at `path`, for errors) decoded, its documents having `fields` fields each. */
export function decodePositions(text: string, fields: number, path: string): SegmentPositions {
  const width = 2 + fields;
  // At least one character per number.
  const capacity = Math.ceil(text.length / width);
  const keys = new Float64Array(capacity);
  const stored = new Int32Array(capacity);
  const norms = new Uint8Array(capacity * fields);
  let n = 0;
  let key = 0;
  let slot = 0;
  decodeNumbers(text, (value) => {
    if (slot === 0) keys[n] = key += value;
    else if (slot === 1) stored[n] = value;
    else norms[n * fields + slot - 2] = value;
    if (++slot === width) {
      slot = 0;
      n++;
    }
  });
  if (slot !== 0) throw new Error(`${path}: ${slot} numbers left over after ${n} documents of ${width}`);
  return { keys: keys.subarray(0, n), stored: stored.subarray(0, n), norms: norms.subarray(0, n * fields) };
}

/**
 * Keys -> positions through each segment's positions file (the segments the keys are in),
 * which holds them as the list's files count them (src/formats/packs.ts listCounting); the answer
 * ascending by position.
 */
export async function positionsOf(read: (path: string) => Promise<unknown>, resource: SearchResource, meta: SearchMeta, found: { keys: Float64Array; scores: Float64Array }): Promise<{ positions: Int32Array; scores: Float64Array }> {
  const count = countingOf(resource, meta.total);
  // Keys ascend, and so do the segments they fall in: the segments, then one walk through each positions file.
  const segmentIds: number[] = [];
  for (let i = 0; i < found.keys.length; ) {
    const segment = segmentOf(groupOfKey(resource, found.keys[i]!));
    segmentIds.push(segment);
    const next = firstKeyOf(resource, segment + 1);
    while (i < found.keys.length && found.keys[i]! < next) i++;
  }
  const tables = await Promise.all(segmentIds.map((segment) => segmentPositions(read, resource, meta, segment)));
  const positions = new Int32Array(found.keys.length);
  let i = 0;
  segmentIds.forEach((segment, s) => {
    const { keys, stored } = tables[s]!;
    const next = firstKeyOf(resource, segment + 1);
    for (let at = 0; i < found.keys.length && found.keys[i]! < next; i++) {
      const key = found.keys[i]!;
      while (at < keys.length && keys[at]! < key) at++;
      if (at === keys.length || keys[at] !== key) throw new Error(`search index of ${resource}: key ${key} has no position`);
      positions[i] = count(stored[at]!);
    }
  });
  return byPosition(positions, found.scores, meta.total);
}

/** Positions (distinct) and their scores, ascending by position. */
function byPosition(positions: Int32Array, scores: Float64Array, total: number): { positions: Int32Array; scores: Float64Array } {
  // A list in key order (pages: by document, then page) needs no sort.
  if (isAscending(positions)) return { positions, scores };
  const order = positions.length * 8 >= total ? countedOrder(positions, total) : ascendingOrder(positions);
  const sortedPositions = new Int32Array(positions.length);
  const sortedScores = new Float64Array(positions.length);
  for (let k = 0; k < order.length; k++) {
    sortedPositions[k] = positions[order[k]!]!;
    sortedScores[k] = scores[order[k]!]!;
  }
  return { positions: sortedPositions, scores: sortedScores };
}

/** The indexes of distinct positions below `total` in ascending order of position, by one walk over the list's positions. */
function countedOrder(positions: Int32Array, total: number): Uint32Array {
  const at = new Int32Array(total).fill(-1);
  for (let i = 0; i < positions.length; i++) at[positions[i]!] = i;
  const order = new Uint32Array(positions.length);
  let k = 0;
  for (let position = 0; position < total; position++) if (at[position]! >= 0) order[k++] = at[position]!;
  if (k !== positions.length) throw new Error(`search index: ${positions.length - k} of ${positions.length} positions are repeated or beyond the list's ${total}`);
  return order;
}

/**
 * Shards: the sub-folders that keep every folder of build/ small whatever the archive's size
 * (docs/architecture.md, "Shards, parts and limits").
 */
import { fnvBucket } from './fnv1a.ts';

/** Keys per leaf folder of a sharded whole number (no folder of build/ above ~1,000 entries). */
const SHARD_WIDTH = 1000;

/**
 * The sub-folders of a key that grows with the archive (a pack, chunk or search segment
 * number, an id), so that no folder of build/ holds more than SHARD_WIDTH entries at any
 * archive size (Netlify refuses a deploy with a folder of more than 54,000 files).
 *
 * - A whole number n goes to `<n div 10^6>/<(n div 1000) mod 1000>`: 1,000 consecutive
 *   numbers share a leaf, a middle folder holds at most 1,000 leaves, and the top holds one
 *   folder per million, so message pack 123 (messages 123,000 … 123,999) is in `0/0/` and the
 *   layout stays within the limit at any size.
 * - Any other key (text ids, `<id>-<uid>` keys) goes to `h<3 hex digits of its FNV-1a hash>`:
 *   4,096 folders, evenly filled.
 *
 * The build, the preview, the detail Edge Function and the API function all place and find
 * files through buildPaths, which calls this one function.
 */
export function shardOf(key: string | number): string {
  const text = String(key);
  if (/^\d{1,15}$/.test(text)) {
    const n = Number(text);
    return `${Math.floor(n / (SHARD_WIDTH * SHARD_WIDTH))}/${Math.floor(n / SHARD_WIDTH) % SHARD_WIDTH}`;
  }
  return `h${fnvBucket(text)}`;
}

/**
 * Shards: the sub-folders that keep every folder of build/ small whatever the archive's size
 * (docs/architecture.md, "Shards, parts and limits").
 */
import { fnvBucket } from './fnv1a.ts';

/** Objects per leaf folder of a sharded key (no folder of build/ above 10,000 entries). */
const SHARD_WIDTH = 1000;

/**
 * The sub-folders of a key that grows with the archive (an object id, a list page number),
 * so that no folder of build/ holds more than SHARD_WIDTH entries at any archive size
 * (Netlify refuses a deploy with a folder of more than 54,000 files).
 *
 * - A whole number n (ids, page numbers) goes to `<n div 10^6>/<(n div 1000) mod 1000>`:
 *   1,000 consecutive ids share a leaf, a middle folder holds at most 1,000 leaves, and the top
 *   holds one folder per million, so an editor finds message 123456 in `0/123/` and the
 *   layout stays within the limit up to ids of 10^10.
 * - Any other key (text ids, `<id>-<uid>` keys) goes to `h<3 hex digits of its FNV-1a hash>`:
 *   4,096 folders, evenly filled.
 *
 * The build, the preview, the Netlify Edge Function that rewrites detail paths and the API
 * function all place and find files through buildPaths, which calls this one function.
 */
export function shardOf(key: string | number): string {
  const text = String(key);
  if (/^\d{1,15}$/.test(text)) {
    const n = Number(text);
    return `${Math.floor(n / (SHARD_WIDTH * SHARD_WIDTH))}/${Math.floor(n / SHARD_WIDTH) % SHARD_WIDTH}`;
  }
  return `h${fnvBucket(text)}`;
}

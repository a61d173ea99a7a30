/** Worker side of lib/hash-pool.ts: hashes the files of each chunk it is sent. */
import { parentPort } from 'node:worker_threads';
import type { Chunk, ChunkResults } from './chunk-pool.ts';
import { hashOne, type HashItem } from './hash-pool.ts';

parentPort!.on('message', ({ start, items }: Chunk<HashItem>) => {
  parentPort!.postMessage({ start, results: items.map(hashOne) } satisfies ChunkResults<string | null>);
});

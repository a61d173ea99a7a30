/**
 * Digests of many files, read and hashed on all cores: what a build does when a restored cache
 * meets a fresh checkout, where no file keeps the stat signature the cache recorded and every
 * file is read to learn that its bytes did not change (at 50,000 requests ~550,000 content files;
 * one after another on one thread that took 23 s). Few files are hashed on this thread: starting
 * workers costs more than it saves below a few thousand.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { runChunks } from './chunk-pool.ts';

/** What a worker is sent with each chunk of paths: the hash to take. */
export interface HashItem {
  absolute: string;
  algorithm: 'sha1' | 'sha256';
}

/** The file's digest in hex, or null when it cannot be read (the caller reads it again, and reports it). */
export function hashOne({ absolute, algorithm }: HashItem): string | null {
  try {
    return createHash(algorithm).update(readFileSync(absolute)).digest('hex');
  } catch {
    return null;
  }
}

const WORKER_THRESHOLD = 2000;
const CHUNK = 500;
const WORKER = new URL('./hash-worker.ts', import.meta.url);

/**
 * The digest of each of `count` files (`pathAt(i)` its absolute path, made as its chunk is sent,
 * so half a million of them are not held at once), in that order; null for a file that cannot
 * be read. Where the workers fail, the files are hashed on this thread.
 */
export async function hashFiles(count: number, pathAt: (index: number) => string, algorithm: HashItem['algorithm'], workers = availableParallelism()): Promise<(string | null)[]> {
  const here = () => Array.from({ length: count }, (_, index) => hashOne({ absolute: pathAt(index), algorithm }));
  if (count < WORKER_THRESHOLD || workers < 2) return here();
  const digests = new Array<string | null>(count);
  try {
    await runChunks<HashItem, string | null>({
      module: WORKER,
      name: 'file hashing',
      workers: Math.min(workers, Math.ceil(count / CHUNK)),
      count,
      size: CHUNK,
      chunk: (start, end) => Array.from({ length: end - start }, (_, offset) => ({ absolute: pathAt(start + offset), algorithm })),
      onResults: ({ start, results }) => results.forEach((digest, offset) => (digests[start + offset] = digest)),
    });
  } catch {
    return here();
  }
  return digests;
}

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

/** The digest of each file (in the order given), null for a file that cannot be read. */
export async function hashFiles(absolute: readonly string[], algorithm: HashItem['algorithm'], workers = availableParallelism()): Promise<(string | null)[]> {
  if (absolute.length < WORKER_THRESHOLD || workers < 2) return absolute.map((path) => hashOne({ absolute: path, algorithm }));
  const digests = new Array<string | null>(absolute.length);
  await runChunks<HashItem, string | null>({
    module: WORKER,
    name: 'file hashing',
    workers: Math.min(workers, Math.ceil(absolute.length / CHUNK)),
    count: absolute.length,
    size: CHUNK,
    chunk: (start, end) => absolute.slice(start, end).map((path) => ({ absolute: path, algorithm })),
    onResults: ({ start, results }) => results.forEach((digest, offset) => (digests[start + offset] = digest)),
  });
  return digests;
}

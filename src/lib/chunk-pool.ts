/**
 * Work on many items in chunks, on worker threads (lib/ts-worker.ts), one per core: each worker
 * is sent a chunk, answers with its results, and is sent the next, until none is left. Results
 * come back by the position of their chunk's first item, so the caller keeps the items' order.
 */
import type { Worker } from 'node:worker_threads';
import { tsWorker } from './ts-worker.ts';

/** What a worker is sent: the items of one chunk, from `start`. */
export interface Chunk<T> {
  start: number;
  items: T[];
}

/** What a worker answers: one result per item of the chunk it was sent. */
export interface ChunkResults<R> {
  start: number;
  results: R[];
}

export interface ChunkRun<T, R> {
  /** The worker module, and what it is called in an error. */
  module: URL;
  name: string;
  workers: number;
  /** Items in all, and at most how many a chunk holds. */
  count: number;
  size: number;
  /** The items sent for positions start..end-1: made as each chunk is sent, so a million of them are not held at once. */
  chunk: (start: number, end: number) => T[];
  /** Takes each chunk's answer. */
  onResults: (answer: ChunkResults<R>) => void;
}

/** Runs the module on `workers` threads over the items; rejects when a worker fails or a callback throws. */
export async function runChunks<T, R>({ module, name, workers, count, size, chunk, onResults }: ChunkRun<T, R>): Promise<void> {
  let next = 0;
  const pool: Worker[] = [];
  try {
    for (let started = 0; started < workers; started++) pool.push(tsWorker(module));
    await Promise.all(
      pool.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              if (next >= count) return resolve();
              const start = next;
              next = Math.min(count, next + size);
              worker.postMessage({ start, items: chunk(start, next) } satisfies Chunk<T>);
            };
            // A callback that throws (a full disk under the parse cache's spool) rejects the run
            // instead of escaping the listener as an uncaught exception.
            const guarded = (step: () => void) => {
              try {
                step();
              } catch (error) {
                reject(error);
              }
            };
            worker.on('message', (answer: ChunkResults<R>) =>
              guarded(() => {
                onResults(answer);
                send();
              }),
            );
            worker.once('error', reject);
            worker.once('exit', (code) => (next < count || code !== 0 ? reject(new Error(`${name} worker exited with code ${code}`)) : undefined));
            guarded(send);
          }),
      ),
    );
  } finally {
    await Promise.all(pool.map((worker) => worker.terminate()));
  }
}

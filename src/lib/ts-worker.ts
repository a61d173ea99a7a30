/**
 * Worker threads that run a TypeScript module: one bootstrap (ts-worker-entry.mjs) for every
 * pool (content parsing, PDF derivation). The module reads its messages from parentPort as
 * usual; workerData is taken by the bootstrap.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

const ENTRY = new URL('./ts-worker-entry.mjs', import.meta.url);

/** A worker running `module` (a URL, e.g. `new URL('./ts-worker.ts', import.meta.url)`), with empty execArgv. */
export function tsWorker(module: URL, options: Omit<WorkerOptions, 'execArgv' | 'workerData'> = {}): Worker {
  return new Worker(ENTRY, { ...options, execArgv: [], workerData: { module: module.href } });
}

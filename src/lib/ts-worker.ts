/**
 * Worker threads that run a TypeScript module: one bootstrap (ts-worker-entry.mjs) for every
 * pool (content parsing, PDF derivation). The module reads its messages from parentPort as
 * usual; workerData is taken by the bootstrap.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

const ENTRY = new URL('./ts-worker-entry.mjs', import.meta.url);

/**
 * A worker running `module` (a URL, e.g. `new URL('./ts-worker.ts', import.meta.url)`), with
 * empty execArgv. `preload`: packages the module imports, loaded before TypeScript support is
 * registered, so by Node's own loader; the module's imports of them then find them loaded.
 * Through tsx's loader, pdfjs-dist's legacy build (1 MB of JavaScript, and 2 MB more for its
 * parser) left a PDF worker at ~300 MB of RSS against ~50 MB preloaded (measured on Node 20, tsx 4).
 */
export function tsWorker(module: URL, options: Omit<WorkerOptions, 'execArgv' | 'workerData'> & { preload?: readonly string[] } = {}): Worker {
  const { preload = [], ...rest } = options;
  return new Worker(ENTRY, { ...rest, execArgv: [], workerData: { module: module.href, preload } });
}

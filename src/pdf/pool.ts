/**
 * Worker-thread pool for PDF derivation (issue 3 items 7 and 8). One PDF per worker at a time,
 * one worker per core. Two time limits guard against PDFs that never finish: `timeLimitMs`
 * for the whole PDF and `pageTimeLimitMs` without any page finishing. When either expires
 * the worker is terminated and replaced; the PDF fails with `timeout`.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './protocol.ts';
import type { PdfFailure } from './types.ts';

export interface PoolTask {
  file: string;
  sha256: string;
  images: boolean;
  /** Used to schedule large PDFs first, so the pool does not end on one long tail. */
  size: number;
}

export type TaskOutcome = { ok: true } | PdfFailure;

export interface PoolOptions {
  cacheDir: string;
  concurrency?: number;
  timeLimitMs?: number;
  pageTimeLimitMs?: number;
  signal?: AbortSignal;
  onPage?: (task: number, page: number, numPages: number) => void;
  onDone?: (task: number, outcome: TaskOutcome) => void;
}

// Generous: a 3,000-page PDF at 5 pages/s per worker takes 10 minutes and is legitimate.
export const DEFAULT_TIME_LIMIT_MS = 30 * 60_000;
export const DEFAULT_PAGE_TIME_LIMIT_MS = 60_000;
/** A PDF that needs more heap than this fails alone (`crashed`) instead of taking the build down. */
const WORKER_HEAP_MB = 2048;

const ENTRY = new URL('./worker-entry.mjs', import.meta.url);

export async function runPool(tasks: readonly PoolTask[], options: PoolOptions): Promise<TaskOutcome[]> {
  const outcomes: TaskOutcome[] = new Array(tasks.length);
  const queue = tasks.map((_, i) => i).sort((a, b) => tasks[b]!.size - tasks[a]!.size);
  const workers = Math.max(1, Math.min(options.concurrency ?? availableParallelism(), queue.length));
  await Promise.all(Array.from({ length: workers }, () => lane(tasks, queue, outcomes, options)));
  return outcomes;
}

/** One lane = one live worker taking tasks from the shared queue; replaced after a kill. */
async function lane(tasks: readonly PoolTask[], queue: number[], outcomes: TaskOutcome[], options: PoolOptions): Promise<void> {
  let worker: WorkerHandle | null = null;
  try {
    for (let index = queue.shift(); index !== undefined; index = queue.shift()) {
      if (options.signal?.aborted) {
        outcomes[index] = { ok: false, reason: 'aborted', message: 'the build was aborted' };
        continue;
      }
      worker ??= await startWorker();
      const outcome = await worker.run(index, tasks[index]!, options);
      if (!worker.alive) worker = null;
      outcomes[index] = outcome;
      options.onDone?.(index, outcome);
    }
  } finally {
    await worker?.close();
  }
}

interface WorkerHandle {
  alive: boolean;
  run(index: number, task: PoolTask, options: PoolOptions): Promise<TaskOutcome>;
  close(): Promise<void>;
}

async function startWorker(): Promise<WorkerHandle> {
  const worker = new Worker(ENTRY, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  const state = { alive: true };
  let current: ((message: FromWorker | { type: 'exit'; error?: unknown }) => void) | null = null;
  worker.on('message', (message: FromWorker) => current?.(message));
  worker.on('error', (error) => current?.({ type: 'exit', error }));
  worker.on('exit', () => {
    state.alive = false;
    current?.({ type: 'exit' });
  });
  await new Promise<void>((resolve, reject) => {
    current = (message) => (message.type === 'ready' ? resolve() : reject(new Error('PDF worker failed to start', { cause: (message as { error?: unknown }).error })));
  });
  const handle: WorkerHandle = {
    get alive() {
      return state.alive;
    },
    close: async () => {
      current = null;
      await worker.terminate();
    },
    run: (index, task, options) =>
      new Promise<TaskOutcome>((resolve) => {
        const limit = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
        const pageLimit = options.pageTimeLimitMs ?? DEFAULT_PAGE_TIME_LIMIT_MS;
        const finish = (outcome: TaskOutcome) => {
          clearTimeout(total);
          clearTimeout(idle);
          options.signal?.removeEventListener('abort', onAbort);
          current = null;
          resolve(outcome);
        };
        const kill = (outcome: PdfFailure) => {
          state.alive = false;
          current = null;
          // Not awaited: a thread stuck in native code finishes its call before it stops.
          void worker.terminate();
          finish(outcome);
        };
        const timeout = (message: string) => () => kill({ ok: false, reason: 'timeout', message });
        const total = setTimeout(timeout(`processing took longer than the limit of ${limit} ms`), limit);
        let idle = setTimeout(timeout(`opening the PDF or page 1 did not finish within ${pageLimit} ms`), pageLimit);
        const onAbort = () => kill({ ok: false, reason: 'aborted', message: 'the build was aborted' });
        options.signal?.addEventListener('abort', onAbort, { once: true });
        if (options.signal?.aborted) return onAbort();
        current = (message) => {
          if (message.type === 'page') {
            clearTimeout(idle);
            idle = setTimeout(timeout(`page ${message.page + 1} did not finish within ${pageLimit} ms`), pageLimit);
            options.onPage?.(index, message.page, message.numPages);
          } else if (message.type === 'done') {
            finish(message.ok ? { ok: true } : { ok: false, reason: message.reason, message: message.message, cause: message.cause });
          } else if (message.type === 'exit') {
            const detail = message.error instanceof Error ? `: ${message.error.message}` : '';
            finish({ ok: false, reason: 'crashed', message: `the PDF worker died${detail}`, cause: message.error });
          }
        };
        const request: ToWorker = { task: index, file: task.file, sha256: task.sha256, images: task.images, cacheDir: options.cacheDir };
        worker.postMessage(request);
      }),
  };
  return handle;
}

/**
 * Worker-thread pool for PDF derivation (issue 3 items 7 and 8), one worker per core.
 *
 * Work is scheduled in parts: a PDF starts as one part; the worker that opens it derives the
 * first `chunkPages` pages and reports the page count, and the rest is queued as further
 * parts for any free worker. So one long PDF no longer keeps a single core busy while the
 * others idle (docs/pdf.md, Speed). The caller merges the parts.
 *
 * Two time limits guard against PDFs that never finish: `timeLimitMs` per part and
 * `pageTimeLimitMs` without any page finishing. When either expires the worker is terminated
 * and replaced; the PDF fails with `timeout`.
 */
import { rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FromWorker, PartResult, ToWorker } from './protocol.ts';
import type { PdfFailure } from './types.ts';

export interface PoolTask {
  file: string;
  sha256: string;
  images: boolean;
  /** Used to schedule large PDFs first, so the pool does not end on one long tail. */
  size: number;
}

/** All parts of a PDF (in page order), or why it failed. */
export type TaskOutcome = { ok: true; parts: PartResult[] } | PdfFailure;

export interface PoolOptions {
  cacheDir: string;
  concurrency?: number;
  timeLimitMs?: number;
  pageTimeLimitMs?: number;
  /** Pages per part (default 32). */
  chunkPages?: number;
  signal?: AbortSignal;
  onPage?: (task: number, page: number, numPages: number) => void;
  onDone?: (task: number, outcome: TaskOutcome) => void;
}

// Generous: a 3,000-page PDF at 5 pages/s per worker takes 10 minutes and is legitimate.
export const DEFAULT_TIME_LIMIT_MS = 30 * 60_000;
export const DEFAULT_PAGE_TIME_LIMIT_MS = 60_000;
export const DEFAULT_CHUNK_PAGES = 32;
/** A PDF that needs more heap than this fails alone (`crashed`) instead of taking the build down. */
const WORKER_HEAP_MB = 2048;

const ENTRY = new URL('./worker-entry.mjs', import.meta.url);

interface Part {
  task: number;
  from: number;
  to: number | null;
}

type PartOutcome = { ok: true; part: PartResult } | PdfFailure;

interface TaskState {
  expected: number;
  finished: number;
  parts: PartResult[];
  failure: PdfFailure | null;
}

export async function runPool(tasks: readonly PoolTask[], options: PoolOptions): Promise<TaskOutcome[]> {
  const outcomes: TaskOutcome[] = new Array(tasks.length);
  const states: TaskState[] = tasks.map(() => ({ expected: 1, finished: 0, parts: [], failure: null }));
  const order = tasks.map((_, i) => i).sort((a, b) => tasks[b]!.size - tasks[a]!.size);
  const queue = new PartQueue(order.map((task) => ({ task, from: 1, to: null })));
  const chunk = options.chunkPages ?? DEFAULT_CHUNK_PAGES;

  const finishPart = async (part: Part, outcome: PartOutcome | null): Promise<void> => {
    const state = states[part.task]!;
    if (outcome && !outcome.ok) state.failure ??= outcome;
    else if (outcome?.ok && state.failure) await rm(outcome.part.staging, { recursive: true, force: true });
    else if (outcome?.ok) state.parts.push(outcome.part);
    if (++state.finished < state.expected) return;
    if (state.failure) {
      await Promise.all(state.parts.map((p) => rm(p.staging, { recursive: true, force: true })));
      outcomes[part.task] = state.failure;
    } else {
      state.parts.sort((a, b) => (a.facts.pages[0]?.number ?? 0) - (b.facts.pages[0]?.number ?? 0));
      outcomes[part.task] = { ok: true, parts: state.parts };
    }
    options.onDone?.(part.task, outcomes[part.task]!);
  };

  const split = (part: Part, numPages: number, to: number) => {
    if (part.to !== null || to >= numPages) return;
    const rest: Part[] = [];
    for (let from = to + 1; from <= numPages; from += chunk) rest.push({ task: part.task, from, to: Math.min(numPages, from + chunk - 1) });
    states[part.task]!.expected += rest.length;
    queue.pushFront(rest);
  };

  const lane = async () => {
    let worker: WorkerHandle | null = null;
    try {
      for (let part = await queue.next(); part; part = await queue.next()) {
        try {
          if (states[part.task]!.failure) {
            await finishPart(part, null); // another part of this PDF failed already
          } else if (options.signal?.aborted) {
            await finishPart(part, { ok: false, reason: 'aborted', message: 'the build was aborted' });
          } else {
            worker ??= await startWorker();
            const outcome = await worker.run(part, tasks[part.task]!, chunk, options, (n, to) => split(part!, n, to));
            if (!worker.alive) worker = null;
            await finishPart(part, outcome);
          }
        } finally {
          queue.release();
        }
      }
    } finally {
      await worker?.close();
    }
  };
  // Lanes start their worker lazily; parts appear while PDFs are opened, so even a single
  // long PDF keeps every lane busy.
  const lanes = Math.max(1, options.concurrency ?? availableParallelism());
  await Promise.all(Array.from({ length: lanes }, lane));
  return outcomes;
}

/** FIFO of parts; `next()` waits while parts are in flight that may still add more. */
class PartQueue {
  private inFlight = 0;
  private waiters: (() => void)[] = [];
  constructor(private items: Part[]) {}
  async next(): Promise<Part | undefined> {
    for (;;) {
      const part = this.items.shift();
      if (part) {
        this.inFlight++;
        return part;
      }
      if (this.inFlight === 0) return undefined;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }
  pushFront(parts: Part[]): void {
    this.items.unshift(...parts);
    this.wake();
  }
  release(): void {
    this.inFlight--;
    this.wake();
  }
  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}

interface WorkerHandle {
  readonly alive: boolean;
  run(part: Part, task: PoolTask, chunk: number, options: PoolOptions, onOpened: (numPages: number, to: number) => void): Promise<PartOutcome>;
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
  return {
    get alive() {
      return state.alive;
    },
    close: async () => {
      current = null;
      await worker.terminate();
    },
    run: (part, task, chunk, options, onOpened) =>
      new Promise<PartOutcome>((resolve) => {
        const limit = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
        const pageLimit = options.pageTimeLimitMs ?? DEFAULT_PAGE_TIME_LIMIT_MS;
        const finish = (outcome: PartOutcome) => {
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
        let idle = setTimeout(timeout(`opening the PDF or page ${part.from} did not finish within ${pageLimit} ms`), pageLimit);
        const onAbort = () => kill({ ok: false, reason: 'aborted', message: 'the build was aborted' });
        options.signal?.addEventListener('abort', onAbort, { once: true });
        if (options.signal?.aborted) return onAbort();
        current = (message) => {
          if (message.type === 'opened') {
            onOpened(message.numPages, message.to);
          } else if (message.type === 'page') {
            clearTimeout(idle);
            idle = setTimeout(timeout(`page ${message.page + 1} did not finish within ${pageLimit} ms`), pageLimit);
            options.onPage?.(part.task, message.page, message.numPages);
          } else if (message.type === 'done') {
            finish(message.ok ? { ok: true, part: message.part } : { ok: false, reason: message.reason, message: message.message, cause: message.cause });
          } else if (message.type === 'exit') {
            state.alive = false;
            const detail = message.error instanceof Error ? `: ${message.error.message}` : '';
            finish({ ok: false, reason: 'crashed', message: `the PDF worker died${detail}`, cause: message.error });
          }
        };
        const request: ToWorker = {
          task: part.task,
          file: task.file,
          sha256: task.sha256,
          images: task.images,
          cacheDir: options.cacheDir,
          from: part.from,
          to: part.to,
          chunk,
        };
        worker.postMessage(request);
      }),
  };
}

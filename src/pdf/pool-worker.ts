/**
 * One worker thread of the PDF pool (pool.ts): started once, then given one part at a time
 * under the two time limits; a worker that overruns one, or whose run is aborted, is
 * terminated, and a worker that dies fails its part (`crashed`). `IdleWorkers` keeps live
 * workers between runs of the pool, so the PDF stage's second pass (WebP) does not start
 * its threads again: a start loads pdfjs, the canvas and sharp, about 0.5-0.9 s.
 */
import { tsWorker } from '../lib/ts-worker.ts';
import type { PartBody } from './cache.ts';
import type { FileBytes, FromWorker, ToWorker } from './protocol.ts';
import type { PdfFailure } from './types.ts';

// Generous: a 3,000-page PDF at 5 pages/s per worker takes 10 minutes and is legitimate.
const DEFAULT_TIME_LIMIT_MS = 30 * 60_000;
const DEFAULT_PAGE_TIME_LIMIT_MS = 60_000;
/** A PDF that needs more heap than this fails alone (`crashed`) instead of taking the build down. */
const WORKER_HEAP_MB = 2048;

/**
 * The worker's large packages, loaded before TypeScript support (lib/ts-worker.ts), with the
 * module pdfjs-dist runs its parser from in a thread without workers (it imports it on the first
 * document): a worker peaked at ~300 MB of RSS over its first PDF through tsx's loader, at ~50 MB
 * preloaded.
 */
const PRELOAD = ['pdfjs-dist/legacy/build/pdf.mjs', 'pdfjs-dist/legacy/build/pdf.worker.mjs', '@napi-rs/canvas', 'sharp'];

const WORKER = new URL('./pdf-worker.ts', import.meta.url);

/** What bounds a part's run: the time limits and the build's abort signal. */
export interface WorkerLimits {
  /** The most a part may take (default 30 minutes). */
  timeLimitMs?: number;
  /** The most a part may go without a page finishing (default 60 s). */
  pageTimeLimitMs?: number;
  signal?: AbortSignal;
}

/** How a part ended on its worker. */
export type WorkerOutcome = { ok: true; part: PartBody } | PdfFailure;

/** Live workers between runs of the pool: taken before new ones are started, closed at the end. */
export class IdleWorkers {
  readonly #workers: WorkerHandle[] = [];

  /** A live idle worker, or null when there is none. */
  take(): WorkerHandle | null {
    for (let worker = this.#workers.pop(); worker; worker = this.#workers.pop()) if (worker.alive) return worker;
    return null;
  }

  give(worker: WorkerHandle): void {
    this.#workers.push(worker);
  }

  /** Terminates every idle worker. */
  async close(): Promise<void> {
    await Promise.all(this.#workers.splice(0).map((worker) => worker.close()));
  }
}

/** A started worker: one part at a time. */
export interface WorkerHandle {
  /** False once it was terminated (a time limit, an abort) or died: it takes no more parts. */
  readonly alive: boolean;
  run(request: ToWorker, limits: WorkerLimits, on: WorkerEvents): Promise<WorkerOutcome>;
  close(): Promise<void>;
}

interface WorkerEvents {
  opened(numPages: number, to: number): void;
  page(page: number, numPages: number, files: FileBytes[]): void;
}

/** Starts a worker and waits until it is ready for a part. */
export async function startWorker(): Promise<WorkerHandle> {
  const worker = tsWorker(WORKER, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB }, preload: PRELOAD });
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
    run: (request, limits, on) =>
      new Promise((resolve) => {
        const limit = limits.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
        const pageLimit = limits.pageTimeLimitMs ?? DEFAULT_PAGE_TIME_LIMIT_MS;
        const finish = (outcome: WorkerOutcome) => {
          clearTimeout(total);
          clearTimeout(idle);
          limits.signal?.removeEventListener('abort', onAbort);
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
        let idle = setTimeout(timeout(`opening the PDF or page ${request.from} did not finish within ${pageLimit} ms`), pageLimit);
        const onAbort = () => kill({ ok: false, reason: 'aborted', message: 'the build was aborted' });
        limits.signal?.addEventListener('abort', onAbort, { once: true });
        if (limits.signal?.aborted) return onAbort();
        current = (message) => {
          if (message.type === 'opened') {
            on.opened(message.numPages, message.to);
          } else if (message.type === 'page') {
            clearTimeout(idle);
            idle = setTimeout(timeout(`page ${message.page + 1} did not finish within ${pageLimit} ms`), pageLimit);
            on.page(message.page, message.numPages, message.files);
          } else if (message.type === 'done') {
            finish(message.ok ? { ok: true, part: message.part } : { ok: false, reason: message.reason, message: message.message, cause: message.cause });
          } else if (message.type === 'exit') {
            state.alive = false;
            const detail = message.error instanceof Error ? `: ${message.error.message}` : '';
            finish({ ok: false, reason: 'crashed', message: `the PDF worker died${detail}`, cause: message.error });
          }
        };
        const transfer = (request.pngs ?? []).map((png) => png.bytes.buffer as ArrayBuffer);
        worker.postMessage(request, transfer);
      }),
  };
}

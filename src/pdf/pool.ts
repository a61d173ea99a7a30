/**
 * Worker-thread pool for PDF derivation, one worker per core.
 *
 * Work is scheduled in parts, in the order of the tasks (the caller's order of work,
 * docs/pdf.md, Time budget). A PDF whose page count is unknown starts as one part: the worker that opens it derives
 * the first `chunkPages` pages and reports the page count, and the rest is queued in front as
 * further parts for any free worker, so started PDFs finish first and one long PDF does not
 * keep a single core busy while the others idle. A task with a known page count (the WebP
 * pass) is queued as all its parts at once.
 *
 * Before a part runs, `reuse` may answer it from the cache (a part a stopped or killed build
 * finished). Workers hand every page's files over as bytes; `store` keeps them and a part is
 * finished only when its files are stored. Once `deadline` has passed, no part starts: the
 * parts under way finish, the PDFs they belong to stop where they are (`stopped`).
 *
 * Two time limits guard against PDFs that never finish: `timeLimitMs` per part and
 * `pageTimeLimitMs` without any page finishing. When either expires the worker is terminated
 * and replaced; the PDF fails with `timeout`.
 */
import { availableParallelism } from 'node:os';
import type { PartBody, Pass } from './cache.ts';
import type { FileBytes, ToWorker } from './protocol.ts';
import { storeFailure } from './derivative-store.ts';
import type { PdfFailure } from './types.ts';
import { startWorker, type IdleWorkers, type WorkerHandle, type WorkerLimits, type WorkerOutcome } from './pool-worker.ts';

export interface PoolTask {
  pass: Pass;
  /** The PDF. */
  file: string;
  sha256: string;
  /** Known page count: all parts are queued at once. */
  numPages?: number;
}

/**
 * All parts of a PDF in page order (`done`), the parts finished before the deadline
 * (`stopped`), or why it failed.
 */
export type TaskOutcome = { status: 'done'; parts: PartBody[] } | { status: 'stopped'; parts: PartBody[] } | { status: 'failed'; failure: PdfFailure };

export interface PoolOptions extends WorkerLimits {
  concurrency?: number;
  /** Pages per part (default 32). */
  chunkPages?: number;
  /** The time (by `clock`, default Date.now) from which no part starts. */
  deadline?: number;
  clock?: () => number;
  /** A finished part from the cache, or null to derive it. */
  reuse?: (task: number, from: number) => Promise<PartBody | null>;
  /** What a part's worker needs besides the PDF (the WebP pass: the PNGs). */
  inputs?: (task: number, from: number, to: number) => Promise<Pick<ToWorker, 'pngs' | 'numPages'>>;
  /** Keeps a page's files; a part finishes when all its files are kept. */
  store: (task: number, files: FileBytes[]) => Promise<void>;
  /** A part finished (derived, not reused), while others of its PDF may still run. */
  onPart?: (task: number, part: PartBody) => Promise<void>;
  onPage?: (task: number, page: number, numPages: number) => void;
  onDone?: (task: number, outcome: TaskOutcome) => void;
  /** Workers to take before starting new ones, and to give the live ones back to when the run ends (the PDF stage's passes share them). */
  idle?: IdleWorkers;
}

const DEFAULT_CHUNK_PAGES = 32;

interface Part {
  task: number;
  from: number;
  to: number | null;
}

type PartOutcome = WorkerOutcome | 'stopped';

interface TaskState {
  expected: number;
  finished: number;
  parts: PartBody[];
  failure: PdfFailure | null;
  stopped: boolean;
}

export async function runPool(tasks: readonly PoolTask[], options: PoolOptions): Promise<TaskOutcome[]> {
  const outcomes: TaskOutcome[] = new Array<TaskOutcome>(tasks.length);
  const chunk = options.chunkPages ?? DEFAULT_CHUNK_PAGES;
  const states: TaskState[] = tasks.map(() => ({ expected: 0, finished: 0, parts: [], failure: null, stopped: false }));
  const initial: Part[] = tasks.flatMap((task, index): Part[] => {
    const parts: Part[] = task.numPages === undefined ? [{ task: index, from: 1, to: null }] : ranges(1, task.numPages, chunk).map(([from, to]) => ({ task: index, from, to }));
    states[index]!.expected = parts.length;
    return parts;
  });
  const queue = new PartQueue(initial);

  const finishPart = (part: Part, outcome: PartOutcome): void => {
    const state = states[part.task]!;
    if (outcome === 'stopped') state.stopped = true;
    else if (!outcome.ok) state.failure ??= outcome;
    else state.parts.push(outcome.part);
    if (++state.finished < state.expected) return;
    const parts = state.parts.sort((a, b) => a.from - b.from);
    outcomes[part.task] = state.failure ? { status: 'failed', failure: state.failure } : { status: state.stopped ? 'stopped' : 'done', parts };
    options.onDone?.(part.task, outcomes[part.task]!);
  };

  const split = (part: Part, numPages: number, to: number) => {
    if (part.to !== null || to >= numPages) return;
    const rest = ranges(to + 1, numPages, chunk).map(([from, last]) => ({ task: part.task, from, to: last }));
    states[part.task]!.expected += rest.length;
    queue.pushFront(rest);
  };

  const lane = async () => {
    let worker: WorkerHandle | null = null;
    try {
      for (let part = await queue.next(); part; part = await queue.next()) {
        try {
          const state = states[part.task]!;
          if (state.failure) {
            finishPart(part, state.failure); // another part of this PDF failed already
          } else if (options.signal?.aborted) {
            finishPart(part, { ok: false, reason: 'aborted', message: 'the build was aborted' });
          } else if (options.deadline !== undefined && (options.clock ?? Date.now)() >= options.deadline) {
            finishPart(part, 'stopped');
          } else {
            const reused = await options.reuse?.(part.task, part.from);
            if (reused && (part.to === null || reused.to === part.to)) {
              split(part, reused.numPages, reused.to);
              finishPart(part, { ok: true, part: reused });
              continue;
            }
            worker ??= options.idle?.take() ?? (await startWorker());
            const outcome = await runPart(worker, part, tasks[part.task]!, chunk, options, (n, to) => split(part, n, to));
            if (!worker.alive) worker = null;
            if (outcome.ok) await options.onPart?.(part.task, outcome.part);
            finishPart(part, outcome);
          }
        } finally {
          queue.release();
        }
      }
    } finally {
      if (worker?.alive && options.idle) options.idle.give(worker);
      else await worker?.close();
    }
  };
  // Lanes start their worker lazily; parts appear while PDFs are opened, so even a single
  // long PDF keeps every lane busy.
  const lanes = Math.max(1, options.concurrency ?? availableParallelism());
  await Promise.all(Array.from({ length: lanes }, lane));
  return outcomes;
}

/** [from, to] pairs of at most `chunk` pages covering first..last. */
function ranges(first: number, last: number, chunk: number): [number, number][] {
  const out: [number, number][] = [];
  for (let from = first; from <= last; from += chunk) out.push([from, Math.min(last, from + chunk - 1)]);
  return out;
}

/** Runs one part on the worker; stores its files before it counts as finished. */
async function runPart(worker: WorkerHandle, part: Part, task: PoolTask, chunk: number, options: PoolOptions, onOpened: (numPages: number, to: number) => void): Promise<WorkerOutcome> {
  const writes: Promise<void>[] = [];
  const extra = part.to !== null && options.inputs ? await options.inputs(part.task, part.from, part.to) : {};
  const request: ToWorker = { task: part.task, pass: task.pass, file: task.file, sha256: task.sha256, from: part.from, to: part.to, chunk, ...extra };
  const outcome = await worker.run(request, options, {
    opened: onOpened,
    page: (page, numPages, files) => {
      if (files.length > 0) {
        const write = options.store(part.task, files);
        // Settled below, after the worker's run: until then a failed write must not count as an
        // unhandled rejection (which would end the process).
        write.catch(() => undefined);
        writes.push(write);
      }
      options.onPage?.(part.task, page, numPages);
    },
  });
  const stored = await Promise.allSettled(writes);
  const failed = stored.find((result) => result.status === 'rejected');
  if (outcome.ok && failed) {
    return storeFailure(task.file, failed.reason);
  }
  return outcome;
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

/**
 * One pass of the PDF stage over the PDFs that lack it: runs the pool, keeps the
 * files each page yields in the store, commits a part entry for each finished part of a long
 * PDF (so a stopped or killed build resumes it there) and, once all parts are done, the
 * pass's entry, after which the part entries go.
 */
import { pageOfImage } from './image-names.ts';
import { type DerivativeCache, type EntryBody, type PartBody, type Pass } from './cache.ts';
import type { PdfOptions } from './index.ts';
import { runPool, type TaskOutcome } from './pool.ts';
import type { IdleWorkers } from './pool-worker.ts';
import type { ProgressState } from '../lib/progress.ts';
import { storeFailure } from './derivative-store.ts';
import { CACHEABLE_FAILURES, type LazyFacts, type PdfFailure } from './types.ts';

export interface PassGroup {
  sha256: string;
  file: string;
  size: number;
  /** The first-pass (or facts) entry, once there is one; its pages' texts may be kept in a spool (PdfOptions.texts). */
  first: EntryBody<LazyFacts> | null;
  failure: PdfFailure | null;
  /** The parts of a first pass the budget stopped, as far as they were finished. */
  parts: PartBody[];
}

export interface PassRun {
  cache: DerivativeCache;
  options: PdfOptions;
  deadline: number | undefined;
  clock: () => number;
  /** The workers the passes share (pool-worker.ts). */
  idle: IdleWorkers;
  /** A page of a PDF (by content) one of the passes worked on. */
  onPage(sha256: string, page: number): void;
}

export type PassOutcome = { status: 'done'; body: EntryBody } | { status: 'stopped' } | { status: 'failed'; failure: PdfFailure };

/** Runs one pass over `groups`; true when the budget stopped some of them. */
export async function runPass<G extends PassGroup>(groups: readonly G[], passOf: (group: G) => Pass, run: PassRun, onOutcome: (group: G, outcome: PassOutcome) => void): Promise<boolean> {
  if (groups.length === 0) return false;
  const { cache, options } = run;
  const passes = groups.map(passOf);
  if (run.deadline !== undefined && run.clock() >= run.deadline) {
    // Spent before the pass began: nothing to start, and nothing to show.
    return true;
  }
  const tasks = groups.map((group, index) => ({
    pass: passes[index]!,
    file: group.file,
    sha256: group.sha256,
    ...(passes[index] === 'webp' && group.first?.ok && group.first.facts ? { numPages: group.first.facts.numPages } : {}),
  }));
  const tracker = pageTracker(groups, tasks, run.deadline, run.clock);
  if (passes.includes('webp')) tracker.state.pass = 'webp';
  const progress = options.progress;
  progress?.start(tracker.state);
  const finishing: Promise<void>[] = [];
  let stopped = false;
  try {
    await runPool(tasks, {
      ...(options.concurrency !== undefined && { concurrency: options.concurrency }),
      ...(options.timeLimitMs !== undefined && { timeLimitMs: options.timeLimitMs }),
      ...(options.pageTimeLimitMs !== undefined && { pageTimeLimitMs: options.pageTimeLimitMs }),
      ...(options.chunkPages !== undefined && { chunkPages: options.chunkPages }),
      ...(options.signal && { signal: options.signal }),
      ...(run.deadline !== undefined && { deadline: run.deadline, clock: run.clock }),
      idle: run.idle,
      reuse: (task, from) => cache.readPart(groups[task]!.sha256, passes[task]!, from),
      inputs: async (task, from, to) => (passes[task] === 'webp' ? { numPages: tasks[task]!.numPages!, pngs: await pngsOf(cache, groups[task]!, from, to) } : {}),
      store: async (_, files) => {
        await Promise.all(files.map((file) => cache.store.putFile(file.sha256, file.bytes)));
      },
      // A PDF done in one part needs no part entry: its whole entry follows at once.
      onPart: (task, part) => (part.from === 1 && part.to === part.numPages ? Promise.resolve() : cache.commitPart(groups[task]!.sha256, passes[task]!, part)),
      onPage: (task, page, numPages) => {
        tracker.page(task, page, numPages);
        run.onPage(groups[task]!.sha256, page);
        progress?.update(tracker.update());
      },
      onDone: (task, outcome) => {
        stopped ||= outcome.status === 'stopped';
        tracker.done(task, outcome.status !== 'stopped');
        progress?.update(tracker.update());
        finishing.push(collect(groups[task]!, passes[task]!, outcome, cache).then((result) => onOutcome(groups[task]!, result)));
      },
    });
    await Promise.all(finishing);
  } finally {
    if (stopped) tracker.state.stopped = true;
    progress?.stop(tracker.update());
  }
  return stopped;
}

/** Commits what a PDF's pass produced: its entry, a failure that is a property of the file, or nothing (stopped). */
async function collect(group: PassGroup, pass: Pass, outcome: TaskOutcome, cache: DerivativeCache): Promise<PassOutcome> {
  if (outcome.status === 'stopped') {
    if (pass !== 'webp') group.parts = outcome.parts;
    return { status: 'stopped' };
  }
  if (outcome.status === 'failed') {
    const { failure } = outcome;
    if (pass !== 'webp' && CACHEABLE_FAILURES.includes(failure.reason)) {
      await cache.commit(group.sha256, pass, { ok: false, failure: { reason: failure.reason, message: failure.message } }).catch(() => undefined);
    }
    return outcome;
  }
  const parts = outcome.parts;
  const files = parts.flatMap((part) => part.files);
  const body: EntryBody = { ok: true, facts: pass === 'webp' ? null : mergeFacts(group, parts), files };
  try {
    await cache.commit(group.sha256, pass, body);
    const whole = parts.length === 1 && parts[0]!.from === 1 && parts[0]!.to === parts[0]!.numPages;
    if (!whole) await cache.deleteParts(group.sha256, pass, parts.map((part) => part.from));
  } catch (error) {
    return { status: 'failed', failure: storeFailure(group.file, error) };
  }
  return { status: 'done', body };
}

function mergeFacts(group: PassGroup, parts: readonly PartBody[]) {
  const head = parts[0]!;
  return {
    numPages: head.numPages,
    fileSize: group.size,
    sha256: group.sha256,
    properties: head.head?.properties ?? {},
    outline: head.head?.outline ?? '',
    pages: parts.flatMap((part) => part.pages),
  };
}

/** The PNGs of pages from..to, read from the store, each in memory of its own (they are transferred to the worker). */
async function pngsOf(cache: DerivativeCache, group: PassGroup, from: number, to: number) {
  const files = group.first?.ok ? group.first.files : [];
  return Promise.all(
    files
      .map((file) => ({ file, page: pageOfImage(file.name) }))
      .filter(({ page }) => page !== null && page >= from && page <= to)
      .map(async ({ file, page }) => {
        const bytes = await cache.store.getFile(file.sha256);
        if (bytes === null) throw new Error(`${file.name} (${file.sha256}) is missing from the ${cache.store.description}`);
        return { page: page!, name: file.name, bytes: new Uint8Array(bytes) };
      }),
  );
}

/**
 * Pages done and the total as far as it is known: the page counts known (from the cache, or
 * from a PDF's first page), and one page for each PDF not opened yet. It only grows: an
 * extrapolation by bytes overshot (a scanned PDF has few pages for its bytes) and then fell,
 * which reads as work lost; a PDF that fails or stops counts the pages it finished, and the
 * total shown keeps what it was.
 */
function pageTracker(groups: readonly PassGroup[], tasks: readonly { numPages?: number }[], deadline: number | undefined, clock: () => number) {
  const known = new Map<number, number>();
  tasks.forEach((task, index) => task.numPages !== undefined && known.set(index, task.numPages));
  const done = new Map<number, number>();
  const state: ProgressState = { pdfsDone: 0, pdfsTotal: groups.length, pagesDone: 0, pagesTotal: 0 };
  const estimate = () => {
    let knownPages = 0;
    for (const pages of known.values()) knownPages += pages;
    state.pagesTotal = Math.max(state.pagesTotal, knownPages + groups.length - known.size, state.pagesDone);
  };
  estimate();
  return {
    state,
    update() {
      if (deadline !== undefined) state.budgetLeftMs = deadline - clock();
      return state;
    },
    page(task: number, _page: number, numPages: number) {
      known.set(task, numPages);
      done.set(task, (done.get(task) ?? 0) + 1);
      state.pagesDone++;
      estimate();
    },
    /** `finished`: false when the budget stopped it, which leaves it for the next build. */
    done(task: number, finished: boolean) {
      if (finished) state.pdfsDone++;
      // A failed or stopped PDF contributes the pages it finished, not the ones it promised.
      if (tasks[task]!.numPages === undefined) known.set(task, done.get(task) ?? 0);
      estimate();
    },
  };
}

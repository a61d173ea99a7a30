/**
 * The PDF stage (issue 3): facts and page images for every PDF, from the cache when the bytes
 * were seen before, otherwise from a pool of worker threads. See docs/pdf.md.
 */
import { readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { commitEntry, createStaging, readEntry, removeStaleStaging, sha256Hex, type EntryBody, type EntryKind, type VerifyMode } from './cache.ts';
import type { PartResult } from './protocol.ts';
import { runPool, type PoolTask, type TaskOutcome } from './pool.ts';
import type { ProgressReporter, ProgressState } from './progress.ts';
import { CACHEABLE_FAILURES, type PdfJob, type PdfResult } from './types.ts';

export type { PdfFacts, PdfFailure, PdfFailureReason, PdfImage, PdfJob, PdfPage, PdfProperties, PdfResult } from './types.ts';
export { createProgress, type ProgressReporter, type ProgressStream } from './progress.ts';
export { IMAGE_SIZES, THUMBNAIL_WIDTHS, ORIGINAL_DPI, pageImageName, webpName, type ImageSize } from './sizes.ts';
export { DERIVATIVE_VERSION } from './cache.ts';

export interface PdfOptions {
  /** Cache root, e.g. `<repo>/.cache/archive`. */
  cacheDir: string;
  /** Worker threads; default: available cores. */
  concurrency?: number;
  /** Limit for one part of a PDF (see chunkPages; default 30 min). */
  timeLimitMs?: number;
  /** Limit for opening the PDF or for any single page (default 60 s). */
  pageTimeLimitMs?: number;
  /** Long PDFs are split into parts of this many pages, derived in parallel (default 32). */
  chunkPages?: number;
  progress?: ProgressReporter;
  signal?: AbortSignal;
  /** 'quick' (default): entry checksum + file sizes; 'full': re-hash every cached file. */
  verify?: VerifyMode;
  /** Called once at the end with what the run did. */
  onStats?: (stats: PdfRunStats) => void;
}

export interface PdfRunStats {
  jobs: number;
  /** Distinct PDFs (by content and kind) served from the cache. */
  cacheHits: number;
  /** Distinct PDFs derived by workers. */
  derived: number;
  /** Cache entries that failed verification and were recomputed. */
  corrupt: number;
  pagesDerived: number;
}

interface Group {
  sha256: string;
  kind: EntryKind;
  file: string;
  size: number;
  jobs: PdfJob[];
}

export async function processPdfs(jobs: readonly PdfJob[], options: PdfOptions): Promise<Map<string, PdfResult>> {
  const results = new Map<string, PdfResult>();
  const stats: PdfRunStats = { jobs: jobs.length, cacheHits: 0, derived: 0, corrupt: 0, pagesDerived: 0 };
  await removeStaleStaging(options.cacheDir);
  const groups = await hashJobs(jobs, results);

  const misses: Group[] = [];
  // Lookups are small reads and stats: overlapping them keeps a warm build well under 1 s
  // per 1,000 PDFs (docs/pdf.md).
  await forEachLimited(groups, 16, async (group) => {
    const body = await lookup(group, options, stats);
    if (body) {
      stats.cacheHits++;
      setResults(results, group, body.dir, body.body);
    } else {
      misses.push(group);
    }
  });
  if (misses.length > 0) await derive(misses, results, options, stats);
  options.onStats?.(stats);
  return results;
}

async function hashJobs(jobs: readonly PdfJob[], results: Map<string, PdfResult>): Promise<Group[]> {
  const groups = new Map<string, Group>();
  await forEachLimited(jobs, 8, async (job) => {
    let bytes: Buffer;
    try {
      bytes = await readFile(job.file);
    } catch (error) {
      results.set(job.id, { ok: false, reason: 'io-error', message: `cannot read ${job.file}: ${(error as Error).message}`, cause: error });
      return;
    }
    const sha256 = sha256Hex(bytes);
    const kind: EntryKind = job.images ? 'full' : 'facts';
    const key = `${sha256}.${kind}`;
    const group = groups.get(key) ?? { sha256, kind, file: job.file, size: bytes.length, jobs: [] };
    group.jobs.push(job);
    groups.set(key, group);
  });
  return [...groups.values()];
}

async function lookup(group: Group, options: PdfOptions, stats: PdfRunStats): Promise<{ dir: string; body: EntryBody } | null> {
  // A full entry also answers a facts-only job.
  const kinds: EntryKind[] = group.kind === 'full' ? ['full'] : ['full', 'facts'];
  for (const kind of kinds) {
    const outcome = await readEntry(options.cacheDir, group.sha256, kind, options.verify);
    if (outcome.status === 'hit') return outcome;
    if (outcome.status === 'corrupt') stats.corrupt++;
  }
  return null;
}

function setResults(results: Map<string, PdfResult>, group: Group, dir: string, body: EntryBody): void {
  for (const job of group.jobs) {
    if (!body.ok) {
      results.set(job.id, { ok: false, ...body.failure });
    } else {
      const images = job.images ? body.files.map((f) => ({ name: f.name, file: join(dir, f.name), sha256: f.sha256, size: f.size })) : [];
      results.set(job.id, { ok: true, facts: body.facts, images });
    }
  }
}

async function derive(misses: Group[], results: Map<string, PdfResult>, options: PdfOptions, stats: PdfRunStats): Promise<void> {
  const tasks: PoolTask[] = misses.map((g) => ({ file: g.file, sha256: g.sha256, images: g.kind === 'full', size: g.size }));
  const tracker = pageTracker(misses);
  options.progress?.start(tracker.state);
  const finishing: Promise<void>[] = [];
  try {
    await runPool(tasks, {
      cacheDir: options.cacheDir,
      ...(options.concurrency !== undefined && { concurrency: options.concurrency }),
      ...(options.timeLimitMs !== undefined && { timeLimitMs: options.timeLimitMs }),
      ...(options.pageTimeLimitMs !== undefined && { pageTimeLimitMs: options.pageTimeLimitMs }),
      ...(options.chunkPages !== undefined && { chunkPages: options.chunkPages }),
      ...(options.signal && { signal: options.signal }),
      onPage: (task, page, numPages) => {
        tracker.page(task, page, numPages);
        stats.pagesDerived++;
        options.progress?.update(tracker.state);
      },
      onDone: (task, outcome) => {
        tracker.done(task);
        options.progress?.update(tracker.state);
        finishing.push(collect(misses[task]!, outcome, results, options));
      },
    });
    await Promise.all(finishing);
  } finally {
    options.progress?.stop(tracker.state);
  }
  stats.derived += misses.length;
}

/**
 * Merges the parts of a PDF into one cache entry and reads it back through the verifying
 * read. Failures that are properties of the file are committed too; the others are not.
 */
async function collect(group: Group, outcome: TaskOutcome, results: Map<string, PdfResult>, options: PdfOptions): Promise<void> {
  try {
    if (!outcome.ok) {
      if (CACHEABLE_FAILURES.includes(outcome.reason)) {
        const staging = await createStaging(options.cacheDir);
        await commitEntry(options.cacheDir, staging, group.sha256, group.kind, { ok: false, failure: { reason: outcome.reason, message: outcome.message } });
      }
      for (const job of group.jobs) results.set(job.id, outcome);
      return;
    }
    await commitParts(options.cacheDir, group, outcome.parts);
  } catch (error) {
    const message = `could not store the derivatives in the cache: ${(error as Error).message}`;
    for (const job of group.jobs) results.set(job.id, { ok: false, reason: 'io-error', message, cause: error });
    return;
  }
  const entry = await readEntry(options.cacheDir, group.sha256, group.kind, options.verify);
  if (entry.status === 'hit') {
    setResults(results, group, entry.dir, entry.body);
  } else {
    const message = entry.status === 'corrupt' ? `the new cache entry failed verification: ${entry.problem}` : 'the new cache entry is missing';
    for (const job of group.jobs) results.set(job.id, { ok: false, reason: 'io-error', message });
  }
}

/** Moves every part's files into the first part's staging folder and commits it. */
async function commitParts(cacheDir: string, group: Group, parts: PartResult[]): Promise<void> {
  const [first, ...rest] = parts;
  if (!first) throw new Error('no parts to commit');
  for (const part of rest) {
    await Promise.all(part.files.map((f) => rename(join(part.staging, f.name), join(first.staging, f.name))));
    await rm(part.staging, { recursive: true, force: true });
  }
  const facts = { ...first.facts, pages: parts.flatMap((p) => p.facts.pages) };
  await commitEntry(cacheDir, first.staging, group.sha256, group.kind, { ok: true, facts, files: parts.flatMap((p) => p.files) });
}

/** Pages done and an estimate of the total: known page counts, the rest extrapolated by bytes. */
function pageTracker(groups: Group[]) {
  const known = new Map<number, number>();
  const done = new Map<number, number>();
  const totalBytes = groups.reduce((sum, g) => sum + g.size, 0);
  const state: ProgressState = { pdfsDone: 0, pdfsTotal: groups.length, pagesDone: 0, pagesTotal: groups.length };
  const estimate = () => {
    let knownPages = 0;
    let knownBytes = 0;
    for (const [task, pages] of known) {
      knownPages += pages;
      knownBytes += groups[task]!.size;
    }
    const unknownBytes = totalBytes - knownBytes;
    const unknownCount = groups.length - known.size;
    const perByte = knownBytes > 0 ? knownPages / knownBytes : 0;
    const guess = perByte > 0 ? Math.round(unknownBytes * perByte) : unknownCount;
    state.pagesTotal = knownPages + Math.max(guess, unknownCount);
  };
  return {
    state,
    page(task: number, page: number, numPages: number) {
      known.set(task, numPages);
      done.set(task, page);
      state.pagesDone++;
      estimate();
    },
    done(task: number) {
      state.pdfsDone++;
      // A failed PDF contributes the pages it finished, not the ones it promised.
      known.set(task, done.get(task) ?? 0);
      estimate();
    },
  };
}

async function forEachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const run = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
}

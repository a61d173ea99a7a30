/**
 * The PDF stage: facts and page images for every PDF, from the cache when the
 * bytes were seen before, otherwise from a pool of worker threads, in two passes (docs/pdf.md):
 *
 * 1. first pass, in the callers' order of work: facts, text and the four PNG sizes;
 * 2. after all first passes: the `.png.webp` siblings.
 *
 * With a time budget no new work starts once it is spent; what is not done stays pending and
 * the next build, which finds everything finished so far in the cache, continues.
 */
import { mapLimit } from '../lib/concurrency.ts';
import type { TextSpool } from '../lib/stored-text.ts';
import { fileDigests, type FileDigests } from '../lib/file-digests.ts';
import { openCache, type CacheFile, type DerivativeCache, type EntryBody, type Pass, type VerifyMode } from './cache.ts';
import { runPass, type PassGroup, type PassOutcome } from './passes.ts';
import { IdleWorkers } from './pool-worker.ts';
import type { ProgressReporter } from '../lib/progress.ts';
import type { DeriveShare } from './derive-share.ts';
import { DerivativeStoreError, type DerivativeStore } from './derivative-store.ts';
import type { LazyFacts, PdfImage, PdfJob, PdfResult } from './types.ts';

export type { PdfDone, PdfImage, PdfJob, PdfResult } from './types.ts';
export { createProgress } from '../lib/progress.ts';
export { folderDerivativeStore } from './derivative-folder-store.ts';
export { parseDeriveShare } from './derive-share.ts';

export interface PdfOptions {
  /** Where derivatives are kept: src/media/derivatives-in-media-store.ts (builds, `archive derive`) or derivative-folder-store.ts. */
  store: DerivativeStore;
  /** Worker threads; default: available cores. */
  concurrency?: number;
  /** Limit for one part of a PDF (see chunkPages; default 30 min). */
  timeLimitMs?: number;
  /** Limit for opening the PDF or for any single page (default 60 s). */
  pageTimeLimitMs?: number;
  /** Long PDFs are split into parts of this many pages, derived in parallel (default 32). */
  chunkPages?: number;
  /**
   * No new PDF work starts this long after the stage began; parts under way
   * finish. Default: no limit.
   */
  budgetMs?: number;
  /** The clock the budget is measured with (default Date.now); tests count pages with it. */
  clock?: () => number;
  /** Derive only the PDFs of this shard of the content hashes (`archive derive --shard`); the others stay pending. */
  shard?: DeriveShare;
  progress?: ProgressReporter;
  signal?: AbortSignal;
  /** 'quick' (default): entry checksum + file sizes; 'full': re-hash every cached file. */
  verify?: VerifyMode;
  /** Called once at the end with what the run did. */
  onStats?: (stats: PdfRunStats) => void;
  /** Digests kept between builds (lib/file-digests.ts): an unchanged PDF is not read to find its cache entries. */
  digests?: FileDigests;
  /**
   * Where page texts go as each PDF's facts arrive, so the texts of every PDF are not held at
   * once (the build's ScratchSpool); without it the results hold them as strings.
   */
  texts?: TextSpool;
}

export interface PdfRunStats {
  jobs: number;
  /** Distinct PDFs (by content and kind). */
  pdfs: number;
  /** Distinct PDFs (by content and kind) whose first pass (or facts) came from the cache. */
  cacheHits: number;
  /** Distinct PDFs whose first pass (or facts) was derived by this run. */
  derived: number;
  /** Distinct PDFs that got their WebP siblings in this run. */
  webpDerived: number;
  /** Cache entries that failed verification and were recomputed. */
  corrupt: number;
  /** Pages this run worked on, each counted once (a page that got its first pass and its WebP siblings is one page). */
  pagesDerived: number;
  /** Distinct PDFs without their first pass (those of other shards too): published as pending. */
  pending: number;
  /** Distinct PDFs with their first pass but without WebP siblings (images asked for). */
  webpPending: number;
  /** Distinct PDFs that failed (by the failure policy of the caller). */
  failed: number;
  /** Distinct PDFs left to other shards (`shard`). */
  otherShards: number;
  /** The budget, when there was one: how much of it was used, and whether it stopped work. */
  budget: { limitMs: number; usedMs: number; stopped: boolean } | null;
}

interface Group extends PassGroup {
  images: boolean;
  jobs: PdfJob[];
  webp: CacheFile[] | null;
}

export async function processPdfs(jobs: readonly PdfJob[], options: PdfOptions): Promise<Map<string, PdfResult>> {
  const clock = options.clock ?? Date.now;
  const started = clock();
  // First, before any PDF work: a store that cannot be reached fails the run here.
  await options.store.sweep();
  try {
    return await derive(jobs, options, clock, started);
  } finally {
    await options.store.finish();
  }
}

async function derive(jobs: readonly PdfJob[], options: PdfOptions, clock: () => number, started: number): Promise<Map<string, PdfResult>> {
  const deadline = options.budgetMs === undefined ? undefined : started + options.budgetMs;
  const cache = openCache(options.store, options.verify);
  const results = new Map<string, PdfResult>();
  const stats: PdfRunStats = { jobs: jobs.length, pdfs: 0, cacheHits: 0, derived: 0, webpDerived: 0, corrupt: 0, pagesDerived: 0, pending: 0, webpPending: 0, failed: 0, otherShards: 0, budget: null };
  const groups = await hashJobs(jobs, results, options.digests ?? fileDigests());
  stats.pdfs = groups.length;
  // Lookups are small reads: overlapping them keeps a warm build well under 1 s per 1,000 PDFs (docs/pdf.md).
  await mapLimit(groups, 16, (group) => lookup(group, cache, stats, options.texts));
  const mine = options.shard ? groups.filter((group) => options.shard!.has(group.sha256)) : groups;
  stats.otherShards = groups.length - mine.length;

  // A store that fails to keep derivatives stops the run: no new PDF work starts, and the run
  // rejects with the store's error once the pass has wound down (DerivativeStoreError).
  const storeFailed = new AbortController();
  let storeError: DerivativeStoreError | undefined;
  const signal = options.signal ? AbortSignal.any([options.signal, storeFailed.signal]) : storeFailed.signal;
  const failedStore = (outcome: PassOutcome) => {
    if (outcome.status !== 'failed' || !(outcome.failure.cause instanceof DerivativeStoreError)) return false;
    storeError ??= outcome.failure.cause;
    storeFailed.abort();
    return true;
  };
  const pagesSeen = new Set<string>();
  const onPage = (sha256: string, page: number) => {
    pagesSeen.add(`${sha256}:${page}`);
    stats.pagesDerived = pagesSeen.size;
  };
  // The second pass takes the first pass's workers rather than starting its own.
  const idle = new IdleWorkers();
  const run = { cache, options: { ...options, signal }, deadline, clock, idle, onPage };
  let stopped: boolean;
  try {
    const firstMisses = mine.filter((group) => group.first === null);
    stopped = await runPass(firstMisses, (group) => (group.images ? 'first' : 'facts'), run, (group, outcome) => {
      if (failedStore(outcome)) return;
      if (outcome.status === 'done') {
        group.first = kept(outcome.body, options.texts);
        stats.derived++;
      } else if (outcome.status === 'failed') {
        group.failure = outcome.failure;
      }
    });
    if (storeError) throw storeError;
    const webpMisses = mine.filter((group) => group.images && group.first?.ok && group.webp === null);
    stopped = (await runPass(webpMisses, () => 'webp', run, (group, outcome) => {
      if (failedStore(outcome)) return;
      if (outcome.status === 'done' && outcome.body.ok) {
        group.webp = outcome.body.files;
        stats.webpDerived++;
      }
    })) || stopped;
  } finally {
    await idle.close();
  }
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- failedStore sets it during the pass above; TypeScript keeps the narrowing of the check before it
  if (storeError) throw storeError;

  for (const group of groups) await settle(group, cache, results, stats);
  // Every text written, so every one can be read back.
  options.texts?.flush();
  if (options.budgetMs !== undefined) {
    const usedMs = clock() - started;
    stats.budget = { limitMs: options.budgetMs, usedMs, stopped };
  }
  options.onStats?.(stats);
  return results;
}

/** Hashes every job's PDF; jobs with the same bytes (and kind) share one group, in the order of their first job. */
async function hashJobs(jobs: readonly PdfJob[], results: Map<string, PdfResult>, digests: FileDigests): Promise<Group[]> {
  const hashed = await mapLimit(jobs, 8, async (job) => {
    try {
      return await digests.digest(job.file);
    } catch (error) {
      results.set(job.id, { ok: false, reason: 'io-error', message: `cannot read ${job.file}: ${(error as Error).message}`, cause: error });
      return null;
    }
  });
  const groups = new Map<string, Group>();
  jobs.forEach((job, index) => {
    const hash = hashed[index];
    if (!hash) return;
    const key = `${hash.sha256}.${job.images}`;
    let group = groups.get(key);
    if (!group) {
      group = { sha256: hash.sha256, file: job.file, size: hash.size, images: job.images, jobs: [], first: null, webp: null, failure: null, parts: [] };
      groups.set(key, group);
    }
    group.jobs.push(job);
  });
  return [...groups.values()];
}

async function lookup(group: Group, cache: DerivativeCache, stats: PdfRunStats, texts: TextSpool | undefined): Promise<void> {
  // A first-pass entry also answers a facts-only job.
  const passes: Pass[] = group.images ? ['first'] : ['first', 'facts'];
  for (const pass of passes) {
    const outcome = await cache.read(group.sha256, pass);
    if (outcome.status === 'corrupt') stats.corrupt++;
    if (outcome.status !== 'hit') continue;
    group.first = kept(outcome.body, texts);
    stats.cacheHits++;
    break;
  }
  if (!group.images || !group.first?.ok) return;
  const webp = await cache.read(group.sha256, 'webp');
  if (webp.status === 'corrupt') stats.corrupt++;
  if (webp.status === 'hit' && webp.body.ok) group.webp = webp.body.files;
}

/** The result of every job of the group: done, pending, or failed. */
async function settle(group: Group, cache: DerivativeCache, results: Map<string, PdfResult>, stats: PdfRunStats): Promise<void> {
  const first = group.first;
  let result: PdfResult;
  if (first && !first.ok) {
    result = { ok: false, ...first.failure };
    stats.failed++;
  } else if (group.failure) {
    result = group.failure;
    stats.failed++;
  } else if (first?.ok && first.facts) {
    const images = group.images ? [...first.files, ...(group.webp ?? [])].map((file) => image(cache, file)) : [];
    result = { ok: true, pending: false, facts: first.facts, images, webp: group.images && group.webp !== null };
    if (group.images && group.webp === null) stats.webpPending++;
  } else {
    // Facts a finished first part of a long PDF knows (froide shows them while pages are processed).
    const head = group.parts[0]?.head ? group.parts[0] : await cache.readPart(group.sha256, group.images ? 'first' : 'facts', 1);
    const known = head?.head ? { numPages: head.numPages, ...head.head } : null;
    result = { ok: true, pending: true, sha256: group.sha256, fileSize: group.size, known };
    stats.pending++;
  }
  for (const job of group.jobs) results.set(job.id, result);
}

/** The entry with its pages' texts in `texts` when given. */
function kept(body: EntryBody, texts: TextSpool | undefined): EntryBody<LazyFacts> {
  if (!texts || !body.ok || !body.facts) return body;
  return { ...body, facts: { ...body.facts, pages: body.facts.pages.map((page) => ({ ...page, text: texts.add(page.text) })) } };
}

function image(cache: DerivativeCache, file: CacheFile): PdfImage {
  return { name: file.name, local: () => cache.store.localFile(file.sha256), sha256: file.sha256, size: file.size };
}

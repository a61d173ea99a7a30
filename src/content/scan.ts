/**
 * The walk of the content directory and a stat of every file it finds: what a load starts
 * with. At 50,000 requests that is ~710,000 files in ~307,000 folders, ~3 s of readdir and
 * ~2.7 s of stat on one thread, and a warm build reads its parse cache (~2 s) before it can
 * use either. With a large parse cache the walk starts in a worker thread while this thread
 * reads the cache, and this thread takes its share of the request folders once it is done with
 * it (content/scan-walk.ts; docs/performance.md, "The content scan"); with a small one (the sample, tests) starting a worker (~0.2 s) would
 * cost more than it overlaps.
 */
import { sep } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { RACY_MS, type SizedSignature } from '../lib/file-digests.ts';
import { tsWorker } from '../lib/ts-worker.ts';
import { saveListings, type ListingCounts } from './scan-listings.ts';
import type { DigestMemo, ScanMemory } from './scan-memory.ts';
import { joinListings, joinWalk, pathIndex, planWalk, statted, walkChunks, type WalkPlan, type Walked, type WalkedChunk } from './scan-walk.ts';

export interface ContentScan {
  /** Every regular file's relative path (forward slashes), sorted; names starting with a dot left out. */
  files: string[];
  /** Whether `files` holds the path (by the scan's index of paths, so the loader keeps no set of its own). */
  has(path: string): boolean;
  /** The file's size and stat signature when the scan took them; undefined when it did not (ask the disk). */
  stat(path: string): SizedSignature | undefined;
  /** The same by the file's absolute path (as content/disk.ts `underRoot` makes it), for caches keyed so (lib/file-digests.ts `confirm`). */
  statAbsolute(absolute: string): SizedSignature | undefined;
  /**
   * `stat` of `files[at]`, by position: for the loader and the scan's digests
   * (content/scan-digests.ts), which go through every file in order. At 50,000 requests the
   * digests took 1.1 s through `stat` (a lookup by path, and then a signature of four decimal
   * numbers) and 0.7 s so.
   */
  statAt(at: number): SizedSignature | undefined;
  /**
   * The signatures of `files[from]` up to `files[to]` as one string (each file's 32 characters
   * in turn, as `statAt` gives them), and whether each is a regular file older than the racy
   * window: what the scan's digests hash per request folder, with no string per file
   * (content/scan-digests.ts).
   */
  statRange(from: number, to: number): { signatures: string; trusted: boolean };
  /**
   * How many request folders and folders under them the walk knew from their kept listings, and
   * how many it read (content/scan-listings.ts); of a scan from the watching preview's last walk
   * (content/scan-memory.ts), how many request folders it took as kept and how many it walked.
   */
  folders: ListingCounts;
  /** Of a scan the watching preview keeps (content/scan-memory.ts): the digests of the request folders it took as kept, and where to keep this scan's. */
  digests?: DigestMemo;
}

/** The scan of a walk; `kept`: the walk's index of paths (path -> position), when one is kept (ScanMemory `indexOf`). */
function scanOf({ files, stats, kinds }: Walked, { root, started }: WalkPlan, folders: ListingCounts, digests?: DigestMemo, kept?: Map<string, number>): ContentScan {
  const racyBefore = BigInt(started - RACY_MS) * 1_000_000n;
  const raw = Buffer.from(stats.buffer, stats.byteOffset, stats.byteLength);
  const index = kept ?? pathIndex(files);
  // The signature signatureOfStats makes of the same four words (lib/file-digests.ts); one
  // object per answer, as the loader asks for half a million.
  const signature = (at: number) => raw.toString('latin1', at * 32, at * 32 + 32);
  const trusted = (at: number) => stats[at * 4 + 1]! < racyBefore;
  const statAt = (at: number): SizedSignature | undefined => (kinds[at] === 1 ? { size: Number(stats[at * 4]!), signature: signature(at), trusted: trusted(at) } : undefined);
  const statRange = (from: number, to: number) => {
    let all = true;
    for (let at = from; at < to && all; at++) all = kinds[at] === 1 && trusted(at);
    return { signatures: raw.toString('latin1', from * 32, to * 32), trusted: all };
  };
  const stat = (path: string): SizedSignature | undefined => {
    const at = index.get(path);
    return at === undefined ? undefined : statAt(at);
  };
  // underRoot's plain paths: the root, a slash and the relative path. Elsewhere (another
  // separator) the caller stats the file itself.
  const prefix = root.endsWith('/') ? root : `${root}/`;
  return {
    files,
    has: (path) => index.has(path),
    stat,
    statAbsolute: (absolute) => (sep === '/' && absolute.startsWith(prefix) ? stat(absolute.slice(prefix.length)) : undefined),
    statAt,
    statRange,
    folders,
    ...(digests && { digests }),
  };
}

/**
 * The scan from the files outside and the chunks of both threads, and `record`, which writes the
 * request folders' listings when one was read (apart, so that a failed write is not taken for a
 * failed walk and walked again). With the watching preview's memory, its index of paths is the
 * one the memory keeps, so the next scan need not make it again.
 */
function joined(plan: WalkPlan, outside: Walked, shares: ReadonlyMap<number, WalkedChunk>[], memory: ScanMemory | undefined): { scan: ContentScan; walked: Walked; plan: WalkPlan; record: () => void } {
  const listings = joinListings(plan, ...shares);
  const walked = joinWalk(plan, outside, ...shares);
  return {
    scan: scanOf(walked, plan, listings.counts, undefined, memory?.indexOf(walked.files)),
    walked,
    plan,
    record: () => {
      if (plan.listings !== undefined && listings.read) saveListings(plan.listings, listings.folders);
    },
  };
}

/**
 * The scan of a whole walk; with the watching preview's memory, the walk kept for the next scan
 * (`seen`: the changes it knew of when the walk began) and the scan given the memo of its digests.
 */
function remembered(done: { scan: ContentScan; walked: Walked; plan: WalkPlan }, memory: ScanMemory | undefined, seen: ReadonlySet<string> | undefined): ContentScan {
  if (!memory || !seen) return done.scan;
  memory.keep(done.walked, done.plan.started, seen);
  return { ...done.scan, digests: memory.digestMemo() };
}

/** The walk and the stats on this thread. */
function scanHere(root: string, listings: string | undefined, memory: ScanMemory | undefined): ContentScan {
  const { plan, outside } = planWalk(root, listings);
  const seen = memory?.seen();
  const done = joined(plan, statted(root, outside), [walkChunks(plan)], memory);
  done.record();
  return remembered(done, memory, seen);
}

const WORKER = new URL('./scan-worker.ts', import.meta.url);

/** A promise with its resolve and reject (Promise.withResolvers, which Node 20 lacks). */
function settled<T>(): { promise: Promise<T>; resolve(value: T): void; reject(error: Error): void } {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** What the scan worker is sent: the root to walk and the file of kept listings (content/scan-listings.ts). */
export interface ScanRequest {
  root: string;
  listings: string | undefined;
}

/** What the scan worker posts: the plan as soon as it has one, then its share of the walk. */
export type ScanMessage = { plan: WalkPlan } | { outside: Walked; chunks: Map<number, WalkedChunk> };

/**
 * Starts the walk in a worker thread, which plans it, walks the files outside the request
 * folders and claims request folders; this thread claims them too once it gets here (it asks
 * for the scan when it is done with the parse cache), so neither waits while the other works.
 * Falls back to this thread if the worker cannot run.
 */
async function scanInWorker(root: string, listings: string | undefined, memory: ScanMemory | undefined): Promise<ContentScan> {
  const seen = memory?.seen();
  let worker: Worker | undefined;
  let done: ReturnType<typeof joined>;
  const planned = settled<WalkPlan>();
  const walked = settled<{ outside: Walked; chunks: Map<number, WalkedChunk> }>();
  // Handled where it is awaited; a worker that fails before then must not be an unhandled rejection.
  walked.promise.catch(() => undefined);
  const failed = (error: Error) => {
    planned.reject(error);
    walked.reject(error);
  };
  try {
    worker = tsWorker(WORKER);
    worker.on('message', (message: ScanMessage) => ('plan' in message ? planned.resolve(message.plan) : walked.resolve(message)));
    worker.once('error', failed);
    worker.once('exit', (code) => failed(new Error(`content scan worker exited with code ${code}`)));
    worker.postMessage({ root, listings } satisfies ScanRequest);
    const plan = await planned.promise;
    const mine = walkChunks(plan);
    const theirs = await walked.promise;
    done = joined(plan, theirs.outside, [mine, theirs.chunks], memory);
  } catch {
    // The worker may still be walking an older plan: stopped before this thread walks again.
    void worker?.terminate();
    return scanHere(root, listings, memory);
  } finally {
    void worker?.terminate();
  }
  done.record();
  return remembered(done, memory, seen);
}

/**
 * Starts the scan of `root` (an absolute path): in a worker thread and this one when `worker`,
 * else at once on this thread. `listings`: the file where the request folders' listings are
 * kept between scans (content/scan-listings.ts); without it every folder is read. `memory`:
 * the watching preview's last walk (content/scan-memory.ts), which a scan walks only the
 * changed folders of, on this thread, and which keeps this scan's walk for the next.
 */
export function startScan(root: string, worker: boolean, listings?: string, memory?: ScanMemory): Promise<ContentScan> {
  if (!worker || memory?.kept) {
    try {
      const again = memory?.rescan(root);
      return Promise.resolve(again ? scanOf(again.walked, again.plan, again.counts, again.digests, memory!.indexOf(again.walked.files)) : scanHere(root, listings, memory));
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return scanInWorker(root, listings, memory);
}

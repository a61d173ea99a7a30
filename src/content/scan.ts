/**
 * The walk of the content directory and a stat of every file it finds: what a load starts
 * with. At 50,000 requests that is ~710,000 files, ~3 s of readdir and ~2.7 s of stat on one
 * thread, and a warm build reads its parse cache (~2 s) before it can use either. With a
 * large parse cache the walk runs in a worker thread while this thread reads the cache, and
 * both threads stat the files once this one is done with it (docs/performance.md, "Where a
 * warm build's time goes now"); with a small one (the sample, tests) starting a worker (~0.2 s)
 * would cost more than it overlaps.
 */
import { readdirSync, statSync } from 'node:fs';
import { sep } from 'node:path';
import { RACY_MS, signatureOfStats, type FileSignature } from '../lib/file-digests.ts';
import { tsWorker } from '../lib/ts-worker.ts';

interface ScannedFile extends FileSignature {
  size: number;
}

export interface ContentScan {
  /** Every regular file's relative path (forward slashes), sorted; names starting with a dot left out. */
  files: string[];
  /** The file's size and stat signature when the scan took them; undefined when it did not (ask the disk). */
  stat(path: string): ScannedFile | undefined;
  /** The same by the file's absolute path (as `under` makes it), for caches keyed so (lib/file-digests.ts `confirm`). */
  statAbsolute(absolute: string): ScannedFile | undefined;
  /**
   * The stat signature of `files[at]` as a short string of its raw fields (32 bytes as latin1),
   * and whether it may be trusted; undefined when the scan took none. For digests of the scan
   * (content/scan-digests.ts), by position: at 50,000 requests they took 1.1 s through `stat`
   * (a lookup by path, and the signature a cache records made of four numbers) and 0.7 s so.
   */
  rawSignatureAt(at: number): { raw: string; trusted: boolean } | undefined;
}

/**
 * A scan as both threads fill it in: the paths from the walk, and for each file, in memory
 * shared between the threads, what its stat gave (size, modification and change times in
 * nanoseconds, inode: the stat signature) and whether it was a regular file.
 */
export interface SharedScan {
  files: string[];
  /** Four per file: size, mtimeNs, ctimeNs, ino. */
  stats: BigInt64Array;
  /** Per file: 0 not statted yet, 1 a regular file, 2 anything else (gone, a folder, a link's target). */
  kinds: Uint8Array;
  /** The next file to stat: each thread claims STAT_CHUNK at a time. */
  next: Int32Array;
  /** Date.now() before the first stat: a file modified within RACY_MS of it is not trusted. */
  started: number;
}

/** Files a thread claims at once: few enough that the two threads finish together. */
const STAT_CHUNK = 512;

/**
 * Every regular file under `root`: relative paths with forward slashes, sorted; names that start
 * with a dot are left out at any depth and their folders not entered (`.git/`, editors' swap and
 * lock files), symbolic links are neither listed nor followed. One `readdirSync` per folder, not
 * fast-glob and not Node's `recursive` option: the loader wants every file, and at 50,000
 * requests (710,000 files in 307,000 folders) fast-glob's matching of each entry made the walk
 * take 6.7-7.5 s, the `recursive` option (which makes a Dirent with its parent's path for every
 * entry and walks `.git/` too) 3.9-5.7 s, and this loop 2.8-2.9 s (docs/performance.md, "Where
 * a warm build's time goes now").
 */
function listFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (absolute: string, prefix: string) => {
    for (const entry of readdirSync(absolute, { withFileTypes: true })) {
      const { name } = entry;
      if (name.startsWith('.')) continue;
      if (entry.isFile()) files.push(prefix + name);
      else if (entry.isDirectory()) walk(absolute + sep + name, `${prefix}${name}/`);
    }
  };
  walk(root, '');
  return files.sort();
}

/** The walk: every file found, in shared memory ready to be statted (statFiles). */
export function walkShared(root: string): SharedScan {
  const files = listFiles(root);
  return {
    files,
    stats: new BigInt64Array(new SharedArrayBuffer(files.length * 4 * BigInt64Array.BYTES_PER_ELEMENT)),
    kinds: new Uint8Array(new SharedArrayBuffer(files.length)),
    next: new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT)),
    started: Date.now(),
  };
}

/** Stats files of the scan, STAT_CHUNK at a time, until none is left to claim: both threads run it. */
export function statFiles(scan: SharedScan, under: (path: string) => string): void {
  const { files, stats, kinds, next } = scan;
  for (;;) {
    const first = Atomics.add(next, 0, STAT_CHUNK);
    if (first >= files.length) return;
    const end = Math.min(files.length, first + STAT_CHUNK);
    for (let at = first; at < end; at++) {
      const info = statSync(under(files[at]!), { bigint: true, throwIfNoEntry: false });
      if (!info?.isFile()) {
        kinds[at] = 2;
        continue;
      }
      stats.set([info.size, info.mtimeNs, info.ctimeNs, info.ino], at * 4);
      kinds[at] = 1;
    }
  }
}

function scanOf({ files, stats, kinds, started }: SharedScan, root: string): ContentScan {
  const racyBefore = BigInt(started - RACY_MS) * 1_000_000n;
  const raw = Buffer.from(stats.buffer);
  const index = new Map<string, number>();
  files.forEach((path, at) => index.set(path, at));
  const stat = (path: string): ScannedFile | undefined => {
    const at = index.get(path);
    if (at === undefined || kinds[at] !== 1) return undefined;
    const first = at * 4;
    const size = stats[first]!;
    return { size: Number(size), ...signatureOfStats({ size, mtimeNs: stats[first + 1]!, ctimeNs: stats[first + 2]!, ino: stats[first + 3]! }, started) };
  };
  // underRoot's plain paths: the root, a slash and the relative path. Elsewhere (another
  // separator) the caller stats the file itself.
  const prefix = root.endsWith('/') ? root : `${root}/`;
  return {
    files,
    stat,
    statAbsolute: (absolute) => (sep === '/' && absolute.startsWith(prefix) ? stat(absolute.slice(prefix.length)) : undefined),
    rawSignatureAt: (at) => (kinds[at] === 1 ? { raw: raw.toString('latin1', at * 32, at * 32 + 32), trusted: stats[at * 4 + 1]! < racyBefore } : undefined),
  };
}

/** The walk and the stats on this thread. */
function scanHere(root: string, under: (path: string) => string): ContentScan {
  const scan = walkShared(root);
  statFiles(scan, under);
  return scanOf(scan, root);
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

/**
 * Walks in a worker thread, which then stats the files it found; this thread stats them too
 * once it gets here (it asks for the scan when it is done with the parse cache), so neither
 * waits while the other works. Falls back to this thread if the worker cannot run.
 */
async function scanInWorker(root: string, under: (path: string) => string): Promise<ContentScan> {
  const worker = tsWorker(WORKER);
  const walked = settled<SharedScan>();
  const statted = settled<void>();
  // Handled where it is awaited; a worker that fails before then must not be an unhandled rejection.
  statted.promise.catch(() => undefined);
  const failed = (error: Error) => {
    walked.reject(error);
    statted.reject(error);
  };
  worker.on('message', (message: SharedScan | 'statted') => (message === 'statted' ? statted.resolve() : walked.resolve(message)));
  worker.once('error', failed);
  worker.once('exit', (code) => failed(new Error(`content scan worker exited with code ${code}`)));
  try {
    worker.postMessage(root);
    const scan = await walked.promise;
    statFiles(scan, under);
    await statted.promise;
    return scanOf(scan, root);
  } catch {
    return scanHere(root, under);
  } finally {
    void worker.terminate();
  }
}

/**
 * Starts the scan of `root` (an absolute path; `under` as the disk reader makes paths
 * absolute): in a worker thread and this one when `worker`, else at once on this thread.
 */
export function startScan(root: string, under: (path: string) => string, worker: boolean): Promise<ContentScan> {
  if (!worker) {
    try {
      return Promise.resolve(scanHere(root, under));
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return scanInWorker(root, under);
}

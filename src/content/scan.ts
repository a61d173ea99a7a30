/**
 * The walk of the content directory and a stat of every file it finds: what a load starts
 * with. At 50,000 requests that is ~710,000 files, ~2 s of readdir and ~3 s of stat, and a
 * warm build reads its parse cache (~4 s of deserializing) before it can use either. With a
 * large parse cache the scan runs in a worker thread while this thread reads the cache
 * (docs/performance.md, "Where a warm build's time goes now"); with a small one (the sample,
 * tests) starting a worker (~0.2 s) would cost more than it overlaps.
 */
import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { sep } from 'node:path';
import { signatureOfStats, type FileSignature } from '../lib/file-digests.ts';
import { tsWorker } from '../lib/ts-worker.ts';

interface ScannedFile extends FileSignature {
  size: number;
}

export interface ContentScan {
  /** Every regular file's relative path (forward slashes), sorted; names starting with a dot left out. */
  files: string[];
  /** The file's size and stat signature when the scan took them; undefined when it did not (ask the disk). */
  stat(path: string): ScannedFile | undefined;
}

/** What a scan sends across threads: by index into `files`; an empty signature where the stat failed. */
export interface ScanArrays {
  files: string[];
  sizes: Float64Array;
  signatures: string[];
  trusted: Uint8Array;
}

/** A path segment that starts with a dot. */
const DOT_NAME = /(?:^|\/)\./;

/**
 * Every regular file under `root`: relative paths with forward slashes, sorted; names that start
 * with a dot are left out at any depth (`.git/`, editors' swap and lock files), symbolic links are
 * neither listed nor followed. Node's own recursive readdir, not fast-glob: the loader wants
 * every file, and fast-glob's matching of each entry against the pattern made the walk of
 * 710,000 files at 50,000 requests take 6.7-7.5 s against 2.9-3.3 s (docs/performance.md).
 */
function listFiles(root: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const folder = entry.parentPath.length > root.length ? entry.parentPath.slice(root.length + 1) : '';
    const path = folder ? `${sep === '/' ? folder : folder.split(sep).join('/')}/${entry.name}` : entry.name;
    if (!DOT_NAME.test(path)) files.push(path);
  }
  return files.sort();
}

/** The walk and a stat of each file found, on this thread. `under` makes a listed path absolute. */
export function scanArrays(root: string, under: (path: string) => string): ScanArrays {
  const files = listFiles(root);
  const sizes = new Float64Array(files.length);
  const signatures = new Array<string>(files.length);
  const trusted = new Uint8Array(files.length);
  files.forEach((path, index) => {
    const info = statSync(under(path), { bigint: true, throwIfNoEntry: false });
    if (!info?.isFile()) {
      signatures[index] = '';
      return;
    }
    const signature = signatureOfStats(info);
    sizes[index] = Number(info.size);
    signatures[index] = signature.signature;
    trusted[index] = signature.trusted ? 1 : 0;
  });
  return { files, sizes, signatures, trusted };
}

function scanOf({ files, sizes, signatures, trusted }: ScanArrays): ContentScan {
  const index = new Map<string, number>();
  files.forEach((path, at) => index.set(path, at));
  return {
    files,
    stat(path) {
      const at = index.get(path);
      if (at === undefined || signatures[at] === '') return undefined;
      return { size: sizes[at]!, signature: signatures[at]!, trusted: trusted[at] === 1 };
    },
  };
}

/**
 * One digest of the whole scan: every file's path and stat signature, in path order. Two scans
 * with the same digest found the same files with the same signatures, so (as git's index
 * decides) the same bytes. Null when a file could not be trusted to keep its signature (written
 * within the last two seconds) or was not statted: such a scan says nothing about a later one.
 */
export function scanDigest(scan: ContentScan): string | null {
  const hash = createHash('sha256');
  for (const path of scan.files) {
    const stat = scan.stat(path);
    if (!stat?.trusted) return null;
    hash.update(`${path}\0${stat.signature}\n`);
  }
  return hash.digest('hex');
}

const WORKER = new URL('./scan-worker.ts', import.meta.url);

/** Scans in a worker thread; falls back to this thread if the worker cannot run. */
async function scanInWorker(root: string, under: (path: string) => string): Promise<ScanArrays> {
  const worker = tsWorker(WORKER);
  try {
    return await new Promise<ScanArrays>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`content scan worker exited with code ${code}`)));
      worker.postMessage(root);
    });
  } catch {
    return scanArrays(root, under);
  } finally {
    void worker.terminate();
  }
}

/**
 * Starts the scan of `root` (an absolute path; `under` as the disk reader makes paths
 * absolute): in a worker thread when `worker`, else at once on this thread.
 */
export function startScan(root: string, under: (path: string) => string, worker: boolean): Promise<ContentScan> {
  if (!worker) {
    try {
      return Promise.resolve(scanOf(scanArrays(root, under)));
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return scanInWorker(root, under).then(scanOf);
}

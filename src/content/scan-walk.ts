/**
 * The walk and stat of content/, shared by two threads (content/scan.ts): one thread plans it
 * (the request folders, in path order, and a shared counter), walks and stats every file
 * outside them, then both threads claim request folders a chunk at a time and stat a chunk's
 * files right after listing them (its entries are still in the kernel's cache), until none is
 * left. Each chunk's
 * files come out in path order, so the chunks and the files outside join in one merge, not a
 * sort of 710,000 paths and their stats.
 *
 * A file's stat: size, modification and change times in nanoseconds, inode (four numbers per
 * file), and whether it is a regular file still (the walk saw one).
 */
import { statSync } from 'node:fs';
import { sep } from 'node:path';
import { entriesOf, listFolder, parseListing, readListings, type ListingCounts } from './scan-listings.ts';

/** Files found by a walk, in path order, with their stats. */
export interface Walked {
  /** Relative paths with forward slashes. */
  files: string[];
  /** Four per file: size, mtimeNs, ctimeNs, ino. */
  stats: BigInt64Array;
  /** Per file: 1 a regular file when statted, 2 anything else (gone, replaced by a folder). */
  kinds: Uint8Array;
}

/** A chunk of request folders walked: its files, and each folder's listing (content/scan-listings.ts) as JSON. */
export interface WalkedChunk extends Walked {
  listings: string[];
  /** Whether a folder of the chunk was read rather than known: the listings are recorded again. */
  read: boolean;
  counts: ListingCounts;
}

/** What both threads need to share the request folders. */
export interface WalkPlan {
  root: string;
  /** Names under requests/ that are folders, in the order of their files' paths. */
  folders: string[];
  /** The next chunk of `folders` to claim (shared between the threads). */
  next: Int32Array;
  /** Date.now() before the first stat: a file modified within the racy window of it is not trusted. */
  started: number;
  /** The file of the request folders' listings kept from the last walk (content/scan-listings.ts), if any. */
  listings?: string;
}

/** Request folders a thread claims at once: few enough that the two threads finish together. */
const CHUNK = 32;

const REQUESTS = 'requests';

/** Every regular file under `absolute` (its path relative to the root starting with `prefix`), as entriesOf takes them. */
export function listUnder(absolute: string, prefix: string, files: string[]): void {
  const entries = entriesOf(absolute);
  for (const name of entries.files) files.push(prefix + name);
  for (const name of entries.folders) listUnder(absolute + sep + name, `${prefix}${name}/`, files);
}

/** Stats `files` (sorted here) under `root`. */
export function statted(root: string, files: string[]): Walked {
  files.sort();
  const stats = new BigInt64Array(files.length * 4);
  const kinds = new Uint8Array(files.length);
  const base = root.endsWith(sep) ? root : root + sep;
  files.forEach((path, at) => {
    const info = statSync(base + (sep === '/' ? path : path.split('/').join(sep)), { bigint: true, throwIfNoEntry: false });
    if (!info?.isFile()) {
      kinds[at] = 2;
      return;
    }
    // Four stores, not an array of the four set at once: one array less for each of 710,000 files.
    stats[at * 4] = info.size;
    stats[at * 4 + 1] = info.mtimeNs;
    stats[at * 4 + 2] = info.ctimeNs;
    stats[at * 4 + 3] = info.ino;
    kinds[at] = 1;
  });
  return { files, stats, kinds };
}

/**
 * The plan of a walk of `root`, and the files outside the request folders (files directly in
 * requests/ among them), not statted yet (`statted`).
 */
export function planWalk(root: string, listings?: string): { plan: WalkPlan; outside: string[] } {
  const next = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  const started = Date.now();
  let folders: string[] = [];
  // Fails as a walk does when root is missing. requests/ is listed here when it is a folder (a
  // link to one is not followed, as anywhere else).
  const top = entriesOf(root);
  const files = [...top.files];
  for (const name of top.folders) if (name !== REQUESTS) listUnder(root + sep + name, `${name}/`, files);
  if (top.folders.includes(REQUESTS)) {
    const entries = entriesOf(root + sep + REQUESTS);
    folders = entries.folders;
    for (const name of entries.files) files.push(`${REQUESTS}/${name}`);
  }
  // A folder's files sort by its name and a slash ("a-b/" before "a/").
  const keyed = folders.map((name) => `${name}/`).sort();
  return { plan: { root, folders: keyed.map((key) => key.slice(0, -1)), next, started, ...(listings !== undefined && { listings }) }, outside: files };
}

/**
 * Claims chunks of the plan's folders until none is left; each chunk walked and statted, by its
 * index. A folder whose signature is the one its kept listing names is not read again
 * (content/scan-listings.ts); the listings are read here, by each thread that walks.
 */
export function walkChunks(plan: WalkPlan): Map<number, WalkedChunk> {
  const done = new Map<number, WalkedChunk>();
  let kept: ReadonlyMap<string, string> | undefined;
  for (;;) {
    const chunk = Atomics.add(plan.next, 0, 1);
    const first = chunk * CHUNK;
    if (first >= plan.folders.length) return done;
    kept ??= readListings(plan.listings);
    const files: string[] = [];
    const listings: string[] = [];
    const counts = { known: 0, listed: 0 };
    let read = false;
    for (const name of plan.folders.slice(first, first + CHUNK)) {
      const json = kept.get(name);
      const walked = listFolder(`${plan.root}${sep}${REQUESTS}${sep}${name}`, `${REQUESTS}/${name}/`, files, parseListing(json), plan.started, counts);
      listings.push(walked.read || json === undefined ? JSON.stringify(walked.listing) : json);
      read ||= walked.read;
    }
    done.set(chunk, { ...statted(plan.root, files), listings, read, counts });
  }
}

/** Every request folder's listing from the chunks of both threads, and whether any was read (then they are worth recording), with the counts. */
export function joinListings(plan: WalkPlan, ...shares: ReadonlyMap<number, WalkedChunk>[]): { folders: Map<string, string>; read: boolean; counts: ListingCounts } {
  const folders = new Map<string, string>();
  const counts = { known: 0, listed: 0 };
  let read = false;
  for (const share of shares) {
    for (const [chunk, walked] of share) {
      walked.listings.forEach((listing, at) => folders.set(plan.folders[chunk * CHUNK + at]!, listing));
      read ||= walked.read;
      counts.known += walked.counts.known;
      counts.listed += walked.counts.listed;
    }
  }
  return { folders, read, counts };
}

/** The files outside and every chunk (from both threads), in path order: one merge of two sorted lists. */
export function joinWalk(plan: WalkPlan, outside: Walked, ...shares: ReadonlyMap<number, Walked>[]): Walked {
  const chunks = Math.ceil(plan.folders.length / CHUNK);
  const inside: Walked[] = [];
  for (let chunk = 0; chunk < chunks; chunk++) {
    const walked = shares.map((share) => share.get(chunk)).find(Boolean);
    if (!walked) throw new Error(`content scan: chunk ${chunk} of the request folders was not walked`);
    inside.push(walked);
  }
  return mergeWalks(outside, inside);
}

/** The files outside the request folders and those of each request folder (or run of them) in path order, merged in path order. */
export function mergeWalks(outside: Walked, inside: readonly Walked[]): Walked {
  const total = outside.files.length + inside.reduce((sum, walked) => sum + walked.files.length, 0);
  const files = new Array<string>(total);
  const stats = new BigInt64Array(total * 4);
  const kinds = new Uint8Array(total);
  let at = 0;
  /** Takes `from`'s files `first` up to `end`, which come one after the other in path order: their stats at once. */
  const take = (from: Walked, first: number, end: number) => {
    for (let index = first; index < end; index++) files[at + index - first] = from.files[index]!;
    stats.set(from.stats.subarray(first * 4, end * 4), at * 4);
    kinds.set(from.kinds.subarray(first, end), at);
    at += end - first;
  };
  let out = 0;
  for (const walked of inside) {
    // A chunk's files are taken in runs up to the next file outside (most chunks are one run).
    let first = 0;
    for (let index = 0; index < walked.files.length; index++) {
      const path = walked.files[index]!;
      if (out >= outside.files.length || !(outside.files[out]! < path)) continue;
      take(walked, first, index);
      first = index;
      const from = out;
      while (out < outside.files.length && outside.files[out]! < path) out++;
      take(outside, from, out);
    }
    take(walked, first, walked.files.length);
  }
  take(outside, out, outside.files.length);
  return { files, stats, kinds };
}

/** Each path's position in `files`. */
export function pathIndex(files: readonly string[]): Map<string, number> {
  const index = new Map<string, number>();
  files.forEach((path, at) => index.set(path, at));
  return index;
}

/**
 * The listings of request folders, kept from one walk of content/ to the next
 * (content/scan-walk.ts), as git's untracked cache keeps directories' listings: a folder whose
 * stat signature (size, modification and change times in nanoseconds, inode) is the one
 * recorded when it was listed holds the same entries, since adding, removing or renaming an
 * entry updates its folder's modification and change times (POSIX link, unlink, rename,
 * mkdir, rmdir). One stat of the folder then stands for its readdir: at 50,000 requests a
 * thread's half of the ~307,000 folders took 1.4-1.7 s to list and 0.4 s to stat
 * (docs/performance.md, "The content scan"). Files are still statted one
 * by one: an edit in place changes a file, not its folder.
 *
 * A folder modified within RACY_MS of the walk is recorded without a signature (a second
 * change in the same clock tick could keep it), as files are. The listings are one file,
 * `listings.v8` in the parse cache's folder, replaced whole (a temporary file, then a rename)
 * when a walk listed any request folder again; a missing, damaged or older one only costs
 * the readdirs.
 */
import { lstatSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { signatureOfStats } from '../lib/file-digests.ts';
import { writeAtomically } from '../lib/files.ts';

/** A folder as a walk listed it: its signature ('' when it was too fresh to trust), its files' names, its folders' names with each one's listing. */
export type Listing = [signature: string, files: string[], folders: [name: string, listing: Listing][]];

/** The file's format, and the rules of what a listing holds (entriesOf's dot names and links): a change of either must change it. */
const VERSION = 1;

/** Where the listings live in the parse cache's folder (content/parse-cache.ts). */
export const listingsIn = (parseCacheDir: string) => join(parseCacheDir, 'listings.v8');

interface ListingsFile {
  version: number;
  /** By request folder name: its Listing as JSON, parsed only by the thread that walks the folder. */
  folders: ReadonlyMap<string, string>;
}

/** The listings kept at `path`, by request folder name (each parsed with parseListing); empty when there are none or they cannot be read. */
export function readListings(path: string | undefined): ReadonlyMap<string, string> {
  if (path === undefined) return new Map();
  try {
    const file = deserialize(readFileSync(path)) as ListingsFile;
    if (file?.version === VERSION && file.folders instanceof Map) return file.folders;
  } catch {
    // Missing or damaged: every folder is listed, and the next walk writes the file again.
  }
  return new Map();
}

/** A folder's listing as readListings keeps it, or undefined when it is not one (a damaged file only costs the readdirs). */
export function parseListing(json: string | undefined): Listing | undefined {
  if (json === undefined) return undefined;
  try {
    const listing = JSON.parse(json) as unknown;
    return isListing(listing) ? listing : undefined;
  } catch {
    return undefined;
  }
}

function isListing(value: unknown): value is Listing {
  if (!Array.isArray(value) || value.length !== 3 || typeof value[0] !== 'string' || !Array.isArray(value[1]) || !Array.isArray(value[2])) return false;
  return value[1].every((name) => typeof name === 'string') && value[2].every((entry) => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string' && isListing(entry[1]));
}

export function saveListings(path: string, folders: ReadonlyMap<string, string>): void {
  mkdirSync(dirname(path), { recursive: true });
  writeAtomically(path, serialize({ version: VERSION, folders } satisfies ListingsFile));
}

/**
 * The entries of a folder that a walk takes: the names of its regular files and of its
 * folders, names that start with a dot left out, symbolic links neither listed nor followed.
 * One `readdirSync`: fast-glob's matching of each entry made the walk of 710,000 files at 50,000
 * requests take 6.7-7.5 s, Node's `recursive` option (a Dirent with its parent's path for every
 * entry, and `.git/` walked too) 3.9-5.7 s, this 2.8-2.9 s (docs/performance.md, "The
 * content scan").
 */
export function entriesOf(absolute: string): { files: string[]; folders: string[] } {
  const files: string[] = [];
  const folders: string[] = [];
  for (const entry of readdirSync(absolute, { withFileTypes: true })) {
    const { name } = entry;
    if (name.startsWith('.')) continue;
    if (entry.isFile()) files.push(name);
    else if (entry.isDirectory()) folders.push(name);
  }
  return { files, folders };
}

/** How a walk came by its folders' entries. */
export interface ListingCounts {
  /** Folders whose recorded listing held (a stat). */
  known: number;
  /** Folders read (a readdir). */
  listed: number;
}

/**
 * Every regular file under `absolute` (pushed to `files` as `prefix` and its path), as
 * entriesOf takes them; each folder's entries from `known` when its signature is the recorded
 * one, else read. Returns the folder's listing and whether it (or a folder under it) was read, which
 * then needs to be recorded again. `started`: when the walk began (Date.now()).
 */
export function listFolder(absolute: string, prefix: string, files: string[], known: Listing | undefined, started: number, counts: ListingCounts): { listing: Listing; read: boolean } {
  // Not followed if a link took the folder's place since its parent was listed.
  const info = lstatSync(absolute, { bigint: true, throwIfNoEntry: false });
  const stat = info?.isDirectory() ? signatureOfStats(info, started, 'base64') : undefined;
  let names: string[];
  let folders: string[];
  let read = false;
  if (stat && known && known[0] === stat.signature) {
    counts.known++;
    names = known[1];
    folders = known[2].map(([name]) => name);
  } else {
    // Gone since its parent was listed: the readdir fails, and the walk with it, as without listings.
    counts.listed++;
    read = true;
    ({ files: names, folders } = entriesOf(absolute));
  }
  for (const name of names) files.push(prefix + name);
  const under = folders.map((name): [string, Listing] => {
    const sub = listFolder(absolute + sep + name, `${prefix}${name}/`, files, known?.[2].find(([known]) => known === name)?.[1], started, counts);
    read ||= sub.read;
    return [name, sub.listing];
  });
  return { listing: [stat?.trusted ? stat.signature : '', names, under], read };
}

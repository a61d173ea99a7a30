/**
 * The only code of the importer that writes into content/ (docs/import.md, "A source it does not
 * control"). Every path it is given is checked before a byte is written: each segment by the
 * name rule (names.ts), the whole resolved (symbolic links included) to stay under the content
 * root. Bytes are first written in a staging folder under the cache (on the same disk, so a
 * rename moves them) and moved into place whole; a file is replaced only when its bytes change.
 * An interrupted import leaves nothing in content/ but whole files: what it had not moved stays
 * in the staging folder, which the next run empties first (and the `<name>.import-<hex>` files
 * earlier versions wrote beside their targets are removed when the writer opens).
 */
import { randomBytes } from 'node:crypto';
import { sha256Hash } from '../lib/sha256.ts';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, posix, resolve, sep } from 'node:path';
import { isMissing } from '../lib/files.ts';
import { NameRefused, nameProblem } from './names.ts';

interface WriteCounts {
  written: number;
  unchanged: number;
}

/** The staging folder cannot serve: the import cannot start. */
export class StagingRefused extends Error {
  override name = 'StagingRefused';
}

export interface ContentWriter {
  readonly root: string;
  readonly counts: WriteCounts;
  /** Writes `bytes` to `path` (relative to the root) unless the file holds them already; true when it wrote. */
  put(path: string, bytes: string | Uint8Array): Promise<boolean>;
  /** Moves the staged file `staged` (with its sha256) to `path` unless the file there has those bytes already. */
  commit(path: string, staged: string, sha256: string): Promise<boolean>;
  /** A new, empty staging folder for one object. */
  stage(): Promise<string>;
  /** Removes a staging folder with what is left in it. */
  discard(staged: string): Promise<void>;
  /** The names in a folder of content/ (none when it does not exist). */
  list(dir: string): Promise<string[]>;
  /** The bytes of a file, or null. */
  read(path: string): Promise<Uint8Array | null>;
  /** The size of a file, or null. */
  size(path: string): Promise<number | null>;
  /** The sha256 of a file (hex). */
  sha256(path: string): Promise<string>;
  /** The name of the entry of `dir` whose name starts with `<id>-` (or the id padded with zeros), if any. */
  existingName(dir: string, id: number): Promise<string | null>;
  /** Renames an entry of content/ (a folder or a file named after an old slug). */
  move(from: string, to: string): Promise<void>;
  remove(path: string): Promise<void>;
}

/** The temporary files earlier versions of the importer wrote beside a file (`<name>.import-<8 hex>`). */
const OLD_TEMP = /\.import-[0-9a-f]{8}$/;

/** The folder of a content path as the listings are keyed ('' for the root). */
const dirKey = (path: string) => (posix.dirname(path) === '.' ? '' : posix.dirname(path));

async function sha256OfFile(path: string): Promise<string> {
  const hash = sha256Hash();
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Opens content/ at `root` for writing, with `staging` (emptied now) for what is not yet whole. */
export async function openContentWriter(root: string, staging: string): Promise<ContentWriter> {
  await mkdir(root, { recursive: true });
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  const [rootInfo, stagingInfo] = await Promise.all([stat(root), stat(staging)]);
  if (rootInfo.dev !== stagingInfo.dev) {
    throw new StagingRefused(`the staging folder ${staging} is on another disk than ${root}; files are moved from one to the other whole, so put the cache (--cache) on the disk of the content folder`);
  }
  // Earlier versions of the importer wrote beside the file; a killed run left those behind.
  for (const entry of await readdir(root, { recursive: true })) if (OLD_TEMP.test(entry)) await rm(join(root, entry), { force: true });
  const realRoot = await realpath(root);
  const counts: WriteCounts = { written: 0, unchanged: 0 };
  const listings = new Map<string, string[]>();
  let staged = 0;

  /** The absolute path of `path`, after the checks; throws NameRefused. */
  async function safe(path: string): Promise<string> {
    const segments = path.split('/');
    for (const segment of segments) {
      const problem = nameProblem(segment);
      if (problem) throw new NameRefused(`${path}: the segment ${JSON.stringify(segment.slice(0, 80))} ${problem}; nothing is written there`);
    }
    const target = resolve(root, ...segments);
    if (!target.startsWith(resolve(root) + sep)) throw new NameRefused(`${path} leads out of ${root}; nothing is written there`);
    // A symbolic link on the way may lead elsewhere: the deepest folder that exists must be inside too.
    for (let at = dirname(target); ; at = dirname(at)) {
      let real: string;
      try {
        real = await realpath(at);
      } catch (error) {
        if (isMissing(error)) continue;
        throw error;
      }
      if (real !== realRoot && !real.startsWith(realRoot + sep)) throw new NameRefused(`${path} leads through a link out of ${root}; nothing is written there`);
      return target;
    }
  }
  const listing = async (dir: string) => {
    let names = listings.get(dir);
    if (!names) {
      try {
        names = (await readdir(dir === '' ? root : await safe(dir))).sort();
      } catch (error) {
        if (!isMissing(error)) throw error;
        names = [];
      }
      listings.set(dir, names);
    }
    return names;
  };
  const read = async (path: string) => {
    try {
      return new Uint8Array(await readFile(await safe(path)));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  /** Moves `from` (staged) to `path`. */
  async function place(path: string, from: string) {
    const target = await safe(path);
    await mkdir(dirname(target), { recursive: true });
    await rename(from, target);
    listings.delete(dirKey(path));
    counts.written++;
  }
  return {
    root,
    counts,
    read,
    async size(path) {
      try {
        return (await stat(await safe(path))).size;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    sha256: async (path) => sha256OfFile(await safe(path)),
    list: async (dir) => [...(await listing(dir))],
    async put(path, content) {
      const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
      const old = await read(path);
      if (old && Buffer.compare(old, bytes) === 0) {
        counts.unchanged++;
        return false;
      }
      const temp = join(staging, `put-${randomBytes(6).toString('hex')}`);
      await writeFile(temp, bytes);
      await place(path, temp);
      return true;
    },
    async commit(path, from, sha256) {
      const target = await safe(path);
      const old = await stat(target).catch(() => null);
      if (old?.isFile() && old.size === (await stat(from)).size && (await sha256OfFile(target)) === sha256) {
        counts.unchanged++;
        await rm(from, { force: true });
        return false;
      }
      await place(path, from);
      return true;
    },
    async stage() {
      const dir = join(staging, `object-${++staged}-${randomBytes(4).toString('hex')}`);
      await mkdir(dir);
      return dir;
    },
    discard: (dir) => rm(dir, { recursive: true, force: true }),
    async existingName(dir, id) {
      const pattern = new RegExp(`^0*${id}-`);
      return (await listing(dir)).find((name) => pattern.test(name)) ?? null;
    },
    async move(from, to) {
      const [source, target] = [await safe(from), await safe(to)];
      await mkdir(dirname(target), { recursive: true });
      await rename(source, target);
      listings.delete(dirKey(from));
      listings.delete(dirKey(to));
    },
    async remove(path) {
      await rm(await safe(path), { recursive: true, force: true });
      listings.delete(dirKey(path));
    },
  };
}

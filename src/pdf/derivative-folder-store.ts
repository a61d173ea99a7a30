/**
 * The derivative store in a folder (`.cache/archive` by default):
 *
 *   <dir>/entries/<key>.json      entries (cache.ts decides the keys)
 *   <dir>/files/<hex 0..2>/<hex>  files, named by the sha256 of their bytes
 *   <dir>/tmp/                    files being written
 *
 * Every write goes to a temporary file that is renamed into place when complete, so a killed
 * process leaves at most a temporary file (swept after an hour), never a partial entry or
 * file under its final name. No fsync: this guards against killed builds, not power cuts
 * (after one, `verify: 'full'` re-hashes every file).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { isMissing, readTextOrNull, sizeOrNull, sweepStaleTemp } from '../lib/files.ts';
import { assertDerivativeEntryKey, assertFileHash, type DerivativeStore } from './derivative-store.ts';


export function folderDerivativeStore(folder: string): DerivativeStore {
  const root = resolve(folder);
  const tmp = join(root, 'tmp');
  const entryPath = (key: string) => join(root, 'entries', `${key}.json`);
  const filePath = (hash: string) => join(root, 'files', hash.slice(0, 2), hash);
  const made = new Set<string>();
  const ensureDir = async (dir: string) => {
    if (made.has(dir)) return;
    await mkdir(dir, { recursive: true });
    made.add(dir);
  };

  async function writeAtomically(target: string, data: Uint8Array | string): Promise<void> {
    await ensureDir(tmp);
    const temp = join(tmp, randomUUID());
    try {
      await writeFile(temp, data);
      await ensureDir(dirname(target));
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  return {
    description: `folder ${folder}`,

    async getEntry(key) {
      assertDerivativeEntryKey(key);
      return readTextOrNull(entryPath(key));
    },

    async commitEntry(key, text) {
      assertDerivativeEntryKey(key);
      await writeAtomically(entryPath(key), text);
    },

    async deleteEntry(key) {
      assertDerivativeEntryKey(key);
      await rm(entryPath(key), { force: true });
    },

    async putFile(hash, bytes) {
      assertFileHash(hash);
      const target = filePath(hash);
      // Same hash, same bytes: a file already there (a blank page, a second copy of a PDF) stays.
      if ((await sizeOrNull(target)) === bytes.byteLength) return;
      await writeAtomically(target, bytes);
    },

    async confirmEntry() {
      // One side only: nothing to copy.
    },

    async hasFile(hash, size) {
      assertFileHash(hash);
      return (await sizeOrNull(filePath(hash))) === size;
    },

    async getFile(hash) {
      assertFileHash(hash);
      try {
        return await readFile(filePath(hash));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async localFile(hash) {
      assertFileHash(hash);
      if ((await sizeOrNull(filePath(hash))) === null) throw new Error(`${hash} is missing from the folder ${folder}`);
      return filePath(hash);
    },

    async sweep() {
      await sweepStaleTemp(tmp);
    },

    async finish() {
      // Nothing claimed.
    },
  };
}

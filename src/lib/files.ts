/**
 * Small file-system facts the folder stores and the build's caches share (src/media/media-folder-store.ts,
 * src/pdf/derivative-folder-store.ts, src/content/parse-cache.ts, lib/file-digests.ts): what counts as a
 * missing file, reading one that may be missing, replacing a file whole, and sweeping the
 * temporary files a killed process left behind.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize } from 'node:v8';

/** Temporary files older than this belong to a killed process, not to a write under way. */
export const STALE_TEMP_MS = 60 * 60_000;

/** Whether `error` says that a path (or a folder on it) does not exist. */
export function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** The file's text, or null when it does not exist; other errors reject. */
export async function readTextOrNull(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** The file's size, or null when it does not exist; other errors reject. */
export async function sizeOrNull(path: string): Promise<number | null> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** Removes the entries of `dir` last changed before `now - STALE_TEMP_MS`; a missing `dir` is no error. */
export async function sweepStaleTemp(dir: string, now = Date.now()): Promise<void> {
  const cutoff = now - STALE_TEMP_MS;
  const names = await readdir(dir).catch((error: unknown) => (isMissing(error) ? [] : Promise.reject(error)));
  await Promise.all(
    names.map(async (name) => {
      const info = await stat(join(dir, name)).catch(() => null);
      if (info && info.mtimeMs < cutoff) await rm(join(dir, name), { recursive: true, force: true });
    }),
  );
}

/**
 * Writes `bytes` to `target` through a temporary sibling (`<target>.tmp-…`) and a rename, so a
 * reader or a killed writer sees the old file or the new one, never a part.
 */
export function writeAtomically(target: string, bytes: Uint8Array): void {
  const temporary = temporarySibling(target);
  writeFileSync(temporary, bytes);
  renameSync(temporary, target);
}

/** A new name beside `target` (`<target>.tmp-<pid>-<random>`) for a file being written: the name sweepStaleTempSync knows. */
export const temporarySibling = (target: string) => `${target}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;

/**
 * A cache file written as one v8-serialized object that names the code version it was made by
 * (`{ version, ... }`): the object when its version is `version` and `valid` accepts it, else
 * undefined (missing, damaged, another version or another layout: a cache only costs time).
 */
export function readVersioned<T extends { version: string }>(path: string, version: string, valid: (read: T) => boolean): T | undefined {
  try {
    const read = deserialize(readFileSync(path)) as T;
    return read.version === version && valid(read) ? read : undefined;
  } catch {
    return undefined;
  }
}

/** sweepStaleTemp for the `.tmp-` files of writeAtomically, synchronously; a write under way elsewhere is younger. */
export function sweepStaleTempSync(dir: string, now = Date.now()): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.includes('.tmp-')) continue;
    const info = statSync(join(dir, name), { throwIfNoEntry: false });
    if (info && info.mtimeMs < now - STALE_TEMP_MS) rmSync(join(dir, name), { force: true });
  }
}

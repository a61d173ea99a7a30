/**
 * Small file-system facts the two folder stores share (src/media/folder-store.ts,
 * src/pdf/folder-store.ts): what counts as a missing file, reading one that may be missing,
 * and sweeping the temporary files a killed process left behind.
 */
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

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

/**
 * The file-system BuildStore (src/serve/shared/build-store.ts) for the local preview and tests.
 */
import { open, readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { isMissing } from '../../lib/files.ts';
import { isSafeRelativePath, readWithParts, type BuildStore } from './build-store.ts';

export function fsBuildStore(buildDir: string): BuildStore {
  const root = resolve(buildDir);
  return { read: (path) => readWithParts(path, readRaw), readRange };

  async function readRange(path: string, start: number, end: number): Promise<Uint8Array | null> {
    const file = fileInside(root, path);
    if (file === null) return null;
    let handle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw error;
    }
    try {
      const buffer = new Uint8Array(Math.max(0, end - start));
      let filled = 0;
      while (filled < buffer.byteLength) {
        const { bytesRead } = await handle.read(buffer, filled, buffer.byteLength - filled, start + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return buffer.subarray(0, filled);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw error;
    } finally {
      await handle.close();
    }
  }

  async function readRaw(path: string): Promise<Uint8Array | null> {
    const file = fileInside(root, path);
    if (file === null) return null;
    try {
      return await readFile(file);
    } catch (error) {
      // A folder where a file is expected is missing too (a request for `api/v1/message/0`).
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw error;
    }
  }
}

/** The file a build-relative path names under `root` (an absolute path), or null for a path that could leave it. */
export function fileInside(root: string, path: string): string | null {
  if (!isSafeRelativePath(path)) return null;
  const file = join(root, ...path.split('/'));
  return file.startsWith(root + sep) ? file : null;
}

/**
 * The file-system Store (src/serve/shared/store.ts) for the local preview and tests.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { isSafeRelativePath, readWithParts, type Store } from './store.ts';

export function fsStore(buildDir: string): Store {
  const root = resolve(buildDir);
  return { read: (path) => readWithParts(path, readRaw) };

  async function readRaw(path: string): Promise<Uint8Array | null> {
    if (!isSafeRelativePath(path)) return null;
    const file = join(root, ...path.split('/'));
    if (!file.startsWith(root + sep)) return null;
    try {
      return await readFile(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
      throw error;
    }
  }
}

/**
 * The file-system Store (src/serve/store.ts) for the local preview and tests.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { isSafeRelativePath, type Store } from './store.ts';

export function fsStore(buildDir: string): Store {
  const root = resolve(buildDir);
  return {
    async read(path) {
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
    },
  };
}

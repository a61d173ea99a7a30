/** The content reader for a directory on disk. */
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import fg from 'fast-glob';
import type { ContentReader } from './load.ts';

export function diskReader(contentDir: string): ContentReader {
  const root = resolve(contentDir);
  return {
    async glob(pattern) {
      const files = await fg(pattern, { cwd: root, onlyFiles: true, dot: false, followSymbolicLinks: false });
      return files.sort();
    },
    readText(path) {
      return readFile(resolve(root, path), 'utf8');
    },
    async size(path) {
      try {
        const info = await stat(resolve(root, path));
        return info.isFile() ? info.size : null;
      } catch {
        return null;
      }
    },
    absolute(path) {
      return resolve(root, path);
    },
  };
}

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

/** A fresh temp folder per test, removed afterwards. */
export function useTempDir(): { path: () => string; write: (name: string, bytes: Uint8Array) => Promise<string> } {
  let dir: string | null = null;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = null;
  });
  const path = () => {
    if (!dir) throw new Error('call ensure() in beforeEach');
    return dir;
  };
  return {
    path: () => path(),
    write: async (name, bytes) => {
      dir ??= await mkdtemp(join(tmpdir(), 'pdf-test-'));
      const file = join(dir, name);
      await writeFile(file, bytes);
      return file;
    },
  };
}

export async function makeTempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'pdf-test-'));
}

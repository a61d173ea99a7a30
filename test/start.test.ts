/**
 * The watching preview's rebuilds (src/start.ts) with the real watcher: each rebuild is told
 * the paths that changed since the last one began, and whether they are all of them, which a
 * rebuild that walks only those paths (content/scan-memory.ts) relies on.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Logger } from '../src/log.ts';
import { startWatchingPreview, type ContentChanges } from '../src/start.ts';
import { tempDir } from './helpers/content.ts';

let dir: Awaited<ReturnType<typeof tempDir>>;

beforeEach(async () => {
  dir = await tempDir('archive-watch-');
  mkdirSync(join(dir.path, 'requests/1-a'), { recursive: true });
  writeFileSync(join(dir.path, 'site.yaml'), 'title: x\n');
  writeFileSync(join(dir.path, 'requests/1-a/request.yaml'), 'id: 1\n');
});
afterEach(() => dir.remove());

it('tells each rebuild what changed since the last one began, and whether the watcher saw every change', async () => {
  const rebuilds: { paths: string[]; complete: boolean }[] = [];
  const lines: string[] = [];
  const log: Logger = { info: (line) => void lines.push(line), warn: (line) => void lines.push(line), error: (line) => void lines.push(line) };
  const preview = await startWatchingPreview({
    contentDir: dir.path,
    rebuild: async ({ paths, complete }: ContentChanges) => {
      rebuilds.push({ paths: [...paths], complete });
      return { ok: true };
    },
    hasBuild: () => false,
    serve: () => Promise.reject(new Error('nothing is served here')),
    log,
    quietMs: 20,
  });
  try {
    expect(preview.watching).toBe(true);
    // The first rebuild began before the watcher was ready.
    expect(rebuilds).toEqual([{ paths: [], complete: false }]);
    const changed = async (path: string) => {
      const count = rebuilds.length;
      writeFileSync(join(dir.path, path), `${path} ${Date.now()}\n`);
      const end = Date.now() + 30_000;
      while (rebuilds.length === count || rebuilds.at(-1)!.paths.length === 0) {
        if (Date.now() > end) throw new Error(`no rebuild after ${path}: ${lines.join('\n')}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await preview.idle();
      return rebuilds.at(-1)!;
    };
    // Its successor is complete only if the watcher was ready when the first rebuild began
    // (here it may be: the folder is small, and the first rebuild waits for quiet).
    expect((await changed('requests/1-a/request.yaml')).paths).toEqual(['requests/1-a/request.yaml']);
    // From then on the watcher saw every change since the last rebuild began.
    expect(await changed('site.yaml')).toEqual({ paths: ['site.yaml'], complete: true });
    expect(await changed('requests/1-a/request.yaml')).toEqual({ paths: ['requests/1-a/request.yaml'], complete: true });
  } finally {
    await preview.close();
  }
}, 60_000);

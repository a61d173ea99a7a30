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
  // Enough folders that the watcher's crawl outlasts the start of the first rebuild.
  for (let id = 2; id < 3000; id++) mkdirSync(join(dir.path, `requests/${id}-b/messages`), { recursive: true });
});
afterEach(() => dir.remove());

/** A watching preview whose rebuilds record what they are told; `first` is how the first one ends. */
async function watching(first: { ms: number; ok: boolean }) {
  const rebuilds: { paths: string[]; complete: boolean }[] = [];
  const lines: string[] = [];
  const log: Logger = { info: (line) => void lines.push(line), warn: (line) => void lines.push(line), error: (line) => void lines.push(line) };
  const preview = await startWatchingPreview({
    contentDir: dir.path,
    rebuild: async ({ paths, complete }: ContentChanges) => {
      rebuilds.push({ paths: [...paths], complete });
      if (rebuilds.length > 1) return { ok: true };
      await new Promise((resolve) => setTimeout(resolve, first.ms));
      return first.ok ? { ok: true } : { ok: false, problems: [] };
    },
    hasBuild: () => false,
    serve: () => Promise.reject(new Error('nothing is served here')),
    log,
    // The first rebuild begins after 20 ms, before the watcher's crawl of ~6,000 folders (~125 ms) is done.
    quietMs: 20,
  });
  /** Writes `path`, waits for the rebuilds it starts, and gives them. */
  const changed = async (path: string) => {
    const count = rebuilds.length;
    writeFileSync(join(dir.path, path), `${path} ${Date.now()}\n`);
    const end = Date.now() + 30_000;
    while (rebuilds.length === count) {
      if (Date.now() > end) throw new Error(`no rebuild after ${path}: ${lines.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Events of the same write that come late are rebuilt too before the next write.
    await preview.idle();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await preview.idle();
    return rebuilds.slice(count);
  };
  /** Expects each change to be told alone, as complete. */
  const toldEach = async (...paths: string[]) => {
    for (const path of paths) {
      const after = await changed(path);
      expect(after[0]).toEqual({ paths: [path], complete: true });
      expect(after.every((rebuild) => rebuild.complete && rebuild.paths.every((each) => each === path))).toBe(true);
    }
  };
  return { preview, rebuilds, lines, changed, toldEach };
}

const ONCE_MORE = () => `watching ${dir.path}/ from now on: walking it once more, so that each rebuild walks only what changed`;

it('tells each rebuild what changed since the last one began, and whether the watcher saw every change', async () => {
  // The first rebuild takes a while, as a large archive's does: the watcher is ready before it ends.
  const { preview, rebuilds, lines, toldEach } = await watching({ ms: 500, ok: true });
  try {
    expect(preview.watching).toBe(true);
    // The first rebuild began before the watcher was ready: the watcher's start queued one
    // more, which walks all of content/ (told nothing, and not complete either).
    expect(rebuilds).toEqual([
      { paths: [], complete: false },
      { paths: [], complete: false },
    ]);
    expect(lines).toContain(ONCE_MORE());
    // From then on every rebuild began after the watcher was ready: each is told every change.
    await toldEach('requests/1-a/request.yaml', 'site.yaml');
  } finally {
    await preview.close();
  }
}, 60_000);

it('walks all of content/ again with the fix, not once more after a first build that failed', async () => {
  // The first rebuild fails at once, before the watcher is ready.
  const { preview, rebuilds, lines, changed, toldEach } = await watching({ ms: 0, ok: false });
  try {
    expect(rebuilds).toEqual([{ paths: [], complete: false }]);
    expect(lines).not.toContain(ONCE_MORE());
    // The fix is not told every change since the failed build began; the edit after it is.
    const fix = await changed('requests/1-a/request.yaml');
    expect(fix[0]).toEqual({ paths: ['requests/1-a/request.yaml'], complete: false });
    expect(fix.slice(1).every((rebuild) => rebuild.complete)).toBe(true);
    await toldEach('site.yaml');
  } finally {
    await preview.close();
  }
}, 60_000);

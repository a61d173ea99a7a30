/**
 * The PDF stage under a time budget: the order of work, two passes, pending
 * results, resuming from part entries, shards. The budget's clock counts finished pages (one
 * second each), so where a run stops does not depend on the machine's speed.
 */
import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entryKey } from '../../src/pdf/cache.ts';
import { folderDerivativeStore, parseDeriveShare, processPdfs, type PdfJob, type PdfOptions, type PdfResult, type PdfRunStats } from '../../src/pdf/index.ts';
import { fillerPages, writePdf } from '../../tools/pdf-writer.ts';
import { makeTempDir } from './helpers/temp.ts';

let dir: string;
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function pdf(name: string, pages: number): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, await writePdf({ title: name, pages: fillerPages(pages, 1) }));
  return file;
}

/** A clock that advances one second with every page the workers finish (both passes), read from the progress reports. */
function pageClock() {
  let before = 0;
  let current = 0;
  return {
    now: () => (before + current) * 1000,
    progress: {
      start() {},
      update: (state: { pagesDone: number }) => void (current = state.pagesDone),
      stop: (state: { pagesDone: number }) => void ((before += state.pagesDone), (current = 0)),
    },
  };
}

async function run(jobs: PdfJob[], cache: string, options: Partial<PdfOptions> = {}) {
  const clock = pageClock();
  let stats: PdfRunStats | undefined;
  const results = await processPdfs(jobs, {
    store: folderDerivativeStore(cache),
    concurrency: 1,
    clock: clock.now,
    progress: clock.progress,
    onStats: (s) => (stats = s),
    ...options,
  });
  return { results, stats: stats! };
}

/** What a result publishes, without the cache paths (they differ between caches). */
function published(result: PdfResult | undefined) {
  if (!result?.ok) return result;
  if (result.pending) return result;
  return { facts: result.facts, webp: result.webp, images: result.images.map(({ name, sha256, size }) => ({ name, sha256, size })) };
}

describe('PDF work under a budget', () => {
  it('starts nothing with a spent budget: every PDF is pending, with its size and hash', async () => {
    const file = await pdf('a.pdf', 2);
    const { results, stats } = await run([{ id: 'a', file, images: true }], join(dir, 'cache'), { budgetMs: 0 });
    expect(results.get('a')).toEqual({ ok: true, pending: true, sha256: expect.stringMatching(/^[0-9a-f]{64}$/), fileSize: expect.any(Number), known: null });
    expect(stats).toMatchObject({ pdfs: 1, pending: 1, derived: 0, pagesDerived: 0, budget: { limitMs: 0, stopped: true } });
  });

  it('works in the order of the jobs, first passes before any WebP, and the next run continues to the same result as one unlimited run', async () => {
    const jobs = [
      { id: 'first', file: await pdf('c.pdf', 2), images: true },
      { id: 'second', file: await pdf('a.pdf', 2), images: true },
      { id: 'third', file: await pdf('b.pdf', 2), images: true },
    ];
    const cache = join(dir, 'cache');
    // 3 pages of budget: the first PDF's two pages, then one part of the second may start; the third does not.
    const stopped = await run(jobs, cache, { budgetMs: 3000 });
    expect(stopped.results.get('first')).toMatchObject({ ok: true, pending: false, webp: false });
    expect(stopped.results.get('second')).toMatchObject({ ok: true, pending: false, webp: false });
    expect(stopped.results.get('third')).toMatchObject({ ok: true, pending: true });
    expect(stopped.stats).toMatchObject({ derived: 2, webpDerived: 0, pending: 1, webpPending: 2, budget: { stopped: true } });

    const continued = await run(jobs, cache);
    expect(continued.stats).toMatchObject({ cacheHits: 2, derived: 1, webpDerived: 3, pending: 0, webpPending: 0, pagesDerived: 6 });
    const unlimited = await run(jobs, join(dir, 'fresh'));
    for (const { id } of jobs) expect(published(continued.results.get(id))).toEqual(published(unlimited.results.get(id)));
    expect(continued.results.get('third')).toMatchObject({ webp: true });
  });

  it('publishes the PNGs of a PDF whose WebP pass the budget stopped, without marking WebP', async () => {
    const file = await pdf('a.pdf', 3);
    const { results } = await run([{ id: 'a', file, images: true }], join(dir, 'cache'), { budgetMs: 3000 });
    const result = results.get('a');
    if (!result?.ok || result.pending) throw new Error('expected the first pass');
    expect(result.webp).toBe(false);
    expect(result.images.map((image) => image.name).sort()).toEqual([1, 2, 3].flatMap((p) => ['large', 'normal', 'original', 'small'].map((s) => `page-p${p}-${s}.png`)).sort());
  });

  it('keeps the finished parts of a long PDF the budget stopped, resumes there, and ends with the entry of an unlimited run', async () => {
    const job = { id: 'long', file: await pdf('long.pdf', 9), images: true };
    const cache = join(dir, 'cache');
    const stopped = await run([job], cache, { budgetMs: 4000, chunkPages: 2 });
    const pending = stopped.results.get('long');
    // Two parts (4 pages) were done: page count, properties and outline are known.
    expect(pending).toMatchObject({ ok: true, pending: true, known: { numPages: 9, properties: { title: 'long.pdf' }, outline: '' } });
    const sha256 = (pending as { sha256: string }).sha256;
    const entries = async () => (await readdir(join(cache, 'entries', entryKey(sha256, 'first'), '..'))).sort();
    expect(await entries()).toEqual([`${sha256}.first-part-1.json`, `${sha256}.first-part-3.json`]);

    const continued = await run([job], cache, { chunkPages: 2 });
    // 5 pages left of the first pass, then 9 of the WebP pass: 9 pages, each counted once.
    expect(continued.stats).toMatchObject({ derived: 1, pagesDerived: 9 });
    expect(await entries()).toEqual([`${sha256}.first.json`, `${sha256}.webp.json`]);
    const unlimited = await run([job], join(dir, 'fresh'), { chunkPages: 2 });
    expect(published(continued.results.get('long'))).toEqual(published(unlimited.results.get('long')));
  });

  it('derives only its shard; the shards together leave nothing for the build to do', async () => {
    const jobs = await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map(async (name) => ({ id: name, file: await pdf(`${name}.pdf`, 1), images: true })));
    const cache = join(dir, 'cache');
    const first = await run(jobs, cache, { shard: parseDeriveShare('1/2') });
    const second = await run(jobs, cache, { shard: parseDeriveShare('2/2') });
    expect(first.stats.derived + second.stats.derived).toBe(6);
    expect(first.stats.derived).toBeGreaterThan(0);
    expect(second.stats.derived).toBeGreaterThan(0);
    expect(first.stats.otherShards).toBe(6 - first.stats.derived);
    const build = await run(jobs, cache, { budgetMs: 0 });
    expect(build.stats).toMatchObject({ cacheHits: 6, pending: 0, webpPending: 0, pagesDerived: 0 });
  });
});

describe('parseShard', () => {
  it('reads i/n and refuses anything else', () => {
    expect(parseDeriveShare('2/4')).toMatchObject({ index: 2, count: 4 });
    for (const bad of ['0/4', '5/4', '2', 'a/b', '1/0']) expect(() => parseDeriveShare(bad)).toThrow(/is not i\/n/);
  });

  it('puts every hash into exactly one shard', () => {
    const shards = [1, 2, 3].map((i) => parseDeriveShare(`${i}/3`));
    for (const hash of ['00', '7f', 'ff', 'a1'].map((start) => start.repeat(32))) expect(shards.filter((shard) => shard.has(hash))).toHaveLength(1);
  });
});

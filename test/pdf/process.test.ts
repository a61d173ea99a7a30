/**
 * processPdfs end to end: real worker threads, real cache on disk. Covers cache hits and
 * corruption and every real-world failure class, each with a bounded time.
 */
import { readdirSync } from 'node:fs';
import { cp, readFile, readdir, rm, truncate as truncateFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ScratchSpool, StoredText, lazyTextOf } from '../../src/lib/stored-text.ts';
import { entryKey } from '../../src/pdf/cache.ts';
import { folderDerivativeStore, processPdfs, type PdfDone, type PdfJob, type PdfOptions, type PdfResult } from '../../src/pdf/index.ts';
import type { PdfRunStats } from '../../src/pdf/index.ts';
import { fillerPages, writePdf } from '../../tools/pdf-writer.ts';
import { breakXref, randomBytes, slowRenderPdf, truncate, zeroPagePdf, hugeOutlinePdf, outlineLoopPdf } from './helpers/raw-pdf.ts';
import { makeTempDir } from './helpers/temp.ts';

let dir: string;
let cacheDir: string;
beforeEach(async () => {
  dir = await makeTempDir();
  cacheDir = join(dir, 'cache');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function put(name: string, bytes: Uint8Array | Promise<Uint8Array>): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, await bytes);
  return file;
}

async function run(jobs: PdfJob[], options: Partial<PdfOptions> = {}): Promise<{ results: Map<string, PdfResult>; stats: PdfRunStats }> {
  let stats: PdfRunStats | undefined;
  const results = await processPdfs(jobs, { store: folderDerivativeStore(cacheDir), concurrency: 2, onStats: (s) => (stats = s), ...options });
  return { results, stats: stats! };
}

function ok(result: PdfResult | undefined): PdfDone {
  if (!result?.ok || result.pending) throw new Error(`expected a derived PDF, got ${JSON.stringify(result)}`);
  return result;
}

const entryFile = (key: string) => join(cacheDir, 'entries', `${key}.json`);

const twoPages = () => writePdf({ title: 'Zwei Seiten', pages: fillerPages(2, 2), outline: [{ title: 'Zwei', page: 2 }] });

/**
 * One cold run, made once for the file, over the two-page PDF with images and a second job on
 * a copy of its bytes: the tests that only read what a first derivation gives share it, and
 * tests that need a filled cache start from a copy of the cache it left (`withDerivedCache`).
 */
const derived = {
  dir: '',
  file: '',
  copy: '',
  cache: '',
  results: new Map<string, PdfResult>(),
  stats: undefined as PdfRunStats | undefined,
};
beforeAll(async () => {
  derived.dir = await makeTempDir();
  derived.file = join(derived.dir, 'a.pdf');
  derived.copy = join(derived.dir, 'b.pdf');
  derived.cache = join(derived.dir, 'cache');
  await writeFile(derived.file, await twoPages());
  await writeFile(derived.copy, await readFile(derived.file));
  derived.results = await processPdfs(
    [
      { id: 'a', file: derived.file, images: true },
      { id: 'b', file: derived.copy, images: true },
    ],
    { store: folderDerivativeStore(derived.cache), concurrency: 2, onStats: (s) => (derived.stats = s) },
  );
});
afterAll(async () => {
  await rm(derived.dir, { recursive: true, force: true });
});

/** This test's cache starts as a copy of the one the shared cold run filled; returns that run's PDF (read only). */
async function withDerivedCache(): Promise<string> {
  await cp(derived.cache, cacheDir, { recursive: true });
  return derived.file;
}

describe('processPdfs', () => {
  it('derives facts and images in workers and serves files from the cache', async () => {
    const { results, stats } = derived;
    const r = ok(results.get('a'));
    expect(r.facts).toMatchObject({ numPages: 2, properties: { title: 'Zwei Seiten' }, outline: '- [Zwei](#page-2)\n' });
    expect(r.facts.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(r.webp).toBe(true);
    expect(r.images).toHaveLength(2 * 4 * 2);
    for (const image of r.images) expect(await image.local()).toBe(join(derived.cache, 'files', image.sha256.slice(0, 2), image.sha256));
    const cover = r.images.find((i) => i.name === 'page-p1-small.png')!;
    expect((await sharp(await cover.local()).metadata()).width).toBe(180);
    expect((await sharp(await r.images.find((i) => i.name === 'page-p1-small.png.webp')!.local()).metadata()).format).toBe('webp');
    // Both passes over two pages (PNGs, then WebP siblings): each page counts once.
    expect(stats).toMatchObject({ cacheHits: 0, derived: 1, webpDerived: 1, pagesDerived: 2, pending: 0, webpPending: 0 });
  });

  it('does no PDF work for unchanged PDFs on the next run', async () => {
    // The shared cold run derived this PDF into the cache this test starts from.
    const file = await withDerivedCache();
    const first = ok(derived.results.get('a'));
    const copy = await put('copy.pdf', readFile(file));
    const { results, stats } = await run([
      { id: 'a', file, images: true },
      { id: 'same bytes, other name', file: copy, images: true },
      { id: 'facts only', file, images: false },
    ]);
    expect(stats).toMatchObject({ cacheHits: 2, derived: 0, pagesDerived: 0 });
    const files = (result: PdfDone) => result.images.map(({ name, sha256, size }) => ({ name, sha256, size }));
    expect({ ...ok(results.get('a')), images: files(ok(results.get('a'))) }).toEqual({ ...first, images: files(first) });
    expect(files(ok(results.get('same bytes, other name')))).toEqual(files(first));
    expect(ok(results.get('facts only'))).toEqual({ ok: true, pending: false, facts: first.facts, images: [], webp: false });
  });

  it('derives once for jobs that share the same bytes', async () => {
    // The shared cold run had two jobs, 'a' and 'b', on the same bytes in two files.
    const { results, stats } = derived;
    expect(await readFile(derived.copy)).toEqual(await readFile(derived.file));
    expect(stats).toMatchObject({ derived: 1, webpDerived: 1, pagesDerived: 2 });
    expect(ok(results.get('b')).facts).toEqual(ok(results.get('a')).facts);
  });

  it('recomputes an entry whose image was truncated', async () => {
    const file = await withDerivedCache();
    // A cache hit: the entry as the cold run left it, its files in this test's cache.
    const first = ok((await run([{ id: 'a', file, images: true }])).results.get('a'));
    const victim = first.images.find((i) => i.name === 'page-p2-large.png.webp')!;
    await truncateFile(await victim.local(), 10);
    const { results, stats } = await run([{ id: 'a', file, images: true }]);
    // Only the WebP entry lists the damaged file: the first pass stays, the second is made again.
    expect(stats).toMatchObject({ corrupt: 1, cacheHits: 1, derived: 0, webpDerived: 1 });
    const again = ok(results.get('a'));
    expect((await sharp(await again.images.find((i) => i.name === victim.name)!.local()).metadata()).width).toBe(1000);
  });

  it('recomputes an entry whose entry.json was edited, and re-hashes files in full mode', async () => {
    const file = await withDerivedCache();
    // A cache hit: the entry as the cold run left it, its files in this test's cache.
    const first = ok((await run([{ id: 'a', file, images: true }])).results.get('a'));
    const entry = entryFile(entryKey(first.facts.sha256, 'first'));
    await writeFile(entry, (await readFile(entry, 'utf8')).replace('Zwei Seiten', 'Drei Seiten'));
    expect((await run([{ id: 'a', file, images: true }])).stats).toMatchObject({ corrupt: 1, derived: 1 });

    // Same size, different bytes: only the full check notices.
    const image = await first.images.find((i) => i.name === 'page-p1-normal.png')!.local();
    const bytes = await readFile(image);
    bytes[bytes.length - 20]! ^= 0xff;
    await writeFile(image, bytes);
    expect((await run([{ id: 'a', file, images: true }])).stats).toMatchObject({ corrupt: 0, cacheHits: 1 });
    expect((await run([{ id: 'a', file, images: true }], { verify: 'full' })).stats).toMatchObject({ corrupt: 1, derived: 1 });
  });

  it('splits long PDFs into parts on several workers and merges them into one entry', async () => {
    const spec = { title: 'Lang', pages: fillerPages(5, 1), outline: [{ title: 'Fünf', page: 5 }] };
    const file = await put('long.pdf', writePdf(spec));
    const { results, stats } = await run([{ id: 'long', file, images: true }], { chunkPages: 2 });
    const r = ok(results.get('long'));
    expect(stats).toMatchObject({ derived: 1, pagesDerived: 5 });
    expect(r.facts).toMatchObject({ numPages: 5, properties: { title: 'Lang' }, outline: '- [Fünf](#page-5)\n' });
    expect(r.facts.pages.map((p) => p.number)).toEqual([1, 2, 3, 4, 5]);
    expect(r.facts.pages[4]!.text).toMatch(/^Page 5, paragraph 1/);
    expect(r.images).toHaveLength(5 * 8);
    expect(new Set(r.images.map((i) => i.name)).size).toBe(5 * 8);
    // The parts' entries go once the whole entry is there.
    expect(await readdir(join(cacheDir, 'entries', entryKey(r.facts.sha256, 'first'), '..'))).toEqual([
      `${r.facts.sha256}.first.json`,
      `${r.facts.sha256}.webp.json`,
    ]);
    expect((await sharp(await r.images.find((i) => i.name === 'page-p5-small.png')!.local()).metadata()).width).toBe(180);
  });

  it('keeps page texts in a spool when given one, derived or from the cache, and the spool leaves no file', async () => {
    const file = await put('long.pdf', writePdf({ title: 'Lang', pages: fillerPages(5, 1) }));
    const plain = ok((await run([{ id: 'a', file, images: false }])).results.get('a')).facts.pages.map((page) => page.text);
    expect(plain[4]).toMatch(/^Page 5, paragraph 1/);
    await rm(cacheDir, { recursive: true });
    const fds = () => readdirSync('/proc/self/fd').length;
    const before = fds();
    const spoolDir = join(dir, 'texts');
    for (const source of ['derived', 'cache']) {
      const texts = new ScratchSpool(spoolDir);
      const { results, stats } = await run([{ id: 'a', file, images: false }], { texts });
      expect(stats.cacheHits, source).toBe(source === 'cache' ? 1 : 0);
      const pages = ok(results.get('a')).facts.pages;
      expect(pages.every((page) => page.text instanceof StoredText), source).toBe(true);
      expect(pages.map((page) => lazyTextOf(page.text)), source).toEqual(plain);
      // Removed from its folder when opened: a killed build leaves nothing to sweep.
      expect(await readdir(spoolDir)).toEqual([]);
      texts.close();
      expect(() => lazyTextOf(pages[0]!.text)).toThrow(/after its build closed/);
    }
    expect(fds()).toBe(before);
  });

  it('leaves no temporary files behind', async () => {
    // After the shared cold run, which derived both passes.
    expect(derived.stats).toMatchObject({ derived: 1, webpDerived: 1 });
    expect(await readdir(join(derived.cache, 'tmp'))).toEqual([]);
  });
});

describe('real-world failure classes', () => {
  const failure = (r: PdfResult | undefined) => {
    if (!r || r.ok) throw new Error(`expected a failure, got ${JSON.stringify(r)}`);
    return r;
  };

  it('gives each broken file its defined outcome, fast', async () => {
    const cases: Record<string, Uint8Array | Promise<Uint8Array>> = {
      'encrypted-user.pdf': writePdf({ pages: fillerPages(1), encryption: { userPassword: 'u', ownerPassword: 'o' } }),
      'encrypted-owner.pdf': writePdf({ pages: fillerPages(1), encryption: { ownerPassword: 'o' } }),
      'zero-pages.pdf': zeroPagePdf(),
      'truncated.pdf': twoPages().then((b) => truncate(b, 0.5)),
      'broken-xref.pdf': twoPages().then(breakXref),
      'outline-loop.pdf': outlineLoopPdf(),
      'outline-5000.pdf': hugeOutlinePdf(5000),
      'random.pdf': randomBytes(20_000),
      'html.pdf': new TextEncoder().encode('<!doctype html><title>502 Bad Gateway</title>'),
      'empty.pdf': new Uint8Array(0),
    };
    const jobs: PdfJob[] = [];
    for (const [name, bytes] of Object.entries(cases)) jobs.push({ id: name, file: await put(name, bytes), images: false });
    jobs.push({ id: 'missing.pdf', file: join(dir, 'missing.pdf'), images: false });
    const started = Date.now();
    const { results } = await run(jobs);
    expect(Date.now() - started).toBeLessThan(20_000);

    expect(failure(results.get('encrypted-user.pdf')).reason).toBe('password-required');
    expect(ok(results.get('encrypted-owner.pdf')).facts.numPages).toBe(1);
    expect(failure(results.get('zero-pages.pdf')).reason).toBe('no-pages');
    expect(failure(results.get('truncated.pdf'))).toMatchObject({ reason: 'unreadable', message: expect.stringMatching(/damaged PDF/) });
    expect(ok(results.get('broken-xref.pdf')).facts).toMatchObject({ numPages: 2, outline: '- [Zwei](#page-2)\n' });
    expect(ok(results.get('outline-loop.pdf')).facts.outline).toBe('- [A](#page-1)\n- [B](#page-2)\n');
    expect(ok(results.get('outline-5000.pdf')).facts.outline.split('\n')).toHaveLength(5001);
    for (const name of ['random.pdf', 'html.pdf', 'empty.pdf']) expect(failure(results.get(name)).reason).toBe('not-a-pdf');
    expect(failure(results.get('missing.pdf')).reason).toBe('io-error');
  });

  it('caches properties of the file (password, not a PDF), not run-dependent failures', async () => {
    const encrypted = await put('enc.pdf', writePdf({ pages: fillerPages(1), encryption: { userPassword: 'u', ownerPassword: 'o' } }));
    const truncated = await put('cut.pdf', twoPages().then((b) => truncate(b, 0.5)));
    const jobs = [
      { id: 'enc', file: encrypted, images: true },
      { id: 'cut', file: truncated, images: true },
    ];
    await run(jobs);
    const { results, stats } = await run(jobs);
    expect(stats).toMatchObject({ cacheHits: 1, derived: 0, failed: 2 });
    expect(failure(results.get('enc')).reason).toBe('password-required');
  });

  it('stops a PDF that renders too long, and keeps going with the others', async () => {
    const slow = await put('slow.pdf', slowRenderPdf());
    const fine = await put('fine.pdf', twoPages());
    const started = Date.now();
    const { results } = await run(
      [
        { id: 'slow', file: slow, images: true },
        { id: 'fine', file: fine, images: true },
      ],
      // Unbounded, the slow page takes about a minute here; the fine PDF's pages take well under
      // a second; the limit leaves them room on a loaded machine (with 5 s this test failed at load 10+).
      { concurrency: 1, pageTimeLimitMs: 10_000 },
    );
    expect(Date.now() - started).toBeLessThan(40_000);
    expect(failure(results.get('slow'))).toMatchObject({ reason: 'timeout', message: expect.stringMatching(/did not finish within 10000 ms/) });
    expect(ok(results.get('fine')).facts.numPages).toBe(2);
  });

  it('enforces the whole-PDF limit', async () => {
    const slow = await put('slow.pdf', slowRenderPdf());
    const { results } = await run([{ id: 'slow', file: slow, images: true }], { timeLimitMs: 1_500 });
    expect(failure(results.get('slow'))).toMatchObject({ reason: 'timeout', message: expect.stringMatching(/limit of 1500 ms/) });
  });

  it('aborts on the signal', async () => {
    const slow = await put('slow.pdf', slowRenderPdf());
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 1_000);
    const { results } = await run([{ id: 'slow', file: slow, images: true }], { signal: controller.signal });
    expect(failure(results.get('slow')).reason).toBe('aborted');
  });
});

describe('a store that cannot keep derivatives', () => {
  /** The folder store, but every file write fails after `allowed` of them, as a full disk or an unreachable Blobs store would. */
  function failingStore(allowed: number) {
    const store = folderDerivativeStore(cacheDir);
    let puts = 0;
    return {
      ...store,
      description: 'failing test store',
      async putFile(hash: string, bytes: Uint8Array) {
        if (++puts > allowed) throw new Error('no space left on device');
        return store.putFile(hash, bytes);
      },
    };
  }

  it('stops the run and rejects with the store error instead of failing single documents', async () => {
    const files = await Promise.all(['a', 'b', 'c', 'd'].map(async (id, index) => put(`${id}.pdf`, writePdf({ title: id, pages: fillerPages(2, index + 1) }))));
    const jobs = files.map((file, index) => ({ id: `doc-${index}`, file, images: true }));
    const error = await processPdfs(jobs, { store: failingStore(3), concurrency: 1 }).then(
      () => null,
      (reason: unknown) => reason as Error,
    );
    expect(error?.name).toBe('DerivativeStoreError');
    expect(error?.message).toMatch(/^could not store the derivatives of .*\/a\.pdf: no space left on device$/);
    // Nothing was committed: the first PDF's files were not all stored, and no later PDF ran.
    expect(await readdir(join(cacheDir, 'entries')).catch(() => [])).toEqual([]);
  });

  it('keeps what was committed before the failure, so the next run continues there', async () => {
    const first = await put('first.pdf', writePdf({ title: 'first', pages: fillerPages(1, 1) }));
    const second = await put('second.pdf', writePdf({ title: 'second', pages: fillerPages(1, 2) }));
    const jobs = [
      { id: 'first', file: first, images: false },
      { id: 'second', file: second, images: true },
    ];
    // Facts only for the first PDF (no files to store), then the second's images fail.
    await expect(processPdfs(jobs, { store: failingStore(0), concurrency: 1 })).rejects.toThrow(/second\.pdf: no space left on device/);
    const { stats } = await run(jobs, { concurrency: 1 });
    expect(stats).toMatchObject({ cacheHits: 1, derived: 1, failed: 0 });
  });
});

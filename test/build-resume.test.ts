/**
 * A PDF backlog finished in several runs on several machines. The derivative
 * cache lives in the media store, here a Netlify Blobs store on @netlify/blobs' BlobsServer:
 * a build killed with SIGKILL in the middle of the PDF stage, then one more build on another
 * machine (a fresh local mirror folder); and `archive derive --shard i/n` on a machine per
 * shard, then a build on yet another. Both end with the bytes of one unlimited build.
 */
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArchive } from '../src/build.ts';
import { folderMediaStore } from '../src/media/media-folder-store.ts';
import { readMediaEntry } from '../src/media/media-index.ts';
import type { MediaStore } from '../src/media/media-store.ts';
import { main } from '../src/cli.ts';
import type { Logger } from '../src/log.ts';
import { fillerPages, writePdf } from '../tools/pdf-writer.ts';
import { fsBuildStore } from '../src/serve/shared/fs-build-store.ts';
import { BUILD_CLOCK, builtReaders, listFiles } from './helpers/build.ts';
import { minimalArchive, responseMessage, tempDir, writeTree } from './helpers/content.ts';
import { collect, startBlobsServer, type TestBlobs } from './helpers/media.ts';

const ENV = { SOURCE_DATE_EPOCH: String(BUILD_CLOCK) };
// vitest sets BASE_URL ('/') in the environment, which the CLI would read as the site's address.
const BASE_URL = ['--base-url', 'https://archiv.example.org'];
const CLI = join(import.meta.dirname, '../src/cli.ts');

let root: string;
let removeRoot: () => Promise<void>;
let content: string;
let reference: string;
let blobs: TestBlobs;
/** What the CLI reads to reach the Blobs store, as on GitHub Actions (docs/deploy.md). */
let blobsEnv: Record<string, string>;

/** Pages of each PDF of the backlog: what is tested is PDFs finished over several runs, not long PDFs. */
const PAGES = 2;

/** Eight PDFs of PAGES pages, as attachments of one reply. */
async function backlog() {
  const names = Array.from({ length: 8 }, (_, i) => `akte-${i}.pdf`);
  const files = Object.fromEntries(
    await Promise.all(names.map(async (name, i) => [`requests/10-akten/files/101/${name}`, await writePdf({ title: name, pages: fillerPages(PAGES, i + 1) })] as const)),
  );
  return minimalArchive({ 'requests/10-akten/messages/101.yaml': responseMessage(names.map((name, i) => ({ id: 1001 + i, name, document: { id: 500 + i } }))), ...files });
}

/** A build on a machine whose local mirror is `mirror` (fresh unless another build used it). */
async function build(out: string, mirror: string, media: MediaStore, pdf: { budgetMs?: number } = {}) {
  return buildArchive({ contentDir: content, buildDir: join(root, out), cacheDir: join(root, mirror), media, env: ENV, images: true, pdf });
}

/**
 * How many WebP siblings of page images a build's media index names (build/ holds no media
 * bytes; the index keys entries by the digest of their path): of every page of the eight
 * documents, in all four sizes.
 */
async function webpEntries(out: string): Promise<number> {
  const dir = join(root, out);
  const { detail } = builtReaders(dir);
  let found = 0;
  for (let i = 0; i < 8; i++) {
    const template = (await detail<{ page_template: string }>('document', 500 + i)).page_template;
    const path = template.slice(template.indexOf('/media/') + '/media/'.length);
    for (let page = 1; page <= PAGES; page++) {
      for (const size of ['small', 'normal', 'large', 'original']) {
        if (await readMediaEntry(fsBuildStore(dir), `${path.replace('{page}', String(page)).replace('{size}', size)}.webp`)) found++;
      }
    }
  }
  return found;
}

async function expectSameTree(a: string, b: string): Promise<void> {
  const files = await listFiles(join(root, a));
  expect(await listFiles(join(root, b))).toEqual(files);
  expect(await webpEntries(b)).toBe(8 * PAGES * 4);
  for (const file of files) {
    const [x, y] = await Promise.all([readFile(join(root, a, file)), readFile(join(root, b, file))]);
    expect(x.equals(y), file).toBe(true);
  }
}

/** Files in a local mirror folder: what that machine derived or downloaded. */
const mirrorFiles = async (mirror: string) => (await readdir(join(root, mirror, 'files'), { recursive: true }).catch(() => [] as string[])).filter((name) => /^[0-9a-f]{2}\/[0-9a-f]{64}$/.test(name)).length;
const firstEntries = async (store: MediaStore) => (await collect(store.listEntries())).filter((key) => key.endsWith('.first'));

beforeAll(async () => {
  ({ path: root, remove: removeRoot } = await tempDir('archive-resume-'));
  content = join(root, 'content');
  await writeTree(content, await backlog());
  blobs = await startBlobsServer();
  blobsEnv = { NETLIFY_BLOBS_TOKEN: blobs.access.token, NETLIFY_SITE_ID: blobs.access.siteID, NETLIFY_BLOBS_API_URL: blobs.access.apiURL };
  // The reference: one unlimited build with a store and a mirror of its own.
  await build('reference', 'reference-mirror', folderMediaStore(join(root, 'reference-media')));
  reference = 'reference';
}, 300_000);
afterAll(async () => {
  await blobs?.stop();
  await removeRoot?.();
});

describe('a PDF backlog over several runs and machines', () => {
  it('resumes on another machine after a build killed with SIGKILL in the PDF stage, and ends with the bytes of one unlimited build', async () => {
    const store = blobs.store('killed');
    // node itself with tsx's loader, not the tsx command: that runs the build in a child process of its own, which a SIGKILL would leave running.
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'build', '--content', content, '--out', join(root, 'killed'), '--cache', join(root, 'killed-mirror'), '--media-store', 'netlify-blobs:killed', ...BASE_URL], {
      env: { ...process.env, ...ENV, ...blobsEnv },
      stdio: 'ignore',
    });
    let running = true;
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_, signal) => resolve(signal)).on('exit', () => (running = false)));
    // Kill once two PDFs' first passes are committed to the store: the stage is under way, with more to do.
    while (running && (await firstEntries(store)).length < 2) await new Promise((resolve) => setTimeout(resolve, 25));
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const kept = (await firstEntries(store)).length;
    expect(kept).toBeGreaterThanOrEqual(2);

    // Another machine: a fresh mirror, the same store.
    const resumed = await build('resumed', 'resumed-mirror', store);
    // What the killed build committed verifies (never a half entry) and is not made again.
    expect(resumed.pdf).toMatchObject({ pdfs: 8, corrupt: 0, cacheHits: kept, derived: 8 - kept, pending: 0, webpPending: 0 });
    await expectSameTree('resumed', reference);
    // Every page image the media index names was put by the PDF stage, on either machine: those
    // of the killed build were there before this one, the others this build's PDF stage put.
    const { present, derived } = resumed.stats.media;
    expect(present + derived).toBe(8 * PAGES * 8);
    expect(present).toBeGreaterThan(0);
    expect(derived).toBeGreaterThan(0);
  }, 300_000);

  it('derives shard by shard on two machines with `archive derive --shard i/n`, after which a build on a third has no PDF work, downloads no page image and has the bytes of one unlimited build', async () => {
    const lines: string[] = [];
    const log: Logger = { info: (line) => void lines.push(line), warn: (line) => void lines.push(line), error: (line) => void lines.push(line) };
    const derived: number[] = [];
    const saved = { ...process.env };
    Object.assign(process.env, blobsEnv);
    try {
      for (const [shard, mirror] of [['1/2', 'shard-1-mirror'], ['2/2', 'shard-2-mirror']] as const) {
        expect(await main(['derive', '--shard', shard, '--content', content, '--cache', join(root, mirror), '--media-store', 'netlify-blobs:sharded', ...BASE_URL], log)).toBe(0);
        const summary = lines.find((line) => line.startsWith(`shard ${shard}: pdf: `));
        expect(summary).toBeDefined();
        derived.push(Number(/(\d+) derived/.exec(summary!)![1]));
      }
    } finally {
      for (const key of Object.keys(blobsEnv)) if (!(key in saved)) delete process.env[key];
    }
    expect(derived.reduce((a, b) => a + b)).toBe(8);
    expect(lines).toContain(lines.find((line) => /^derived into the Netlify Blobs store sharded in [\d.]+ s \(local mirror: .*shard-2-mirror\/\)$/.test(line)));
    const store = blobs.store('sharded');
    expect(await collect(store.listEntries())).toHaveLength(8 * 2);
    const before = blobs.requests.length;
    // A spent budget: the build may not derive anything, so everything must come from the shards.
    const after = await build('sharded', 'third-mirror', store, { budgetMs: 0 });
    expect(after.pdf).toMatchObject({ cacheHits: 8, derived: 0, pending: 0, webpPending: 0, pagesDerived: 0 });
    await expectSameTree('sharded', reference);
    // The third machine publishes from the entries: no page image is downloaded, none uploaded.
    expect(await mirrorFiles('third-mirror')).toBe(0);
    expect(blobs.requests.slice(before).filter((request) => request.startsWith('get ') && request.includes('/sha256/'))).toEqual([]);
    expect(after.stats.media.present).toBe(8 * PAGES * 8);
  }, 300_000);
});

/**
 * A PDF backlog finished in several runs (issue 11 #3, #4): a build killed with SIGKILL in the
 * middle of the PDF stage, then one more build; and `archive derive --shard i/n` for every
 * shard, then one build. Both end with the bytes of one unlimited build.
 */
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArchive } from '../src/build.ts';
import { folderMediaStore } from '../src/media/folder-store.ts';
import { main } from '../src/cli.ts';
import type { Logger } from '../src/log.ts';
import { fillerPages, writePdf } from '../tools/pdf-writer.ts';
import { BUILD_CLOCK, listFiles } from './helpers/build.ts';
import { minimalArchive, responseMessage, tempDir, writeTree } from './helpers/content.ts';

const ENV = { SOURCE_DATE_EPOCH: String(BUILD_CLOCK) };
// vitest sets BASE_URL ('/') in the environment, which the CLI would read as the site's address.
const BASE_URL = ['--base-url', 'https://archiv.example.org'];
const CLI = join(import.meta.dirname, '../src/cli.ts');

let root: string;
let removeRoot: () => Promise<void>;
let content: string;
let reference: string;

/** Eight PDFs of four pages, as attachments of one reply. */
async function backlog() {
  const names = Array.from({ length: 8 }, (_, i) => `akte-${i}.pdf`);
  const files = Object.fromEntries(
    await Promise.all(names.map(async (name, i) => [`requests/10-akten/files/101/${name}`, await writePdf({ title: name, pages: fillerPages(4, i + 1) })] as const)),
  );
  return minimalArchive({ 'requests/10-akten/messages/101.yaml': responseMessage(names.map((name, i) => ({ id: 1001 + i, name, document: { id: 500 + i } }))), ...files });
}

async function build(out: string, cacheDir: string, pdf: { budgetMs?: number } = {}) {
  return buildArchive({ contentDir: content, buildDir: join(root, out), cacheDir: join(root, cacheDir), media: folderMediaStore(join(root, `${out}-media`)), env: ENV, images: true, pdf });
}

/** Paths of every media file a build's media index names (build/ holds no media bytes). */
async function mediaPaths(out: string): Promise<string[]> {
  const index = join(root, out, '_data/media/index');
  const paths: string[] = [];
  for (const name of await readdir(index)) paths.push(...Object.keys(JSON.parse(await readFile(join(index, name), 'utf8')) as object));
  return paths;
}

async function expectSameTree(a: string, b: string): Promise<void> {
  const files = await listFiles(join(root, a));
  expect(await listFiles(join(root, b))).toEqual(files);
  expect((await mediaPaths(b)).filter((path) => path.endsWith('.png.webp'))).toHaveLength(8 * 4 * 4);
  for (const file of files) {
    const [x, y] = await Promise.all([readFile(join(root, a, file)), readFile(join(root, b, file))]);
    expect(x.equals(y), file).toBe(true);
  }
}

const entryFiles = async (cacheDir: string) => (await readdir(join(root, cacheDir, 'entries'), { recursive: true })).filter((name) => name.endsWith('.json'));

beforeAll(async () => {
  ({ path: root, remove: removeRoot } = await tempDir('archive-resume-'));
  content = join(root, 'content');
  await writeTree(content, await backlog());
  await build('reference', 'reference-cache');
  reference = 'reference';
}, 300_000);
afterAll(async () => {
  await removeRoot?.();
});

describe('a PDF backlog over several runs', () => {
  it('resumes after a build killed with SIGKILL in the PDF stage, and ends with the bytes of one unlimited build', async () => {
    // node itself with tsx's loader, not the tsx command: that runs the build in a child process of its own, which a SIGKILL would leave running.
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'build', '--content', content, '--out', join(root, 'killed'), '--cache', join(root, 'cache'), '--media-store', join(root, 'killed-media'), ...BASE_URL], {
      env: { ...process.env, ...ENV },
      stdio: 'ignore',
    });
    let running = true;
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_, signal) => resolve(signal)).on('exit', () => (running = false)));
    // Kill once two PDFs' first passes are committed: the stage is under way, with more to do.
    while (running && (await entryFiles('cache').catch(() => [])).length < 2) await new Promise((resolve) => setTimeout(resolve, 25));
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const kept = (await entryFiles('cache')).filter((name) => name.endsWith('.first.json')).length;
    expect(kept).toBeGreaterThanOrEqual(2);

    const resumed = await build('resumed', 'cache');
    // What the killed build committed verifies (never a half entry) and is not made again.
    expect(resumed.pdf).toMatchObject({ pdfs: 8, corrupt: 0, cacheHits: kept, derived: 8 - kept, pending: 0, webpPending: 0 });
    await expectSameTree('resumed', reference);
  }, 300_000);

  it('derives shard by shard with `archive derive --shard i/n`, after which a build has no PDF work and the bytes of one unlimited build', async () => {
    const lines: string[] = [];
    const log: Logger = { info: (line) => void lines.push(line), warn: (line) => void lines.push(line), error: (line) => void lines.push(line) };
    const derived: number[] = [];
    for (const shard of ['1/3', '2/3', '3/3']) {
      expect(await main(['derive', '--shard', shard, '--content', content, '--cache', join(root, 'sharded-cache'), ...BASE_URL], log)).toBe(0);
      const summary = lines.find((line) => line.startsWith(`shard ${shard}: pdf: `));
      expect(summary).toBeDefined();
      derived.push(Number(/(\d+) derived/.exec(summary!)![1]));
    }
    expect(derived.reduce((a, b) => a + b)).toBe(8);
    // A spent budget: the build may not derive anything, so everything must come from the shards.
    const after = await build('sharded', 'sharded-cache', { budgetMs: 0 });
    expect(after.pdf).toMatchObject({ cacheHits: 8, derived: 0, pending: 0, webpPending: 0, pagesDerived: 0 });
    await expectSameTree('sharded', reference);
  }, 300_000);
});

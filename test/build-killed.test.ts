/**
 * A build killed with SIGKILL at any moment leaves build/ as it was and its caches usable:
 * the CLI build is killed as loading saves its parse cache, then as each stage ends (so inside the next one),
 * each run continuing from what the killed ones left in the parse cache, the PDF derivative
 * cache and the media store. build/ keeps the previous build's bytes throughout, and the next
 * build writes exactly the bytes of an unkilled one.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArchive } from '../src/build.ts';
import { folderMediaStore } from '../src/media/media-folder-store.ts';
import { BUILD_CLOCK, copyPdfDerivatives, listFiles } from './helpers/build.ts';
import { tempDir } from './helpers/content.ts';

const SAMPLE = join(import.meta.dirname, '../content');
const CLI = join(import.meta.dirname, '../src/cli.ts');
const ENV = { SOURCE_DATE_EPOCH: String(BUILD_CLOCK) };
const BASE_URL = 'https://archiv.example.org';
/** The stages `build --verbose` names as they end (src/build.ts). */
const STAGES = ['load and check', 'pdf', 'crop annotations', 'hash media', 'serialize and write'];

let root: string;
let removeRoot: () => Promise<void>;

async function build(out: string, state: string) {
  return buildArchive({
    contentDir: join(root, 'content'),
    buildDir: join(root, out),
    cacheDir: join(root, state, 'cache'),
    media: folderMediaStore(join(root, state, 'media')),
    env: ENV,
    overrides: { baseUrl: BASE_URL },
    images: true,
  });
}

async function tree(out: string): Promise<Map<string, Buffer>> {
  const files = await listFiles(join(root, out));
  return new Map(await Promise.all(files.map(async (file) => [file, await readFile(join(root, out, file))] as const)));
}

function expectSame(a: Map<string, Buffer>, b: Map<string, Buffer>): void {
  expect([...b.keys()]).toEqual([...a.keys()]);
  expect([...a].filter(([file, bytes]) => !bytes.equals(b.get(file)!)).map(([file]) => file)).toEqual([]);
}

/**
 * Runs `archive build --verbose` and kills it with SIGKILL once its output has named `after`
 * (a stage that ended), or, when `after` is null, once `appears` exists (a file the build
 * writes in a stage). Resolves with the stages it saw end.
 */
function killedBuild(after: string | null, appears?: string): Promise<string[]> {
  // node itself with tsx's loader, not the tsx command, whose child process a SIGKILL would miss.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CLI, 'build', '--verbose', '--content', join(root, 'content'), '--out', join(root, 'killed'), '--cache', join(root, 'state/cache'), '--media-store', join(root, 'state/media'), '--base-url', BASE_URL],
    { env: { ...process.env, ...ENV }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const ended: string[] = [];
  let output = '';
  const kill = () => child.kill('SIGKILL');
  if (after === null) {
    const poll = setInterval(() => {
      if (appears !== undefined && existsSync(appears)) {
        clearInterval(poll);
        kill();
      }
    }, 5);
    child.on('exit', () => clearInterval(poll));
  }
  const watch = (chunk: Buffer) => {
    output += chunk.toString();
    for (const match of output.matchAll(/^stage (.+): [\d.]+ s$/gm)) if (!ended.includes(match[1]!)) ended.push(match[1]!);
    if (after !== null && ended.includes(after)) kill();
  };
  child.stdout.on('data', watch);
  child.stderr.on('data', watch);
  return new Promise((resolve, reject) =>
    child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve(ended) : reject(new Error(`the build was not killed (exit ${code}): ${output.slice(-2000)}`)))),
  );
}

beforeAll(async () => {
  ({ path: root, remove: removeRoot } = await tempDir('archive-killed-'));
  await cp(SAMPLE, join(root, 'content'), { recursive: true });
  await build('reference', 'reference-state');
}, 300_000);
afterAll(() => removeRoot());

describe('a build killed with SIGKILL', () => {
  it('leaves build/ as it was and its caches usable, in every stage; the next build has the bytes of an unkilled one', async () => {
    const reference = await tree('reference');
    // Killed as loading saves the parse cache (or just after), before any build/ exists: none appears.
    expect(await killedBuild(null, join(root, 'state/cache/parsed'))).not.toContain('pdf');
    await expect(listFiles(join(root, 'killed'))).rejects.toThrow(/ENOENT/);
    // A build/ to protect: the first complete build with these caches. Its PDF derivatives are
    // the reference build's (a copy of its media store and local mirror; no stage is killed
    // before this build completes), so the PDF work is not done twice.
    await copyPdfDerivatives(join(root, 'reference-state'), join(root, 'state'));
    await build('killed', 'state');
    expectSame(reference, await tree('killed'));
    for (const stage of STAGES) {
      // A content file outside the request folders written again (same bytes, new signature):
      // else nothing changed since the last complete build, which a build finds without running
      // a stage (src/previous/state.ts), and a change in a request folder alone may be
      // patched (src/build-patch.ts).
      const site = join(root, 'content/site.yaml');
      await writeFile(site, await readFile(site));
      const ended = await killedBuild(stage);
      expect(ended).toContain(stage);
      expectSame(reference, await tree('killed'));
    }
    await build('killed', 'state');
    expectSame(reference, await tree('killed'));
  }, 600_000);
});

/**
 * `archive start` as a process, the way `npm start` runs it, over real HTTP: it watches a copy
 * of the sample archive and rebuilds on every change. An edit is served; a broken file is
 * printed as `check` prints it while the JSON answers stay those of the last good build and
 * the browsable API shows a banner naming the problem; the fix removes the banner and is served.
 * Nothing sleeps for a fixed time: every wait polls, bounded, for what it waits for (a 200
 * answer: a request that falls between the two renames of build/'s swap may find no file).
 */
import { spawn } from 'node:child_process';
import { cp, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_CLOCK } from './helpers/build.ts';
import { minimalArchive, tempDir, writeTree } from './helpers/content.ts';

const CLI = new URL('../src/cli.ts', import.meta.url).pathname;
/** Generous: the machine may be loaded. The test ends as soon as each wait is over. */
const WAIT = 90_000;
const REQUEST = 'requests/0001-gutachten-bundespolizeigesetz/request.yaml';
const SUMMARY = 'summary: Das BMI hat das Gutachten vollständig und gebührenfrei herausgegeben.\n';

/** The CLI in its own process; `stderr` grows as it writes. */
function archive(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SOURCE_DATE_EPOCH: String(BUILD_CLOCK), MEDIA_TOKEN_KEYS: '' },
  });
  const out = { stderr: '', child, exited: new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))) };
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out.stderr += chunk));
  return out;
}

/** Polls `get` until `done` holds for its value (every 100 ms, at most WAIT ms); a timeout shows what the CLI printed. */
async function until<T>(get: () => Promise<T> | T, done: (value: T) => boolean, what: string, log: () => string): Promise<T> {
  const end = Date.now() + WAIT;
  for (;;) {
    const value = await get();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; last value:\n${String(value).slice(0, 500)}\nthe CLI printed:\n${log().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Watches the process holds in its inotify instances (Linux: /proc/<pid>/fdinfo). */
async function inotifyWatches(pid: number): Promise<number> {
  let watches = 0;
  for (const fd of await readdir(`/proc/${pid}/fdinfo`)) {
    const info = await readFile(`/proc/${pid}/fdinfo/${fd}`, 'utf8').catch(() => '');
    watches += info.split('\n').filter((line) => line.startsWith('inotify wd:')).length;
  }
  return watches;
}

describe('archive start: a preview that follows content/', () => {
  let dir: { path: string; remove(): Promise<void> };
  let content: string;
  let run: ReturnType<typeof archive>;
  let base: string;

  const text = async (path: string, accept = 'application/json') => {
    const response = await fetch(`${base}${path}`, { headers: { accept } });
    return `${response.status} ${await response.text()}`;
  };
  const json = (path: string) => text(path);
  const stderr = () => run.stderr;
  const html = (path: string) => text(path, 'text/html');
  const edit = async (from: string, to: string) => {
    const file = join(content, REQUEST);
    const before = await readFile(file, 'utf8');
    expect(before).toContain(from);
    await writeFile(file, before.replace(from, to));
  };

  beforeAll(async () => {
    dir = await tempDir('archive-start-');
    content = join(dir.path, 'content');
    await cp('content', content, { recursive: true });
    run = archive([
      'start',
      ...['--content', content, '--out', join(dir.path, 'build'), '--media-store', join(dir.path, 'media')],
      // The project's PDF cache (git-ignored), shared with the other tests that build the sample; facts only.
      ...['--cache', '.cache/archive', '--no-images', '--port', '0', '--base-url', 'http://archive.test'],
    ]);
    const serving = await until(() => run.stderr.match(/serving at (http:\/\/\S+\/)api\/v1\//), (match) => match !== null || run.child.exitCode !== null, 'the preview to serve', () => run.stderr);
    if (!serving) throw new Error(`archive start ended:\n${run.stderr}`);
    base = serving[1]!.replace(/\/$/, '');
    // Edits count from here: the watcher is ready.
    await until(() => run.stderr, (text) => text.includes(`watching ${content}/`), 'the watcher', () => run.stderr);
  }, WAIT + 60_000);

  afterAll(async () => {
    if (run?.child.exitCode === null) run.child.kill('SIGKILL');
    await run?.exited;
    await dir?.remove();
  });

  it('serves an edit, keeps the last good build with a banner while a file is broken, and serves the fix', async () => {
    const detail = '/api/v1/request/1/';
    const list = '/api/v1/request/?limit=50&status=resolved';
    const browsable = '/api/v1/request/1/?format=api';
    const first = await json(detail);
    expect(first).toMatch(/^200 \{/);
    expect(first.split('"summary":"Das BMI hat das Gutachten vollständig und gebührenfrei herausgegeben."')).toHaveLength(2);

    // 1. An edit is served: the new bytes are the old ones with the summary replaced.
    await edit(SUMMARY, `summary: 'Neu: "zitiert" & <b>fett</b>.'\n`);
    // Media tokens are minted per answer: compare the answers with their token values left out.
    const untokened = (body: string) => body.replace(/token=[^"&]+/g, 'token=…');
    const edited = await until(() => json(detail), (body) => untokened(body) !== untokened(first) && body.startsWith('200 '), 'the edit to be served', stderr);
    expect(untokened(edited)).toBe(untokened(first).replace('"summary":"Das BMI hat das Gutachten vollständig und gebührenfrei herausgegeben."', '"summary":"Neu: \\"zitiert\\" & <b>fett</b>."'));
    const listed = await json(list);
    expect(listed).toContain('"summary":"Neu: \\"zitiert\\" & <b>fett</b>."');
    const page = await html(browsable);
    expect(page).toMatch(/^200 <!DOCTYPE html>/);
    expect(page).not.toContain('class="notice"');

    // 2. A broken file: printed as `check` prints it; JSON stays the last good build, the browsable API says why.
    const failures = run.stderr.split('build failed;').length;
    await edit('status: resolved\n', 'status: <b>fertig</b>\n');
    const banner = await until(() => html(browsable), (body) => body.includes('class="notice"'), 'the banner', stderr);
    const where = `${content}/${REQUEST}:9:9`;
    expect(banner).toContain(`<li><code>${where}</code> status: is &quot;&lt;b&gt;fertig&lt;/b&gt;&quot;, which is not allowed</li>`);
    expect(banner).not.toContain('<b>fertig</b>');
    expect(untokened(await json(detail))).toBe(untokened(edited));
    expect(untokened(await json(list))).toBe(untokened(listed));
    expect(await json(`${detail}?format=json`)).not.toContain('notice');
    await until(() => run.stderr.split('build failed;').length, (n) => n > failures, 'the failure to be printed', stderr);
    const check = archive(['check', '--content', content, '--base-url', 'http://archive.test']);
    expect(await check.exited).toBe(1);
    expect(check.stderr).toContain(`error ${where} status: is "<b>fertig</b>", which is not allowed`);
    expect(run.stderr).toContain(check.stderr);

    // 3. The fix (with a new summary): banner gone, the answer updated.
    await edit('status: <b>fertig</b>\n', 'status: resolved\n');
    await edit(`summary: 'Neu: "zitiert" & <b>fett</b>.'\n`, 'summary: Behoben.\n');
    const fixed = await until(() => json(detail), (body) => untokened(body) !== untokened(edited) && body.startsWith('200 '), 'the fix to be served', stderr);
    expect(untokened(fixed)).toBe(untokened(first).replace('"summary":"Das BMI hat das Gutachten vollständig und gebührenfrei herausgegeben."', '"summary":"Behoben."'));
    expect(await html(browsable)).not.toContain('class="notice"');
    expect(run.stderr).toContain('the problems are fixed');

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  }, 4 * WAIT);
});

describe.skipIf(process.platform !== 'linux')('archive start --no-watch', () => {
  it('builds once and serves, watching nothing; without it, every folder of content/ is watched', async () => {
    const dir = await tempDir('archive-start-');
    try {
      const content = join(dir.path, 'content');
      await writeTree(content, minimalArchive());
      const folders = (await readdir(content, { recursive: true, withFileTypes: true })).filter((entry) => entry.isDirectory()).length + 1;
      // Watched through a link to the folder, as a checkout may keep its archive elsewhere.
      const link = join(dir.path, 'content-link');
      await symlink(content, link);
      for (const watch of [false, true]) {
        const out = join(dir.path, watch ? 'watched' : 'unwatched');
        const args = ['start', '--content', watch ? link : content, '--out', join(out, 'build'), '--media-store', join(out, 'media'), '--cache', join(out, 'cache')];
        const run = archive([...args, '--port', '0', '--base-url', 'http://archive.test', ...(watch ? [] : ['--no-watch'])]);
        try {
          const [, url] = (await until(() => run.stderr.match(/at (http:\/\/\S+\/)api\/v1\//), (match) => match !== null || run.child.exitCode !== null, 'the preview to serve', () => run.stderr))!;
          expect((await fetch(`${url}api/v1/request/10/`)).status).toBe(200);
          if (watch) {
            await until(() => run.stderr, (text) => text.includes(`watching ${link}/: every change is rebuilt and served`), 'the watcher', () => run.stderr);
            expect(await inotifyWatches(run.child.pid!)).toBe(folders);
          } else {
            expect(run.stderr).toContain(`serving ${join(out, 'build')}/ at`);
            expect(run.stderr).not.toContain('watching');
            expect(await inotifyWatches(run.child.pid!)).toBe(0);
          }
        } finally {
          run.child.kill('SIGTERM');
          expect(await run.exited).toBe(0);
        }
      }
    } finally {
      await dir.remove();
    }
  }, 2 * WAIT);
});


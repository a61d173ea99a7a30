/**
 * `archive start` as a process, with content/ changed at full speed the ways editors and tools
 * change it: `mkdir -p` of a request's folders and writes right after, a rewrite and a new file
 * beside it, an editor's atomic save, `sed -i`, `cp -r`, a folder renamed and written to at
 * once, `rm -r`, and `git checkout` back and forth. After each, the served answer must follow
 * within a bound, and the browsable API's banner must list exactly the problems the content
 * has then (none once they are fixed). Every wait polls; none sleeps for a fixed time.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_CLOCK } from './helpers/build.ts';
import { minimalArchive, tempDir, writeTree } from './helpers/content.ts';

const CLI = new URL('../src/cli.ts', import.meta.url).pathname;
/** How long an answer may take to follow a change (the machine may be loaded; a rebuild of this archive takes about a second). */
const BOUND = 30_000;

function archive(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SOURCE_DATE_EPOCH: String(BUILD_CLOCK), MEDIA_TOKEN_KEYS: '' },
  });
  const out = { stderr: '', child, exited: new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))) };
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out.stderr += chunk));
  return out;
}

const request = (id: number, title: string) => ({
  id,
  slug: `anfrage-${id}`,
  title,
  description: 'Bitte senden Sie mir die Unterlagen.',
  public_body: 1,
  law: 1,
  status: 'awaiting_response',
});
const message = (id: number, subject: string) => ({ id, kind: 'email', is_response: false, recipient_public_body: 1, timestamp: '2024-03-01T10:00:00+01:00', subject });

describe('archive start: content/ changed at full speed', () => {
  let dir: { path: string; remove(): Promise<void> };
  let content: string;
  let run: ReturnType<typeof archive>;
  let base: string;

  /** Polls `get` until `done` holds (every 50 ms, at most BOUND ms); a timeout shows what the CLI printed. */
  async function within<T>(what: string, get: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    const end = Date.now() + BOUND;
    for (;;) {
      const value = await get();
      if (done(value)) return value;
      if (Date.now() > end) throw new Error(`${what} did not follow within ${BOUND} ms; last answer:\n${String(value).slice(0, 600)}\nthe CLI printed:\n${run.stderr.slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const answer = async (path: string) => {
    const response = await fetch(`${base}${path}`, { headers: { accept: 'application/json' } });
    return `${response.status} ${await response.text()}`;
  };
  /** The banner's problems on a browsable page ([] without a banner). */
  const banner = async () => {
    const page = await (await fetch(`${base}/api/v1/?format=api`, { headers: { accept: 'text/html' } })).text();
    const notice = /<div class="notice"[^]*?<\/div>/.exec(page)?.[0];
    return notice ? [...notice.matchAll(/<li><code>([^<]*)<\/code>/g)].map((match) => match[1]!.replace(`${content}/`, '')) : [];
  };
  const bannerIs = (expected: string[]) => within(`the banner ${JSON.stringify(expected)}`, banner, (problems) => JSON.stringify(problems) === JSON.stringify(expected));
  const yaml = (value: object) => stringify(value);
  const git = (...args: string[]) => execFileSync('git', ['-C', content, ...args], { stdio: 'pipe', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.org', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.org' } });

  beforeAll(async () => {
    dir = await tempDir('archive-races-');
    content = join(dir.path, 'content');
    await writeTree(content, minimalArchive());
    run = archive([
      'start',
      ...['--content', content, '--out', join(dir.path, 'build'), '--media-store', join(dir.path, 'media'), '--cache', join(dir.path, 'cache')],
      ...['--no-images', '--port', '0', '--base-url', 'http://archive.test'],
    ]);
    const end = Date.now() + 120_000;
    while (!run.stderr.includes(`watching ${content}/: every change`)) {
      if (run.child.exitCode !== null || Date.now() > end) throw new Error(`archive start did not come up:\n${run.stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    base = /serving at (http:\/\/\S+)\/api\/v1\//.exec(run.stderr)![1]!;
  }, 180_000);

  afterAll(async () => {
    if (run?.child.exitCode === null) run.child.kill('SIGKILL');
    await run?.exited;
    await dir?.remove();
  });

  it('serves a request made with mkdir -p and written at once, then its rewrite and a new message beside it', async () => {
    const folder = join(content, 'requests/20-neu');
    await mkdir(join(folder, 'messages'), { recursive: true });
    await mkdir(join(folder, 'files/200'), { recursive: true });
    await writeFile(join(folder, 'request.yaml'), yaml(request(20, 'Neu')));
    await writeFile(join(folder, 'messages/200.yaml'), yaml(message(200, 'Erste Fassung')));
    await within('the new request', () => answer('/api/v1/message/200/'), (body) => body.startsWith('200 ') && body.includes('"subject":"Erste Fassung"'));
    // Right away: the message rewritten, another beside it.
    await writeFile(join(folder, 'messages/200.yaml'), yaml(message(200, 'Zweite Fassung')));
    await writeFile(join(folder, 'messages/201.yaml'), yaml(message(201, 'Nachtrag')));
    await within('the rewrite', () => answer('/api/v1/message/200/'), (body) => body.includes('"subject":"Zweite Fassung"'));
    await within('the new message', () => answer('/api/v1/message/201/'), (body) => body.startsWith('200 ') && body.includes('"subject":"Nachtrag"'));
    expect(await banner()).toEqual([]);
  }, 3 * BOUND);

  it('shows exactly the problems there are: a broken atomic save, then the fix by sed -i', async () => {
    const file = join(content, 'requests/20-neu/messages/201.yaml');
    // An editor's atomic save: a temporary file beside it, renamed over it.
    await writeFile(`${file}.tmp`, yaml(message(201, 'Nachtrag')).replace('kind: email', 'kind: [email'));
    await rename(`${file}.tmp`, file);
    await bannerIs(['requests/20-neu/messages/201.yaml:3:1']);
    // A second problem in another file while the first stays.
    const other = join(content, 'requests/20-neu/request.yaml');
    await writeFile(other, yaml(request(20, 'Neu')).replace('status: awaiting_response', 'status: fertig'));
    await bannerIs(['requests/20-neu/messages/201.yaml:3:1', 'requests/20-neu/request.yaml:7:9']);
    // The first fixed: only the second is left.
    execFileSync('sed', ['-i', 's/kind: \\[email/kind: email/', file]);
    await bannerIs(['requests/20-neu/request.yaml:7:9']);
    execFileSync('sed', ['-i', 's/status: fertig/status: awaiting_response/', other]);
    await bannerIs([]);
    await within('the fix', () => answer('/api/v1/message/201/'), (body) => body.startsWith('200 '));
    expect(run.stderr).not.toMatch(/changed:[^\n]*(sed[A-Za-z0-9]{6}|\.tmp)/);
  }, 6 * BOUND);

  it('follows cp -r, a folder renamed and written to at once, and rm -r', async () => {
    const staged = join(dir.path, 'staged/30-kopie');
    await writeTree(staged, { 'request.yaml': yaml(request(30, 'Kopie')), 'messages/300.yaml': yaml(message(300, 'Kopiert')), 'files/300/.keep': '' });
    await cp(staged, join(content, 'requests/30-kopie'), { recursive: true });
    await within('the copy', () => answer('/api/v1/message/300/'), (body) => body.startsWith('200 ') && body.includes('"subject":"Kopiert"'));
    await rename(join(content, 'requests/30-kopie'), join(content, 'requests/31-umbenannt'));
    await writeFile(join(content, 'requests/31-umbenannt/messages/300.yaml'), yaml(message(300, 'Umbenannt')));
    await within('the write after the rename', () => answer('/api/v1/message/300/'), (body) => body.includes('"subject":"Umbenannt"'));
    await rm(join(content, 'requests/31-umbenannt'), { recursive: true });
    await within('the removal', () => answer('/api/v1/message/300/'), (body) => body.startsWith('404 '));
    // Made again at once under the same name, and written to later.
    await mkdir(join(content, 'requests/31-umbenannt/messages'), { recursive: true });
    await writeFile(join(content, 'requests/31-umbenannt/request.yaml'), yaml(request(30, 'Wieder da')));
    await writeFile(join(content, 'requests/31-umbenannt/messages/300.yaml'), yaml(message(300, 'Wieder da')));
    await within('the folder made again', () => answer('/api/v1/message/300/'), (body) => body.includes('"subject":"Wieder da"'));
    await writeFile(join(content, 'requests/31-umbenannt/messages/301.yaml'), yaml(message(301, 'Später')));
    await within('a later write into it', () => answer('/api/v1/message/301/'), (body) => body.startsWith('200 '));
    expect(await banner()).toEqual([]);
  }, 8 * BOUND);

  it('follows git checkout back and forth', async () => {
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'archive');
    git('checkout', '-q', '-b', 'more');
    await writeTree(join(content, 'requests/40-zweig'), { 'request.yaml': yaml(request(40, 'Zweig')), 'messages/400.yaml': yaml(message(400, 'Auf dem Zweig')) });
    await rm(join(content, 'requests/20-neu'), { recursive: true });
    git('add', '-A');
    git('commit', '-q', '-m', 'more');
    await within('the branch', () => answer('/api/v1/message/400/'), (body) => body.startsWith('200 '));
    for (let round = 0; round < 3; round++) {
      git('checkout', '-q', 'main');
      await within('main', () => Promise.all([answer('/api/v1/message/400/'), answer('/api/v1/message/201/')]).then((both) => both.join('\n')), (both) => /^404 [^]*\n200 /.test(both));
      git('checkout', '-q', 'more');
      await within('the branch again', () => Promise.all([answer('/api/v1/message/400/'), answer('/api/v1/message/201/')]).then((both) => both.join('\n')), (both) => /^200 [^]*\n404 /.test(both));
    }
    expect(await banner()).toEqual([]);
    expect(await readFile(join(content, 'requests/40-zweig/messages/400.yaml'), 'utf8')).toContain('Auf dem Zweig');
  }, 10 * BOUND);
});

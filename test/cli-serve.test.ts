/**
 * `archive serve` as a process, the way `npm run serve` starts it: it refuses to start
 * without a build, and a 500 it answers is logged with its cause.
 */
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/content.ts';

const CLI = new URL('../src/cli.ts', import.meta.url).pathname;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((remove) => remove()));
});

/** The CLI in its own process; `stderr` grows as it writes. */
function archive(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const out = { stderr: '', child, exited: new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))) };
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out.stderr += chunk));
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  return out;
}

async function waitFor(get: () => string, pattern: RegExp, timeout = 20_000): Promise<RegExpMatchArray> {
  const until = Date.now() + timeout;
  for (;;) {
    const match = get().match(pattern);
    if (match) return match;
    if (Date.now() > until) throw new Error(`timed out waiting for ${pattern}; got:\n${get()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('archive serve', () => {
  it('refuses to start without a build, says what to run, and exits non-zero', async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const missing = join(dir.path, 'nonexistent');
    const run = archive(['serve', '--port', '0', '--out', missing]);
    expect(await run.exited).toBe(1);
    expect(run.stderr.trim()).toBe(`no build at ${missing}/; run npm run build (or npm start)`);
  });

  it('logs the cause of a 500 with the request that met it', async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    await mkdir(join(dir.path, '_data'), { recursive: true });
    await writeFile(join(dir.path, '_data/manifest.json'), '{"version": 0}');
    const run = archive(['serve', '--port', '0', '--out', dir.path]);
    const [, url] = await waitFor(() => run.stderr, /at (http:\/\/\S+\/)api\/v1\//);
    const response = await fetch(`${url}api/v1/request/?limit=1`);
    expect(response.status).toBe(500);
    await waitFor(() => run.stderr, /GET \/api\/v1\/request\/\?limit=1 answered 500: Error: _data\/manifest\.json is missing or not version \d+; run the build/);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });
});

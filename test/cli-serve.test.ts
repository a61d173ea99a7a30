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
function archive(args: string[], env: Record<string, string> = {}) {
  const inherited = { ...process.env };
  delete inherited.PORT;
  delete inherited.HOST;
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...inherited, ...env } });
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

  it('listens where PORT and HOST or --port and --host say, on this machine only by default, and says the real address', async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    await mkdir(join(dir.path, '_data'), { recursive: true });
    await writeFile(join(dir.path, '_data/manifest.json'), '{"version": 0}');
    const local = archive(['serve', '--port', '0', '--out', dir.path]);
    const [, port] = await waitFor(() => local.stderr, /at http:\/\/127\.0\.0\.1:(\d+)\/api\/v1\/ \(Ctrl-C stops\)/, 60_000);
    expect(Number(port)).toBeGreaterThan(0);
    // Stopping is test/cli-serve's other tests' subject; here each server only has to go.
    local.child.kill('SIGTERM');
    await local.exited;

    // From the environment, as a container sets them; the answer comes over 127.0.0.1 all the same.
    const everywhere = archive(['serve', '--out', dir.path], { PORT: '0', HOST: '0.0.0.0' });
    const [, any] = await waitFor(() => everywhere.stderr, /at http:\/\/0\.0\.0\.0:(\d+)\/api\/v1\/ \(every interface of this machine; from here open http:\/\/localhost:(\d+)\/api\/v1\/\) \(Ctrl-C stops\)/, 60_000);
    expect((await fetch(`http://127.0.0.1:${any}/api/v1/`)).status).toBe(500);
    everywhere.child.kill('SIGTERM');
    await everywhere.exited;

    // The options win over the environment.
    const chosen = archive(['serve', '--out', dir.path, '--host', '127.0.0.1', '--port', '0'], { PORT: '1', HOST: '0.0.0.0' });
    await waitFor(() => chosen.stderr, /at http:\/\/127\.0\.0\.1:\d+\/api\/v1\//, 60_000);
    chosen.child.kill('SIGTERM');
    await chosen.exited;

    const wrong = archive(['serve', '--out', dir.path], { PORT: 'eighty' });
    expect(await wrong.exited).toBe(2);
    expect(wrong.stderr.trim()).toBe('--port (or PORT) must be a whole number from 0 to 65535, not "eighty"');
    const foreign = archive(['serve', '--out', dir.path, '--port', '0', '--host', '192.0.2.1']);
    expect(await foreign.exited).toBe(1);
    expect(foreign.stderr).toContain('cannot listen on 192.0.2.1: it is not an address of this machine');
  }, 240_000);

  it('says PORT, HOST and the default address in --help', { timeout: 60_000 }, async () => {
    const help = spawn(process.execPath, ['--import', 'tsx', CLI, '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    help.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    help.stderr.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    await new Promise((resolve) => help.once('exit', resolve));
    expect(text).toContain('serve build/ on http://127.0.0.1:8080 (this machine only; see --host)');
    expect(text).toContain('(also: PORT; default: 8080)');
    expect(text).toContain('(also: HOST; default: 127.0.0.1, this machine only;');
  });
});

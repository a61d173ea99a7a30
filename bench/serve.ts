/**
 * Serving benchmark: `npm run bench:serve [-- --seconds 5] [--requests 10000]`.
 *
 * 1. Uses the build benchmark's synthetic archive (10,000 requests, ~100,000 messages; see
 *    bench/build.ts), generating and building it with the real build when it is missing.
 * 2. Static JSON throughput: the local preview and plain `http-server -e json` on that tree,
 *    side by side in one run, each in its own process, same autocannon settings, same files.
 * 3. Details and default-limit pages (`?limit=50&offset=<n>`), the same URLs from the same
 *    archive built in both layouts (src/output/layout.ts), each served by the preview in its own
 *    process, A B A B: static files of the loose build against the packed build's answers cut
 *    from packs and chunks by the functions' code.
 * 4. Latency of computed answers on the preview: offset pages, filtered lists, format=api, q;
 *    each kind after one unmeasured second of the same answers (a warm function instance).
 *
 * Prints a Markdown table for docs/serving.md.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildArchive } from '../src/build.ts';
import { buildPaths } from '../src/api/build-paths.ts';
import { writeSyntheticArchive } from '../tools/synthetic.ts';
import { folderMediaStore } from '../src/media/media-folder-store.ts';
import { startPreviewServer } from '../src/serve/preview/server.ts';
import { createApiHandler } from '../src/serve/api/handler.ts';
import { fsBuildStore } from '../src/serve/shared/fs-build-store.ts';
import type { BuildStore } from '../src/serve/shared/build-store.ts';
import type { Manifest } from '../src/formats/manifest.ts';
import { readdir, readFile } from 'node:fs/promises';
import type { Layout } from '../src/output/layout.ts';
import { pageOffsets } from '../src/api/loose-answers.ts';
import { PAGE_SIZE } from '../src/api/resources/declaration-spec.ts';

/** The build benchmark's archive of `requests` requests in `layout`, built (facts only) if it is not there yet. */
async function benchBuild(requests: number, layout: Layout = 'packed'): Promise<string> {
  const base = join(tmpdir(), 'archive-bench', String(requests));
  const buildDir = join(base, layout === 'packed' ? 'build' : `build-${layout}`);
  if (existsSync(join(buildDir, buildPaths.manifest))) return buildDir;
  if (!existsSync(join(base, 'content'))) await writeSyntheticArchive(join(base, 'content'), { requests });
  await buildArchive({ contentDir: join(base, 'content'), buildDir, cacheDir: join(base, 'cache'), media: folderMediaStore(join(base, 'media')), env: {}, images: false, layout });
  return buildDir;
}

/**
 * Details and default-limit pages a loose build holds as files: up to 40 request and 20 public
 * body details (the first of their folders with an `index.html`), and every request and public
 * body page at the default limit, up to 40.
 */
async function looseAnswers(looseDir: string, manifest: Manifest): Promise<{ details: string[]; pages: string[] }> {
  const detailsOf = async (resource: 'request' | 'publicbody', most: number) => {
    const ids = (await readdir(join(looseDir, 'api/v1', resource), { withFileTypes: true })).filter((entry) => entry.isDirectory() && /^[0-9]+$/.test(entry.name)).map((entry) => entry.name);
    const held = ids.filter((id) => existsSync(join(looseDir, buildPaths.looseDetail(resource, id))));
    return held.slice(0, most).map((id) => `/api/v1/${resource}/${id}/`);
  };
  const pagesOf = (resource: 'request' | 'publicbody') =>
    [0, ...pageOffsets(manifest.lists[resource]?.total ?? 0)].slice(0, 40).map((offset) => `/api/v1/${resource}/?limit=${PAGE_SIZE}&offset=${offset}`);
  return { details: [...(await detailsOf('request', 40)), ...(await detailsOf('publicbody', 20))], pages: [...pagesOf('request'), ...pagesOf('publicbody')] };
}

// --- servers, each in its own process -------------------------------------------------------

async function child(kind: 'preview' | 'http-server', dir: string): Promise<{ url: string; stop(): void }> {
  let proc: ChildProcess;
  if (kind === 'http-server') {
    const bin = join(dirname(createRequire(import.meta.url).resolve('http-server/package.json')), 'bin', 'http-server');
    // http-server does not report a port it picked itself, so pick one here.
    const port = 18_000 + Math.floor(Math.random() * 1000);
    proc = spawn(process.execPath, [bin, dir, '-e', 'json', '-p', String(port), '-a', '127.0.0.1', '-s'], { stdio: 'ignore' });
    await waitFor(`http://127.0.0.1:${port}/api/v1/index.json`);
    return { url: `http://127.0.0.1:${port}/`, stop: () => proc.kill() };
  }
  proc = fork(fileURLToPath(import.meta.url), ['--child', dir], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const url = await new Promise<string>((resolve) => proc.once('message', (m) => resolve(String(m))));
  return { url, stop: () => proc.kill() };
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server at ${url} did not come up`);
}

interface Result {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function run(url: string, paths: string[], seconds: number, connections: number): Promise<Result> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--child') {
    const server = await startPreviewServer({ buildDir: args[1]!, port: 0 });
    process.send!(server.url);
    return;
  }
  const { values } = parseArgs({ args, options: { seconds: { type: 'string', default: '5' }, requests: { type: 'string', default: '10000' } } });
  const seconds = Number(values.seconds);
  const started = Date.now();
  const dir = await benchBuild(Number(values.requests));
  console.error(`bench build ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${dir}`);
  const rows: string[] = [];

  // Files the CDN serves as they are: the root and first list pages (index.json). Details are
  // read out of packs and lists with signed media links are answered by the function, so
  // http-server could not answer them: they are timed through the preview below.
  const staticPaths = ['/api/v1/', '/api/v1/request/', '/api/v1/publicbody/', '/api/v1/document/'];
  for (const kind of ['http-server', 'preview', 'http-server', 'preview'] as const) {
    const server = await child(kind, dir);
    const r = await run(server.url, staticPaths, seconds, 10);
    server.stop();
    rows.push(`| static JSON (4 files) | ${kind === 'preview' ? 'preview' : 'http-server -e json'} | 10 | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.non2xx} |`);
  }

  // Details and default-limit pages: the loose build's files against the packed build's packs, A B A B.
  const looseDir = await benchBuild(Number(values.requests), 'loose');
  console.error(`loose build ready: ${looseDir}`);
  const answers = await looseAnswers(looseDir, JSON.parse(await readFile(join(looseDir, buildPaths.manifest), 'utf8')) as Manifest);
  for (const [name, paths] of [[`details (${answers.details.length})`, answers.details], [`default-limit pages (${answers.pages.length})`, answers.pages]] as const) {
    for (const connections of [1, 4]) {
      for (const layout of ['loose', 'packed', 'loose', 'packed'] as const) {
        const server = await child('preview', layout === 'loose' ? looseDir : dir);
        await run(server.url, paths, 1, 1);
        const r = await run(server.url, paths, seconds, connections);
        server.stop();
        rows.push(`| ${name} | preview, ${layout === 'loose' ? 'loose: files' : 'packed: packs'} | ${connections} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.non2xx} |`);
      }
    }
  }

  const server = await child('preview', dir);
  const manifest = JSON.parse(await readFile(join(dir, buildPaths.manifest), 'utf8')) as Manifest;
  const messages = manifest.lists.message?.total ?? 0;
  const requests = manifest.lists.request?.total ?? 0;
  const computed: [string, string[]][] = [
    ['offset pages', Array.from({ length: 40 }, (_, i) => `/api/v1/message/?limit=${[20, 50, 7, 33][i % 4]}&offset=${(i * 12_347) % messages}`)],
    // Request items embed their public body, spliced in from its own pack (docs/architecture.md, "Embedded public bodies").
    ['request pages', Array.from({ length: 20 }, (_, i) => `/api/v1/request/?limit=${[50, 20, 7, 33][i % 4]}&offset=${(i * 2_347) % requests}`)],
    ['filtered lists', [
      '/api/v1/message/?request=42', '/api/v1/message/?request=4242&is_response=true', '/api/v1/request/?status=resolved&offset=1000',
      '/api/v1/request/?public_body=7&tags=Gutachten', '/api/v1/message/?kind=post&limit=10&offset=500', '/api/v1/request/?jurisdiction=3&status=asleep',
      '/api/v1/request/?created_at_after=2021-01-01&created_at_before=2021-02-01', '/api/v1/attachment/?belongs_to=1234',
    ]],
    ['format=api', ['/api/v1/request/?format=api', '/api/v1/request/77/?format=api', `/api/v1/message/?format=api&offset=${messages - 17}`]],
    ['q', ['/api/v1/publicbody/?q=amt', '/api/v1/page/?q=Seite&offset=20', '/api/v1/publicbody/autocomplete/?q=Beh']],
  ];
  for (const [name, paths] of computed) {
    // One second of the same answers first, unmeasured: the server's first answers of a kind
    // compile its code and read its files (the "first" answers of bench/search.ts), which in a
    // 5-second run would be the slowest percent by themselves.
    await run(server.url, paths, 1, 1);
    for (const connections of [1, 4]) {
      const r = await run(server.url, paths, seconds, connections);
      rows.push(`| ${name} | preview | ${connections} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.non2xx} |`);
    }
  }
  server.stop();
  // Bytes each answer reads from build/ (what the API function fetches from the deploy on
  // Netlify): the same URLs through the API core with a BuildStore that counts.
  let read = 0;
  let reads = 0;
  const files = fsBuildStore(dir);
  const counting: BuildStore = {
    read: async (path) => { const bytes = await files.read(path); read += bytes?.byteLength ?? 0; reads++; return bytes; },
    readRange: async (path, start, end) => { const bytes = await files.readRange!(path, start, end); read += bytes?.byteLength ?? 0; reads++; return bytes; },
  };
  const api = createApiHandler({ store: counting });
  let most = { bytes: 0, path: '' };
  let mostReads = { reads: 0, path: '' };
  for (const [, paths] of computed) {
    for (const path of paths) {
      read = 0;
      reads = 0;
      await (await api(new Request(new URL(path, 'http://bench.test')))).arrayBuffer();
      if (read > most.bytes) most = { bytes: read, path };
      if (reads > mostReads.reads) mostReads = { reads, path };
    }
  }
  console.log(`most bytes read for one computed answer: ${(most.bytes / 1024).toFixed(0)} KB (${most.path}), the manifest's first read included`);
  console.log(`most reads (files and ranges) for one computed answer: ${mostReads.reads} (${mostReads.path})`);
  console.log(`load average at the end: ${loadavg().map((load) => load.toFixed(1)).join(' / ')} (1 / 5 / 15 min), ${cpus().length} cores`);
  console.log('| answers | server | connections | req/s | p50 ms | p99 ms | non-2xx |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}

await main();

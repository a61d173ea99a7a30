/**
 * Serving benchmark (issue 4 #11): `npm run bench:serve [-- --seconds 5]`.
 *
 * 1. Writes a bench build/ tree with 10,000 requests and 30,000 messages (list pages, details,
 *    filter indexes, manifest), laid out by the same code the build uses.
 * 2. Static JSON throughput: the local preview and plain `http-server -e json` on that tree,
 *    side by side in one run, each in its own process, same autocannon settings.
 * 3. Latency of computed answers on the preview: offset pages, filtered lists, format=api.
 *
 * Prints a Markdown table for docs/serving.md.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { envelope } from '../src/api/envelope.ts';
import { MANIFEST_VERSION, type Manifest } from '../src/api/manifest.ts';
import { buildPaths, PAGE_SIZE, RESOURCE_NAMES, UrlBuilder, type ResourceName } from '../src/api/routes.ts';
import { planFilterIndexes } from '../src/output/indexes.ts';
import { startPreviewServer } from '../src/serve/preview.ts';

const REQUESTS = 10_000;
const MESSAGES = 30_000;
const urls = new UrlBuilder({ baseUrl: 'https://bench.test', mediaUrl: 'https://bench.test/media/', siteUrl: 'https://site.test' });
const STATUSES = ['resolved', 'awaiting_response', 'asleep', 'awaiting_classification'];

async function put(dir: string, path: string, body: string): Promise<void> {
  const file = join(dir, ...path.split('/'));
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, body);
}

function requestItem(id: number) {
  const body = 1 + (id % 300);
  return {
    resource_uri: urls.detail('request', id),
    id,
    url: `/anfrage/anfrage-${id}/`,
    jurisdiction: urls.detail('jurisdiction', 1 + (id % 17)),
    is_foi: true,
    checked: id % 5 === 0,
    costs: 0.0,
    law: urls.detail('law', 1 + (id % 20)),
    description: `Sehr geehrte Damen und Herren, bitte senden Sie mir Folgendes zu: Unterlagen Nr. ${id} zu dem Vorgang, der im Jahr ${2000 + (id % 24)} begonnen hat.`,
    status: STATUSES[id % 4],
    public_body: { resource_uri: urls.detail('publicbody', body), id: body, name: `Behörde ${body}`, site_url: urls.publicBodyPage(body, `b${body}`) },
    title: `Anfrage ${id} über Unterlagen`,
    tags: id % 3 ? ['umwelt'] : ['bund', 'verkehr'],
  };
}

function messageItem(id: number) {
  const request = 1 + ((id - 1) % REQUESTS);
  return {
    resource_uri: urls.detail('message', id),
    id,
    url: `${urls.settings.siteUrl}/anfrage/anfrage-${request}/#nachricht-${id}`,
    request: urls.detail('request', request),
    sent: true,
    is_response: id % 2 === 0,
    kind: id % 10 === 0 ? 'post' : 'email',
    sender_public_body: id % 2 === 0 ? urls.detail('publicbody', 1 + (request % 300)) : null,
    timestamp: '2024-05-01T10:00:00+02:00',
    attachments: [],
  };
}

async function writeList(dir: string, resource: ResourceName, items: unknown[], lists: Manifest['lists']): Promise<void> {
  lists[resource] = { total: items.length };
  for (let offset = 0; offset < items.length; offset += PAGE_SIZE) {
    const page = envelope(urls, resource, { offset, limit: PAGE_SIZE, total: items.length, objects: items.slice(offset, offset + PAGE_SIZE) });
    await put(dir, buildPaths.listPage(resource, offset), JSON.stringify(page));
  }
}

async function writeBenchBuild(dir: string): Promise<void> {
  const lists: Manifest['lists'] = {};
  await put(dir, buildPaths.apiRoot, JSON.stringify(Object.fromEntries(RESOURCE_NAMES.map((n) => [n, urls.list(n)]))));
  const requests = Array.from({ length: REQUESTS }, (_, i) => requestItem(i + 1));
  await writeList(dir, 'request', requests, lists);
  for (const item of requests) await put(dir, buildPaths.detail('request', item.id), JSON.stringify(item));
  const requestModels = requests.map((r) => ({
    id: r.id, user: null, isFoi: true, checked: r.checked, sameAs: null, jurisdiction: { id: 1 + (r.id % 17) },
    publicBody: { id: r.public_body.id, categories: [], classification: null }, law: { id: 1 + (r.id % 20) }, project: null,
    slug: `anfrage-${r.id}`, status: r.status, resolution: '', tags: r.tags, reference: '', campaign: null,
  }));
  for (const file of planFilterIndexes('request', requestModels)) await put(dir, file.path, (file as { body: string }).body);
  for (let id = 1; id <= 300; id++) await put(dir, buildPaths.detail('publicbody', id), JSON.stringify({ id }));

  const messages = Array.from({ length: MESSAGES }, (_, i) => messageItem(i + 1));
  await writeList(dir, 'message', messages, lists);
  const messageModels = messages.map((m) => ({ id: m.id, request: { id: 1 + ((m.id - 1) % REQUESTS) }, kind: m.kind, isResponse: m.is_response, isDraft: false }));
  for (const file of planFilterIndexes('message', messageModels)) await put(dir, file.path, (file as { body: string }).body);

  await put(dir, buildPaths.manifest, JSON.stringify({ version: MANIFEST_VERSION, build: 'bench', urls: urls.settings, lists } satisfies Manifest));
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
  const seconds = Number(args[args.indexOf('--seconds') + 1]) || 5;
  const dir = await mkdtemp(join(tmpdir(), 'bench-serve-'));
  const rows: string[] = [];
  try {
    const started = Date.now();
    await writeBenchBuild(dir);
    console.error(`bench build written in ${((Date.now() - started) / 1000).toFixed(1)} s: ${dir}`);

    const staticPaths = ['/api/v1/request/', '/api/v1/request/1234/', '/api/v1/message/', '/api/v1/'];
    for (const kind of ['http-server', 'preview', 'http-server', 'preview'] as const) {
      const server = await child(kind, dir);
      const r = await run(server.url, staticPaths, seconds, 10);
      server.stop();
      rows.push(`| static JSON (4 paths) | ${kind === 'preview' ? 'preview' : 'http-server -e json'} | 10 | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.non2xx} |`);
    }

    const server = await child('preview', dir);
    const computed: [string, string[]][] = [
      ['offset pages', Array.from({ length: 40 }, (_, i) => `/api/v1/request/?limit=20&offset=${(i * 247) % 9980}`)],
      ['filtered lists', [
        '/api/v1/message/?request=42', '/api/v1/message/?request=4242&is_response=true', '/api/v1/request/?status=resolved&offset=1000',
        '/api/v1/request/?public_body=7&tags=bund', '/api/v1/message/?kind=post&limit=10&offset=500', '/api/v1/request/?jurisdiction=3&checked=true',
      ]],
      ['format=api', ['/api/v1/request/?format=api', '/api/v1/request/77/?format=api', '/api/v1/message/?format=api&offset=12345']],
    ];
    for (const [name, paths] of computed) {
      for (const connections of [1, 4]) {
        const r = await run(server.url, paths, seconds, connections);
        rows.push(`| ${name} | preview | ${connections} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.non2xx} |`);
      }
    }
    server.stop();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  console.log('| answers | server | connections | req/s | p50 ms | p99 ms | non-2xx |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}

await main();

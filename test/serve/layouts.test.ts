/**
 * The two layouts of one archive (src/output/layout.ts): the sample built loose and packed,
 * each served by the preview. The loose build is the packed one plus a file per detail and per
 * default-limit page; both answer every URL with the same status, headers (bar ETag) and bytes;
 * Netlify's own redirect engine sends every loose file's URL to that file and to no function;
 * and a plain static server (http-server) serves the root, every detail and every first page of
 * the loose build with no rules. The same comparison runs on a synthetic archive of 300 requests
 * (tools/synthetic.ts): every URL a crawler reaches, every file, and computed answers sampled.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../src/formats/manifest.ts';
import { PAGE_SIZE } from '../../src/api/resources/declaration-spec.ts';
import { routeRequest } from '../../src/serve/host-routing.ts';
import { listFiles, serveSampleArchive, type ServedSample } from '../helpers/build.ts';
import { crawl } from '../helpers/crawl.ts';
import { writeSyntheticArchive, type SyntheticCounts } from '../../tools/synthetic.ts';
import { netlifyEngine } from '../helpers/netlify-engine.ts';

const BASE = 'https://layouts.test';
const loose = serveSampleArchive(BASE, { layout: 'loose', images: false });
const packed = serveSampleArchive(BASE, { layout: 'packed', images: false });

/** A loose build's answer files: directory index copies and details (index.html), pages past the first (offset-<n>.json). */
const ANSWER_FILE = /(^|\/)index\.html$|\/offset-[0-9]+\.json$/;
/** Files whose bytes differ between the layouts: the routing rules and the manifest (its `layout`). */
const LAYOUT_FILES = new Set(['_redirects', '_headers', '_data/manifest.json']);

/** The URL path (and query) a loose answer file answers. */
function urlOf(file: string): string {
  const page = /^(.*\/)offset-([0-9]+)\.json$/.exec(file);
  if (page) return `/${page[1]}?limit=${PAGE_SIZE}&offset=${page[2]}`;
  return `/${file.replace(/index\.html$/, '')}`;
}

let looseFiles: string[];
let answerFiles: string[];
let manifest: Manifest;
beforeAll(async () => {
  looseFiles = await listFiles(loose.buildDir);
  answerFiles = looseFiles.filter((file) => ANSWER_FILE.test(file));
  manifest = JSON.parse(await readFile(join(loose.buildDir, '_data/manifest.json'), 'utf8'));
});

/** An answer's status, headers but ETag and Date, and bytes. */
async function answerOf(response: Response) {
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !['etag', 'date', 'connection', 'keep-alive'].includes(name)));
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()).toString('utf8') };
}

describe('the loose and the packed layout', () => {
  it('say which they are and why', () => {
    expect(loose.result.layout).toEqual({ layout: 'loose', reason: '--layout loose' });
    expect(packed.result.layout).toEqual({ layout: 'packed', reason: '--layout packed' });
    expect(manifest.layout).toBe('loose');
  });

  it('write the same files, the loose one a file per detail and default-limit page besides', async () => {
    const packedFiles = await listFiles(packed.buildDir);
    expect(looseFiles.filter((file) => !ANSWER_FILE.test(file))).toEqual(packedFiles);
    for (const file of packedFiles) {
      if (LAYOUT_FILES.has(file)) continue;
      const [a, b] = await Promise.all([readFile(join(loose.buildDir, file)), readFile(join(packed.buildDir, file))]);
      expect(a.equals(b), file).toBe(true);
    }
    // Root and first-page copies, details, pages past the first.
    expect(answerFiles).toContain('api/v1/index.html');
    expect(answerFiles).toContain('api/v1/request/index.html');
    // Every request's detail, but those whose answer mints tokens (a message links a non-public attachment).
    const requests = (await (await fetch(packed.local('/api/v1/request/?limit=50&offset=0'))).json()) as { objects: { id: number }[] };
    expect(requests.objects).toHaveLength(manifest.lists.request!.total);
    for (const { id } of requests.objects) {
      const answer = await (await fetch(packed.local(`/api/v1/request/${id}/`))).text();
      expect(answerFiles.includes(`api/v1/request/${id}/index.html`), `request ${id}`).toBe(!answer.includes('?token='));
    }
    expect(answerFiles.some((file) => /\/offset-50\.json$/.test(file))).toBe(true);
    // The lists whose answers mint tokens have no files (their details may: those without a token slot).
    expect(answerFiles.filter((file) => /^api\/v1\/(message|attachment)\/(index\.html|offset-)/.test(file))).toEqual([]);
  });

  it('hold every answer complete: the bytes the packed build answers for the URL, and no token slot', async () => {
    for (const file of answerFiles) {
      const body = await readFile(join(loose.buildDir, file), 'utf8');
      expect(body.includes('\u0001') || body.includes('\u0002'), file).toBe(false);
      const response = await fetch(packed.local(urlOf(file)));
      expect(response.status, file).toBe(200);
      expect(await response.text(), file).toBe(body);
    }
  });

  it('answer every URL of the sample with the same status, headers but ETag, and bytes', async () => {
    const urls = await urlsToCompare(packed, answerFiles);
    expect(urls.size).toBeGreaterThan(answerFiles.length);
    await expectSameAnswers(loose, packed, urls);
  });
});

describe('the two layouts of a synthetic archive of 300 requests', () => {
  const content = mkdtempSync(join(tmpdir(), 'layouts-synthetic-'));
  let counts: SyntheticCounts;
  beforeAll(async () => {
    counts = await writeSyntheticArchive(join(content, 'content'), { requests: 300 });
  }, 120_000);
  const options = { images: false, contentDir: join(content, 'content'), cacheDir: join(content, 'cache') };
  const syntheticLoose = serveSampleArchive(BASE, { ...options, layout: 'loose' });
  const syntheticPacked = serveSampleArchive(BASE, { ...options, layout: 'packed' });
  afterAll(() => rm(content, { recursive: true, force: true }));

  it('answer every URL a crawler reaches, every file and sampled computed answers alike', async () => {
    const files = (await listFiles(syntheticLoose.buildDir)).filter((file) => ANSWER_FILE.test(file));
    // A file for every request's detail but those that mint tokens (an attachment's file_url), and the request list's six pages.
    const minting: number[] = [];
    for (let id = 1; id <= counts.requests; id++) {
      const minted = (await (await fetch(syntheticPacked.local(`/api/v1/request/${id}/`))).text()).includes('?token=');
      if (minted) minting.push(id);
      expect(files.includes(`api/v1/request/${id}/index.html`), `request ${id}`).toBe(!minted);
    }
    expect(minting.length).toBeGreaterThan(0);
    expect(minting.length).toBeLessThan(counts.requests);
    expect(files.filter((file) => /^api\/v1\/request\/offset-[0-9]+\.json$/.test(file))).toHaveLength(5);
    const urls = await urlsToCompare(syntheticPacked, files);
    expect(urls.size).toBeGreaterThan(counts.requests + counts.messages);
    await expectSameAnswers(syntheticLoose, syntheticPacked, urls);
  }, 600_000);
});

/**
 * The URLs (paths and queries) to compare two builds of one archive by: every URL the crawler
 * reaches from the root index on `served` (every list page by meta.next, every API link in every
 * answer), every loose answer file's URL, and computed answers sampled: filters, full-text and
 * name search, other limits and offsets, `format=api`, a detail that does not exist.
 */
async function urlsToCompare(served: ServedSample, files: readonly string[]): Promise<Set<string>> {
  const crawled = await crawl(BASE, (url) => fetch(served.local(url)));
  expect(crawled.dangling).toEqual([]);
  const urls = new Set(crawled.urls.map((url) => url.slice(BASE.length)));
  for (const file of files) urls.add(urlOf(file));
  const first = async (path: string) => ((await (await fetch(served.local(path))).json()) as { objects: { id: number; title?: string; name?: string }[] }).objects[0]!;
  const request = await first('/api/v1/request/');
  const body = await first('/api/v1/publicbody/');
  const word = (text: string | undefined) => encodeURIComponent(text!.split(' ')[0]!);
  for (const url of [
    '/api/v1/request/999999/',
    '/api/v1/request/?status=resolved',
    '/api/v1/request/?status=resolved&limit=50&offset=50',
    `/api/v1/request/?public_body=${body.id}`,
    '/api/v1/request/?limit=50&offset=7',
    '/api/v1/request/?limit=20&offset=40',
    `/api/v1/request/search/?q=${word(request.title)}`,
    `/api/v1/publicbody/?q=${word(body.name)}`,
    `/api/v1/publicbody/search/?q=${word(body.name)}`,
    `/api/v1/message/?request=${request.id}`,
    '/api/v1/document/?limit=5',
    `/api/v1/publicbody/${body.id}/?format=api`,
    `/api/v1/request/${request.id}/?format=api`,
  ]) {
    // Each an answer, not a refusal: a filter, a search, a page the function computes.
    expect((await fetch(served.local(url))).status, url).toBe(url.includes('999999') ? 404 : 200);
    urls.add(url);
  }
  return urls;
}

/** Fetches every URL from both builds, a few at a time, and expects the same status, headers but ETag, and bytes. */
async function expectSameAnswers(a: ServedSample, b: ServedSample, urls: Set<string>): Promise<void> {
  const queue = [...urls];
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      const [left, right] = await Promise.all([fetch(a.local(url)).then(answerOf), fetch(b.local(url)).then(answerOf)]);
      expect(left, url).toEqual(right);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

describe('routing a loose build', () => {
  it('sends every detail and default-limit page URL to its file on Netlify and in the preview, to no function', async () => {
    const netlify = await netlifyEngine(loose.buildDir, 'loose');
    for (const file of answerFiles) {
      const url = new URL(urlOf(file), BASE);
      const landed = await netlify('GET', url);
      // The bare list path lands on its index.html copy of the bare list file.
      expect(landed, url.href).toBe(`static:${file}`);
      const destination = routeRequest('GET', url, manifest.lists);
      expect(destination.kind, url.href).toBe('static');
      // The preview's file for a bare list path is the bare list file, the same bytes.
      if (destination.kind === 'static' && !file.endsWith('/index.html')) expect(destination.file).toBe(file);
    }
    // The page rule of offset 0 and the bare list URL.
    expect(await netlify('GET', new URL('/api/v1/request/?limit=50&offset=0', BASE))).toBe('static:api/v1/request/index.json');
    expect(routeRequest('GET', new URL('/api/v1/request/?limit=50&offset=0', BASE), manifest.lists)).toEqual({ kind: 'static', file: 'api/v1/request/index.json', missing: 'function' });
  });

  it('sends what no file holds to the function, on Netlify as in the preview', async () => {
    const netlify = await netlifyEngine(loose.buildDir, 'loose');
    const functionAnswered = [
      '/api/v1/request/999999/',
      '/api/v1/request/?limit=50&offset=7',
      '/api/v1/request/?limit=20&offset=0',
      '/api/v1/request/?limit=50&offset=50&status=resolved',
      '/api/v1/request/?limit=50&offset=50&format=json',
      `/api/v1/request/?limit=50&offset=${PAGE_SIZE * 1000}`,
      '/api/v1/message/?limit=50&offset=0',
    ];
    for (const path of functionAnswered) {
      const url = new URL(path, BASE);
      expect(await netlify('GET', url), path).toBe('function');
      expect(await previewLanding(url), path).toBe('function');
    }
    // A message whose answer mints tokens (it links a non-public attachment) has no file: the function answers it.
    const messageFiles = new Set(answerFiles.filter((file) => /^api\/v1\/message\/[0-9]+\/index\.html$/.test(file)));
    const messages = (await (await fetch(packed.local('/api/v1/message/?limit=50&offset=0'))).json()) as { objects: { id: number }[] };
    const minted = messages.objects.map((message) => message.id).find((id) => !messageFiles.has(`api/v1/message/${id}/index.html`));
    expect(minted).toBeDefined();
    expect(messageFiles.size).toBeGreaterThan(0);
    expect(await netlify('GET', new URL(`/api/v1/message/${minted}/`, BASE))).toBe('function');
  });

  it('keeps the detail Edge Function for a packed build, whose details are in packs only', async () => {
    const netlify = await netlifyEngine(packed.buildDir, 'packed');
    expect(await netlify('GET', new URL('/api/v1/request/1/', BASE))).toBe('edge:api-detail');
    expect(await netlify('GET', new URL('/api/v1/request/?limit=50&offset=0', BASE))).toBe('function');
  });
});

/** Where the preview sends a request to the loose build: its file, or the function when it has none. */
async function previewLanding(url: URL): Promise<string> {
  const destination = routeRequest('GET', url, manifest.lists);
  if (destination.kind !== 'static') return destination.kind;
  if (looseFiles.includes(destination.file)) return `static:${destination.file}`;
  return destination.missing;
}

/** A free port on 127.0.0.1. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a loose build on a plain static server', () => {
  let server: ChildProcess | undefined;
  let origin: string;
  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    // The flags docs/deploy.md names ("A loose build on any static host").
    server = spawn(process.execPath, ['node_modules/http-server/bin/http-server', loose.buildDir, '-a', '127.0.0.1', '-p', String(port), '-c-1', '--mimetypes', 'tools/http-server.types', '-s'], { stdio: 'ignore' });
    for (let tries = 0; ; tries++) {
      try {
        await fetch(`${origin}/api/v1/`);
        break;
      } catch (error) {
        if (tries > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
  afterAll(() => {
    server?.kill();
  });

  it('serves the root, every detail and every list first page of the archive as JSON, with no rules', async () => {
    const paths = answerFiles.filter((file) => file.endsWith('index.html'));
    expect(paths.length).toBeGreaterThan(50);
    for (const file of paths) {
      const response = await fetch(`${origin}/${file.replace(/index\.html$/, '')}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('content-type'), file).toBe('application/json; charset=UTF-8');
      expect(await response.text(), file).toBe(await readFile(join(loose.buildDir, file), 'utf8'));
    }
  });
});

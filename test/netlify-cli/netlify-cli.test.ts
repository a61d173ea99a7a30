/**
 * The sample archive under Netlify's own CLI (netlify-cli 27.10.2 with @netlify/build 37.3.3,
 * @netlify/edge-bundler 16.1.1, @netlify/zip-it-and-ship-it 16.2.3), offline, on a fresh clone:
 * `netlify build --offline` as an operator's first build runs it, and `netlify serve --offline`
 * crawled and compared URL by URL with the local preview. Run by `npm run test:netlify`
 * (tools/test-netlify.ts installs the CLI from its lockfile first); docs/netlify.md,
 * "The suite on Netlify's CLI", says what the local runtime cannot do offline.
 */
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSampleArchive, BUILD_CLOCK } from '../helpers/build.ts';
import { crawl, expectSampleCrawl, type Crawl } from '../helpers/crawl.ts';
import { collect, startBlobsServer, type TestBlobs } from '../helpers/media.ts';
import { cliEnv, cliInstalled, freshClone, INSTALL, netlify, netlifyServe, seededDenoDir, type Served } from './cli.ts';
import * as apiCsv from '../../src/netlify/edge-functions/api-csv.ts';
import { DETAIL_API_PATH } from '../../src/serve/api/early.ts';
import * as apiMethods from '../../src/netlify/edge-functions/api-methods.ts';
import * as apiSlash from '../../src/netlify/edge-functions/api-slash.ts';

if (!cliInstalled()) throw new Error(`Netlify's CLI is not installed under ${INSTALL}: run npm run test:netlify`);

const BASE = 'https://crawl.test';
/** A production context needs real keys (src/config.ts refuses the development key). */
const KEYS = 'ci:netlify-cli-test-secret-0123456789abcdef';
const INLINE: Record<string, { config: { path?: string | string[]; pattern?: string; method?: string[] } }> = {
  'api-csv': apiCsv,
  'api-methods': apiMethods,
  'api-slash': apiSlash,
};

let clone: Awaited<ReturnType<typeof freshClone>>;
let scratch: string;
let env: (extra: Record<string, string>) => NodeJS.ProcessEnv;

beforeAll(async () => {
  clone = await freshClone();
  // The packed layout: `netlify serve` gives a loose build's `index.html` files the type of their
  // extension, not the `Content-Type` of `_headers` (docs/netlify.md, "The suite on Netlify's
  // CLI"), and the packed layout is the one that needs the Frameworks API declaration.
  await appendFile(join(clone.dir, 'content/site.yaml'), 'layout: packed\n');
  scratch = await mkdtemp(join(INSTALL, 'runs/state-'));
  const denoDir = await seededDenoDir(join(scratch, 'deno'));
  env = (extra) => cliEnv(denoDir, join(scratch, 'home'), { SOURCE_DATE_EPOCH: String(BUILD_CLOCK), BASE_URL: BASE, ...extra });
}, 120_000);
afterAll(async () => {
  await clone?.remove();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('netlify build --offline on a fresh clone', () => {
  let blobs: TestBlobs;
  beforeAll(async () => {
    blobs = await startBlobsServer();
  });
  afterAll(() => blobs?.stop());

  it('refuses, saying why, when Netlify gives the build no Blobs (a local build without a linked site)', async () => {
    const ran = await netlify(['build', '--offline'], clone.dir, env({ MEDIA_TOKEN_KEYS: KEYS }));
    expect(ran.code, ran.output).not.toBe(0);
    expect(ran.output).toMatch(/this build runs under Netlify \(NETLIFY_LOCAL=true\) but Netlify gave it no Blobs for the media store netlify-blobs:archive-media/);
    expect(ran.output).toMatch(/MEDIA_STORE=<folder>/);
  }, 300_000);

  it('loads the plugin, builds into Netlify Blobs, and bundles every function with its whole configuration', async () => {
    const { siteID, token, apiURL } = blobs.access;
    const blobsEnv = { MEDIA_TOKEN_KEYS: KEYS, NETLIFY_SITE_ID: siteID, NETLIFY_BLOBS_TOKEN: token, NETLIFY_BLOBS_API_URL: apiURL };
    const ran = await netlify(['build', '--offline'], clone.dir, env(blobsEnv));
    expect(ran.code, ran.output).toBe(0);
    expect(ran.output).toContain('./src/netlify/plugins/archive-cache');
    expect(ran.output).toMatch(/^archive-cache: saved \.cache\/archive\/parsed$/m);
    expect(ran.output).not.toMatch(/Could not load configuration for edge function/);
    expect(ran.output).toContain('Netlify Build Complete');
    // The media went to the Blobs store, none into build/.
    expect((await collect(blobs.store().list())).length).toBeGreaterThan(100);

    const manifest = JSON.parse(await readFile(join(clone.dir, '.netlify/edge-functions-dist/manifest.json'), 'utf8')) as {
      routes: { function: string; pattern: string; path?: string; methods?: string[] }[];
    };
    // netlify.toml's [[edge_functions]]: media on /media/*.
    expect(manifest.routes).toContainEqual(expect.objectContaining({ function: 'media', path: '/media/*' }));
    for (const [name, { config }] of Object.entries(INLINE)) {
      const routes = manifest.routes.filter((route) => route.function === name);
      expect(routes.length, name).toBeGreaterThan(0);
      for (const path of [config.path ?? []].flat()) expect(routes.map((route) => route.path), name).toContain(path);
      if (config.pattern) expect(routes.map((route) => route.pattern), name).toContain(config.pattern);
      for (const route of routes) expect(route.methods, name).toEqual(config.method);
    }
    // A packed build declares api-detail through the Frameworks API, .netlify/v1/config.json
    // (src/netlify/edge-declarations.ts): on every detail path.
    expect(manifest.routes.filter((route) => route.function === 'api-detail').map((route) => route.pattern)).toEqual([DETAIL_API_PATH]);
    expect(manifest.routes.map((route) => route.function).sort()).toEqual(['api-csv', 'api-detail', 'api-methods', 'api-methods', 'api-slash', 'media']);

    // zip-it-and-ship-it bundles the v2 function with nft, whatever node_bundler would say.
    const functions = JSON.parse(await readFile(join(clone.dir, '.netlify/functions/manifest.json'), 'utf8')) as {
      functions: { name: string; bundler: string; buildData: { runtimeAPIVersion: number } }[];
    };
    expect(functions.functions.map(({ name, bundler, buildData }) => ({ name, bundler, api: buildData.runtimeAPIVersion }))).toEqual([{ name: 'api', bundler: 'nft', api: 2 }]);
  }, 600_000);

  it('a second build restores what the first kept (Netlify’s own utils.cache)', async () => {
    const { siteID, token, apiURL } = blobs.access;
    await rm(join(clone.dir, 'build'), { recursive: true, force: true });
    await rm(join(clone.dir, '.cache'), { recursive: true, force: true });
    const ran = await netlify(['build', '--offline'], clone.dir, env({ MEDIA_TOKEN_KEYS: KEYS, NETLIFY_SITE_ID: siteID, NETLIFY_BLOBS_TOKEN: token, NETLIFY_BLOBS_API_URL: apiURL }));
    expect(ran.code, ran.output).toBe(0);
    for (const folder of ['.cache/archive/parsed', '.cache/archive/digests', '.cache/archive/output']) expect(ran.output).toContain(`archive-cache: restored ${folder}`);
    expect(ran.output).toMatch(/^archive-cache: restored .*build$/m);
  }, 600_000);
});

/** Media tokens are minted when answered, so two servers' bodies differ in them only. */
const masked = (body: string) => body.replace(/token=[^"&\\]+/g, 'token=*');
const COMPARED = ['content-type', 'cache-control', 'allow'] as const;

describe('netlify serve --offline, crawled and compared with the preview', () => {
  const preview = serveSampleArchive(BASE, { layout: 'packed' });
  let served: Served;
  let netlifyCrawl: Crawl;
  const onNetlify = (url: string) => fetch(served.origin + url.slice(BASE.length), { redirect: 'manual' });
  /** What Netlify answered each URL of the crawl (a function call takes seconds on a loaded machine: asked once). */
  const answers = new Map<string, { status: number; headers: Headers; body: Promise<string> }>();
  const recorded = async (url: string) => {
    const response = await onNetlify(url);
    answers.set(url, { status: response.status, headers: response.headers, body: response.clone().text() });
    return response;
  };

  beforeAll(async () => {
    served = await netlifyServe(clone.dir, env({ MEDIA_TOKEN_KEYS: KEYS }), 8800 + (process.pid % 100), 420_000);
    // A failed crawl says what the CLI printed (the function's log of a 500 among it).
    netlifyCrawl = await crawl(BASE, recorded).catch((error: unknown) => {
      throw new Error(`${String(error)}\nnetlify serve printed (last 4,000 characters):\n${served.output().slice(-4000)}`, { cause: error });
    });
  }, 600_000);
  afterAll(() => served?.stop());

  it('hands the build its local Blobs sandbox, which the build uses', () => {
    expect(served.output()).toMatch(/Netlify Blobs running in sandbox mode/);
    expect(served.output()).toMatch(/media: .* to the Netlify Blobs store archive-media/);
  });

  it('cannot run Edge Functions offline: its edge runtime imports Netlify’s remote bootstrap', () => {
    // netlify-cli's edge runtime (.netlify/edge-functions-serve/dev.js) imports
    // https://v<version>--edge.netlify.com/bootstrap/index-combined.ts; the npm package
    // @netlify/edge-functions-bootstrap holds its types only. docs/netlify.md#local-emulation.
    expect(served.output()).toMatch(/Import 'https:\/\/v[\d-]+--edge\.netlify\.com\/bootstrap\/index-combined\.ts' failed/);
    expect(served.output()).toContain('Failed to load edge functions');
  });

  it('every link of the crawl resolves, as on the preview', () => {
    expectSampleCrawl(netlifyCrawl);
  });

  it('answers every URL of the crawl as the preview does, but for the local runtime’s documented differences', async () => {
    const differences = new Map<string, string[]>();
    const note = (kind: string, path: string) => differences.set(kind, [...(differences.get(kind) ?? []), path]);
    for (const url of netlifyCrawl.urls) {
      const path = url.slice(BASE.length);
      const [mine, theirs] = [await fetch(preview.local(url)), answers.get(url)!];
      expect(theirs.status, path).toBe(mine.status);
      for (const name of COMPARED) {
        const [a, b] = [mine.headers.get(name), theirs.headers.get(name)];
        if (a === b) continue;
        // The CLI's static file server (not the CDN) types .json with a charset and rewrites
        // Cache-Control to max-age=0 (docs/netlify.md#the-suite-on-netlifys-cli).
        if (name === 'content-type' && a === 'application/json' && b === 'application/json; charset=utf-8') note('static content-type', path);
        else if (name === 'cache-control' && a === 'public, max-age=0, must-revalidate' && b === 'public, max-age=0') note('static cache-control', path);
        else note(`${name}: preview ${a}, netlify ${b}`, path);
      }
      expect(masked(await theirs.body), path).toBe(masked(await mine.text()));
    }
    const kinds = [...differences.keys()].sort();
    expect(kinds.filter((kind) => !kind.startsWith('static ')), JSON.stringify(Object.fromEntries(differences), null, 1)).toEqual([]);
  }, 600_000);

  it('answers an unknown detail with froide’s 404, its Allow and no-cache', async () => {
    const response = await onNetlify(`${BASE}/api/v1/request/99999/`);
    const mine = await fetch(preview.local(`${BASE}/api/v1/request/99999/`));
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('allow')).toBe(mine.headers.get('allow'));
    expect(response.headers.get('allow')).toBe('GET, PUT, PATCH, HEAD, OPTIONS');
    expect(await response.json()).toEqual(await mine.json());
  });

  it('without Edge Functions, the gate is not there: media answer 404, never a file', async () => {
    for (const url of [...netlifyCrawl.media].slice(0, 10)) expect((await onNetlify(url)).status, url).toBe(404);
  });
});

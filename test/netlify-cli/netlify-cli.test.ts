/**
 * The sample archive under Netlify's own CLI (netlify-cli 27.10.2 with @netlify/build 37.3.3,
 * @netlify/edge-bundler 16.1.1, @netlify/zip-it-and-ship-it 16.2.3), offline, on a fresh clone:
 * `netlify build --offline` as an operator's first build runs it, and `netlify serve --offline`
 * with its Edge Functions (the bootstrap of @netlify/edge-functions-dev) and its local Blobs
 * sandbox, crawled and compared URL by URL with the local preview, media gate included. Run by
 * `npm run test:netlify` (tools/test-netlify.ts installs the CLI from its lockfile first);
 * docs/netlify.md, "The suite on Netlify's CLI", lists where the local runtime differs.
 */
import { existsSync } from 'node:fs';
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSampleArchive, BUILD_CLOCK } from '../helpers/build.ts';
import { crawl, expectSampleCrawl, type Crawl } from '../helpers/crawl.ts';
import { collect, startBlobsServer, type TestBlobs } from '../helpers/media.ts';
import { cliEnv, cliInstalled, EDGE_BOOTSTRAP, freshClone, INSTALL, netlify, netlifyServe, seededDenoDir, type Served } from './cli.ts';
import { mediaPathOf, signScope, tokenScope } from '../../src/formats/media-token.ts';
import { parseTokenKeys } from '../../src/formats/token-keys.ts';
import { MEDIA_MOUNT } from '../../src/serve/media/gate.ts';
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
/** The headers a media answer is compared on. */
/**
 * The headers a media answer is compared on. Not `Content-Length`: netlify-cli's proxy passes
 * an Edge Function's answer on chunked (`Transfer-Encoding: chunked`, no length); the bytes are compared.
 */
const MEDIA_COMPARED = ['content-type', 'cache-control', 'content-disposition', 'accept-ranges', 'etag', 'x-content-type-options'] as const;
const EDGE_FUNCTIONS = ['api-csv', 'api-detail', 'api-methods', 'api-slash', 'media'];

/**
 * Requests the crawl does not send that Edge Functions answer: a path without its slash
 * (api-slash), OPTIONS and writes (api-methods), CSV by `Accept` (api-csv), details from
 * their packs (api-detail, also crawled).
 */
const EDGE_REQUESTS: [string, RequestInit][] = [
  ['/api/v1/request', {}],
  ['/api/v1/publicbody/1', {}],
  ['/api/v1/request/', { method: 'OPTIONS' }],
  ['/api/v1/message/1/', { method: 'OPTIONS' }],
  ['/api/v1/request/', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }],
  ['/api/v1/publicbody/1/', { method: 'DELETE' }],
  ['/api/v1/publicbody/', { headers: { accept: 'text/csv' } }],
  ['/api/v1/publicbody/1/', { headers: { accept: 'text/csv' } }],
  ['/api/v1/publicbody/1/', { method: 'HEAD' }],
];

describe('netlify serve --offline with Netlify’s local Edge Functions runtime, crawled and compared with the preview', () => {
  const preview = serveSampleArchive(BASE, { layout: 'packed' });
  let served: Served;
  let netlifyCrawl: Crawl;
  let previewCrawl: Crawl;
  const onNetlify = (url: string, init: RequestInit = {}) => fetch(served.origin + url.replace(BASE, ''), { redirect: 'manual', ...init });
  const onPreview = (url: string, init: RequestInit = {}) => fetch(preview.local(url.startsWith('/') ? BASE + url : url), { redirect: 'manual', ...init });
  /** What Netlify answered each URL of the crawl (a function call takes seconds on a loaded machine: asked once). */
  const answers = new Map<string, { status: number; headers: Headers; body: Promise<string> }>();
  const recorded = async (url: string) => {
    const response = await onNetlify(url);
    answers.set(url, { status: response.status, headers: response.headers, body: response.clone().text() });
    return response;
  };

  beforeAll(async () => {
    // Under netlify-cli, Edge Functions see the variables of the Netlify UI, the account,
    // add-ons and `.env` files, not the shell's (netlify-cli dist/lib/edge-functions/registry.js,
    // getEnvironmentVariables): the keys go into the clone's `.env`, as an operator's would.
    await writeFile(join(clone.dir, '.env'), `MEDIA_TOKEN_KEYS=${KEYS}\n`);
    // A site id, as a linked site has: netlify-cli's edge runtime gives Edge Functions their
    // Blobs only for a site with an id (@netlify/edge-functions-dev's bootstrap reads the id from
    // the x-nf-site-info header that netlify-cli dist/lib/edge-functions/proxy.js writes from the
    // site's information; an unlinked site has none, and the media Edge Function would fail with
    // MissingBlobsEnvironmentError).
    served = await netlifyServe(clone.dir, env({ MEDIA_TOKEN_KEYS: KEYS, NETLIFY_EDGE_BOOTSTRAP: EDGE_BOOTSTRAP, NETLIFY_SITE_ID: 'archive-cli-test' }), 8800 + (process.pid % 100), 420_000);
    // A failed crawl says what the CLI printed (the function's log of a 500 among it).
    netlifyCrawl = await crawl(BASE, recorded).catch((error: unknown) => {
      throw new Error(`${String(error)}\nnetlify serve printed (last 4,000 characters):\n${served.output().slice(-4000)}`, { cause: error });
    });
    previewCrawl = await crawl(BASE, (url) => onPreview(url));
  }, 600_000);
  afterAll(() => served?.stop());

  it('hands the build its local Blobs sandbox, which the build uses', () => {
    expect(served.output()).toMatch(/Netlify Blobs running in sandbox mode/);
    expect(served.output()).toMatch(/media: .* to the Netlify Blobs store archive-media/);
  });

  it('runs every Edge Function offline with the bootstrap of @netlify/edge-functions-dev (NETLIFY_EDGE_BOOTSTRAP)', () => {
    for (const name of EDGE_FUNCTIONS) expect(served.output()).toContain(`Loaded edge function ${name}`);
    expect(served.output()).not.toContain('Failed to load edge functions');
    expect(served.output()).not.toMatch(/edge\.netlify\.com\/bootstrap\/index-combined\.ts/);
  });

  it('every link of the crawl resolves, as on the preview', () => {
    expectSampleCrawl(netlifyCrawl);
    expect(netlifyCrawl.urls).toEqual(previewCrawl.urls);
  });

  it('answers every URL of the crawl as the preview does, but for the local runtime’s documented differences', async () => {
    const differences = new Map<string, string[]>();
    const note = (kind: string, path: string) => differences.set(kind, [...(differences.get(kind) ?? []), path]);
    for (const url of netlifyCrawl.urls) {
      const path = url.slice(BASE.length);
      const [mine, theirs] = [await onPreview(url), answers.get(url)!];
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

  it.each(EDGE_REQUESTS)('answers %s %o as the preview does', async (path, init) => {
    const [mine, theirs] = [await onPreview(path, init), await onNetlify(path, init)];
    expect(theirs.status).toBe(mine.status);
    expect(theirs.headers.get('location')).toBe(mine.headers.get('location'));
    for (const name of COMPARED) {
      // The local runtime adds the site's custom headers to Edge Function answers, the CDN does
      // not (docs/netlify.md#rule-order): api-slash's 301 for a path without its slash gets the
      // `Allow` that `_headers` gives the path with it (Netlify matches /x and /x/ alike).
      if (name === 'allow' && mine.status === 301) {
        expect(mine.headers.get(name)).toBeNull();
        expect(theirs.headers.get(name)).toBe(await headersRuleAllow(`${path}/`));
      } else expect(theirs.headers.get(name), name).toBe(mine.headers.get(name));
    }
    expect(masked(await theirs.text())).toBe(masked(await mine.text()));
  });

  /** The `Allow` that the `_headers` the CLI serves gives a path (null without a rule). */
  const headersRuleAllow = async (path: string) => {
    const file = [join(clone.dir, 'build/_headers'), join(clone.dir, '.netlify/deploy/_headers')].find((candidate) => existsSync(candidate))!;
    const lines = (await readFile(file, 'utf8')).split('\n');
    const at = lines.indexOf(path);
    if (at < 0) return null;
    const rule = lines.slice(at + 1).findIndex((line) => !/^\s/.test(line));
    const allow = lines.slice(at + 1, at + 1 + (rule < 0 ? lines.length : rule)).find((line) => /^\s+Allow:/.test(line));
    return allow ? allow.replace(/^\s+Allow:\s*/, '') : null;
  };

  it('answers an unknown detail as it answers the last of the CLI’s .html retries, a 404 with an empty Allow', async () => {
    // The function's answer for /api/v1/request/99999/ is froide's 404 with the detail's Allow
    // (the preview's); netlify-cli's proxy retries a 404 or 403 as <path>.html, <path>.htm,
    // <path>/index.html, <path>/index.htm (dist/utils/proxy.js, alternativePathsFor) and answers
    // the last, which is no API route. Netlify's CDN does not retry (docs/netlify.md, "The suite
    // on Netlify's CLI").
    const [theirs, mine] = [await onNetlify('/api/v1/request/99999/'), await onPreview('/api/v1/request/99999/')];
    expect(mine.headers.get('allow')).toBe('GET, PUT, PATCH, HEAD, OPTIONS');
    const lastRetry = await onNetlify('/api/v1/request/99999/index.htm');
    expect(theirs.status).toBe(404);
    for (const name of COMPARED) expect(theirs.headers.get(name), name).toBe(lastRetry.headers.get(name));
    expect(theirs.headers.get('allow')).toBe('');
    const body = await theirs.json();
    expect(body).toEqual(await lastRetry.json());
    expect(body).toEqual({ detail: 'Not found.' });
    expect(await mine.json()).toEqual({ detail: 'No FoiRequest matches the given query.' });
  });

  describe('media through the media Edge Function, from the local Blobs sandbox', () => {
    /** One media link of the crawl per file (answers minted at different times carry different tokens). */
    const onePerFile = (links: Set<string>) => new Map([...links].map((url) => [new URL(url).pathname, url]));
    const files = () => onePerFile(netlifyCrawl.media);
    const tokened = () => [...files().values()].filter((url) => new URL(url).searchParams.has('token'));
    const previewUrlOf = (url: string) => onePerFile(previewCrawl.media).get(new URL(url).pathname)!;
    const key = () => parseTokenKeys(KEYS)[0]!;
    const relative = (url: string) => mediaPathOf(new URL(url, BASE).pathname, MEDIA_MOUNT)!;

    it('serves every media link of the crawl with the bytes and headers the preview serves (200)', async () => {
      expect([...files().keys()].sort()).toEqual([...onePerFile(previewCrawl.media).keys()].sort());
      expect(tokened().length).toBeGreaterThan(10);
      for (const url of files().values()) {
        const [mine, theirs] = [await onPreview(previewUrlOf(url)), await onNetlify(url)];
        expect(theirs.status, url).toBe(200);
        expect(mine.status, url).toBe(200);
        for (const name of MEDIA_COMPARED) expect(theirs.headers.get(name), `${name} of ${url}`).toBe(mine.headers.get(name));
        expect(Buffer.from(await theirs.arrayBuffer()).equals(Buffer.from(await mine.arrayBuffer())), url).toBe(true);
      }
    }, 300_000);

    /**
     * Every published file of the sample is public (its links carry tokens, which the gate
     * ignores); the unapproved Bescheid of message 303 is not published, so its path needs a
     * token (content/requests/0003-vertraege-schutzmasken/messages/303.yaml).
     */
    const UNPUBLISHED = '/media/foi/303/Bescheid_2024-03-12.pdf';
    const tokenFor = async (expiresAt: number) => encodeURIComponent(await signScope(tokenScope(relative(UNPUBLISHED))!, expiresAt, key()));
    const now = () => Math.floor(Date.now() / 1000);

    it.each([
      ['no token', () => Promise.resolve(UNPUBLISHED), /needs a token/],
      ['a malformed token', () => Promise.resolve(`${UNPUBLISHED}?token=abc`), /malformed/],
    ])('refuses %s with 403 and the preview’s explanation', async (_, url, message) => {
      const [theirs, mine] = [await onNetlify(await url()), await onPreview(await url())];
      expect(theirs.status).toBe(403);
      expect(theirs.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(theirs.headers.get('cache-control')).toBe('no-store');
      const body = await theirs.text();
      expect(body).toMatch(message);
      expect([mine.status, body]).toEqual([403, await mine.text()]);
    });

    it.each([
      ['an expired token', () => now() - 3600],
      ['a valid token (of a file the build did not publish)', () => now() + 60],
    ])('refuses %s with 403; the CLI answers its last .html retry, for which the token is not valid', async (_, expiresAt) => {
      // The gate's own answer (expired: 403 "expired"; valid: the file is not in the store) is
      // replaced by that of <path>/index.htm?token=..., the last of netlify-cli's retries of a
      // 403 (dist/utils/proxy.js, alternativePathsFor); Netlify's CDN does not retry. The gate's
      // answers to these tokens are tested on the Edge Function in Deno (test/serve/media.test.ts).
      const token = await tokenFor(expiresAt());
      const [theirs, lastRetry] = [await onNetlify(`${UNPUBLISHED}?token=${token}`), await onNetlify(`${UNPUBLISHED}/index.htm?token=${token}`)];
      expect(theirs.status).toBe(403);
      expect(theirs.headers.get('cache-control')).toBe('no-store');
      const body = await theirs.text();
      expect(body).toMatch(/not valid for this file/);
      expect(body).toBe(await lastRetry.text());
    });

    it('answers a byte range with 206 and those bytes, a range past the end with 416, HEAD with the headers and no body', async () => {
      const url = tokened()[0]!;
      const whole = Buffer.from(await (await onNetlify(url)).arrayBuffer());
      const part = await onNetlify(url, { headers: { range: 'bytes=0-9' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 0-9/${whole.length}`);
      expect(Buffer.from(await part.arrayBuffer())).toEqual(whole.subarray(0, 10));
      const past = await onNetlify(url, { headers: { range: `bytes=${whole.length}-` } });
      expect(past.status).toBe(416);
      expect(past.headers.get('content-range')).toBe(`bytes */${whole.length}`);
      const [head, get, previewHead] = [await onNetlify(url, { method: 'HEAD' }), await onNetlify(url), await onPreview(previewUrlOf(url), { method: 'HEAD' })];
      expect(head.status).toBe(200);
      for (const name of MEDIA_COMPARED) expect(head.headers.get(name), name).toBe(get.headers.get(name));
      expect(await head.text()).toBe('');
      // The preview's HEAD names the GET's length; netlify serve's says 0 for an Edge Function's
      // answer to HEAD (docs/netlify.md, "The suite on Netlify's CLI").
      expect(previewHead.headers.get('content-length')).toBe(String(whole.length));
      expect(head.headers.get('content-length')).toBe('0');
    });
  });
});

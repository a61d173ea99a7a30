/**
 * The API contract (test/serve/api-contract.ts) under `netlify serve --offline`: the fixture
 * build of test/serve/fixture.ts with the routing files the real build writes for it
 * (src/output/routing.ts planRouting), in a fresh clone whose build command does nothing, so
 * netlify-cli serves that build with the clone's function and Edge Functions, bundled by it.
 */
import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { apiContract } from '../serve/api-contract.ts';
import { KEYS, URLS, writeFixtureBuild } from '../serve/fixture.ts';
import { planRouting } from '../../src/output/routing.ts';
import { buildPaths } from '../../src/api/build-paths.ts';
import type { Manifest } from '../../src/formats/manifest.ts';
import type { ResourceName } from '../../src/formats/resource-names.ts';
import { cliEnv, cliInstalled, EDGE_BOOTSTRAP, freshClone, INSTALL, netlifyServe, seededDenoDir, type Served } from './cli.ts';

if (!cliInstalled()) throw new Error(`Netlify's CLI is not installed under ${INSTALL}: run npm run test:netlify`);

const KEYS_ENV = KEYS.map(({ kid, secret }) => `${kid}:${secret}`).join(',');
let clone: Awaited<ReturnType<typeof freshClone>>;
let scratch: string;
let served: Served;

beforeAll(async () => {
  clone = await freshClone();
  const build = join(clone.dir, 'build');
  await writeFixtureBuild(build);
  const manifest = JSON.parse(await readFile(join(build, buildPaths.manifest), 'utf8')) as Manifest;
  for (const file of planRouting(Object.keys(manifest.lists) as ResourceName[])) if ('body' in file) await writeFile(join(build, file.path), file.body);
  // The build is there: no build command, no build plugin (it would rebuild or restore build/).
  const toml = (await readFile(join(clone.dir, 'netlify.toml'), 'utf8'))
    .replace('command = "npm run build"', 'command = "true"')
    .replace(/\[\[plugins\]\]\n\s+package = "[^"]+"\n?/, '');
  await writeFile(join(clone.dir, 'netlify.toml'), toml);
  await writeFile(join(clone.dir, '.env'), `MEDIA_TOKEN_KEYS=${KEYS_ENV}\nBASE_URL=${URLS.baseUrl}\n`);
  scratch = await mkdtemp(join(INSTALL, 'runs/state-'));
  const denoDir = await seededDenoDir(join(scratch, 'deno'));
  const env = cliEnv(denoDir, join(scratch, 'home'), { BASE_URL: URLS.baseUrl, MEDIA_TOKEN_KEYS: KEYS_ENV, NETLIFY_EDGE_BOOTSTRAP: EDGE_BOOTSTRAP, NETLIFY_SITE_ID: 'archive-cli-contract' });
  served = await netlifyServe(clone.dir, env, 8700 + (process.pid % 100), 420_000);
}, 600_000);
afterAll(async () => {
  await served?.stop();
  await clone?.remove();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/**
 * The CLI's static server types .json files with a charset and rewrites their Cache-Control to
 * max-age=0; the CDN answers as `_headers` says (docs/netlify.md, "The suite on Netlify's CLI").
 */
const STATIC_CHARSET = 'application/json; charset=utf-8';
const RETRIES = `netlify-cli retries a 404 as <path>.html … <path>/index.htm and answers the last (docs/netlify.md, "The suite on Netlify's CLI")`;
const ACCEPT = 'the CLI answers a static list file without the Accept negotiation of the CDN (not yet explained)';
const DIFFERS: Record<string, string> = {
  '/api/v1/ carries the API headers, an ETag, and 304 on If-None-Match': 'the CLI\u2019s static server gives a static file a weak ETag of its own (W/"…"), the CDN a strong one',
  "/api/v1/ with Accept 'application/xml' (GET) is a 406": ACCEPT,
  "/api/v1/publicbody/autocomplete/ with Accept 'application/xml' (GET) is a 406": ACCEPT,
  "/api/v1/publicbody/autocomplete/ with Accept 'text/csv' answers CSV": ACCEPT,
  'DELETE /api/v1/following/5/ answers 404 like froide to an anonymous caller': RETRIES,
  'DELETE /api/v1/following/abc/ answers 404 like froide to an anonymous caller': RETRIES,
};

apiContract(
  'netlify serve --offline (the fixture build with its routing files)',
  () => async (path, init) => {
    const response = await fetch(served.origin + path, { redirect: 'manual', ...init });
    if (response.headers.get('content-type') !== STATIC_CHARSET) return response;
    const headers = new Headers(response.headers);
    headers.set('content-type', 'application/json');
    if (headers.get('cache-control') === 'public, max-age=0') headers.set('cache-control', 'public, max-age=0, must-revalidate');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  },
  DIFFERS,
);

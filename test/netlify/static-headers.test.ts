/**
 * netlify.toml's [[headers]] blocks and the table in src/serve/shared/static-headers.ts are one
 * fact in two places (Netlify reads the file before any code runs): this test keeps them equal,
 * block by block, and checks that the preview and the API core give the same values.
 */
import { readFile } from 'node:fs/promises';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiHeaders } from '../../src/serve/api/responses.ts';
import { createPreviewRouter } from '../../src/serve/preview/router.ts';
import { StaticFiles } from '../../src/serve/preview/static-files.ts';
import { fsBuildStore } from '../../src/serve/shared/fs-build-store.ts';
import { DEVELOPMENT_TOKENS } from '../../src/serve/shared/minting.ts';
import { STATIC_HEADERS, staticHeadersOf } from '../../src/serve/shared/static-headers.ts';

/** The [[headers]] blocks of a netlify.toml, as written (comments and blank lines between blocks dropped). */
function headerBlocks(toml: string): string[] {
  return [...toml.matchAll(/^\[\[headers\]\]\n(?:[ \t]+\S.*\n?)*/gm)].map((match) => match[0].trimEnd());
}

function rendered(rule: (typeof STATIC_HEADERS)[number]): string {
  const values = Object.entries(rule.values).map(([name, value]) => `    ${name} = ${JSON.stringify(value)}`);
  return [`[[headers]]`, `  for = ${JSON.stringify(rule.for)}`, `  [headers.values]`, ...values].join('\n');
}

describe('static headers: netlify.toml and the table', () => {
  it('netlify.toml holds exactly the blocks the table renders, in its order', async () => {
    const toml = await readFile('netlify.toml', 'utf8');
    expect(headerBlocks(toml)).toEqual(STATIC_HEADERS.map(rendered));
    expect(headerBlocks(toml)).toHaveLength(5);
  });

  it('gives a path the values of every rule it falls under, names in lower case', () => {
    expect(staticHeadersOf('/api/v1/message/index.json')).toEqual({
      'access-control-allow-origin': '*',
      vary: 'Accept',
      'cache-control': 'public, max-age=0, must-revalidate',
      'x-content-type-options': 'nosniff',
    });
    expect(staticHeadersOf('/_data/manifest.json')).toEqual({ 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=0, must-revalidate', 'x-content-type-options': 'nosniff' });
    expect(staticHeadersOf('/_headers')).toEqual({});
    // The downloads are typed by their folder, with no Content-Encoding (a .gz stays a gzip file).
    expect(staticHeadersOf('/downloads/parquet/request/request-000000000-000000999.parquet')).toEqual({ 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=0, must-revalidate', 'x-content-type-options': 'nosniff', 'content-type': 'application/vnd.apache.parquet' });
    expect(staticHeadersOf('/downloads/ndjson/request/request-000000000-000000999.ndjson.gz')['content-type']).toBe('application/gzip');
    expect(staticHeadersOf('/api/v1')).toEqual({});
  });

  it('the API core sets the /api/v1/* values in code, with the type and Allow', () => {
    expect(apiHeaders(['GET', 'HEAD', 'OPTIONS'])).toEqual({ ...staticHeadersOf('/api/v1/'), 'content-type': 'application/json', allow: 'GET, HEAD, OPTIONS' });
  });
});

describe('the preview gives static files the table\'s headers', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'static-headers-'));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  await mkdir(join(dir, '_data'), { recursive: true });
  await mkdir(join(dir, 'api/v1'), { recursive: true });
  await writeFile(join(dir, '_data/manifest.json'), '{}');
  await writeFile(join(dir, 'api/v1/index.json'), '{}');
  await writeFile(join(dir, '_headers'), '# x\n');
  await mkdir(join(dir, 'downloads/parquet/request'), { recursive: true });
  await writeFile(join(dir, 'downloads/parquet/request/request-000000000-000000999.parquet'), 'PAR1');
  const unused = async () => new Response('unused', { status: 599 });
  const router = createPreviewRouter({ api: unused, media: unused, files: new StaticFiles(dir), store: fsBuildStore(dir), minting: { tokens: DEVELOPMENT_TOKENS, mediaUrl: async () => 'https://archive.test/media/' } });
  const headersOf = async (path: string) => {
    const response = await router(new Request(`http://preview.test${path}`));
    expect(response.status).toBe(200);
    const headers = Object.fromEntries(response.headers);
    delete headers.etag;
    return headers;
  };

  it.each([
    ['/_data/manifest.json', { ...staticHeadersOf('/_data/manifest.json'), 'content-type': 'application/json', 'content-length': '2' }],
    // The root links the data downloads' manifest, as build/_headers says.
    ['/api/v1/', { ...apiHeaders(['GET', 'HEAD', 'OPTIONS']), 'content-length': '2', link: '</downloads/manifest.json>; rel="describedby"; type="application/json"; title="Data downloads"' }],
    ['/downloads/parquet/request/request-000000000-000000999.parquet', { ...staticHeadersOf('/downloads/parquet/request/x.parquet'), 'content-length': '4' }],
    ['/_headers', { 'content-type': 'application/octet-stream', 'content-length': '4' }],
  ])('%s', async (path, expected) => {
    expect(await headersOf(path)).toEqual(expected);
  });
});

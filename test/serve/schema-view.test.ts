/**
 * The schema view `/api/v1/schema/`: froide's answer (drf-spectacular's
 * SpectacularJSONAPIView) plus YAML, from the files the build wrote; negotiation, methods and
 * the missing slash as DRF and Django answer them, in the API core and in the Edge Function
 * that runs the store-free part.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_VERSION } from '../../src/formats/manifest.ts';
import { planOpenApi } from '../../src/api/openapi/openapi-document.ts';
import { buildPaths } from '../../src/api/build-paths.ts';
import apiMethods from '../../src/netlify/edge-functions/api-methods.ts';
import { createApiHandler } from '../../src/serve/api/handler.ts';
import { fsBuildStore } from '../../src/serve/shared/fs-build-store.ts';
import { chooseRenderer } from '../../src/serve/api/negotiation.ts';
import { URLS } from './fixture.ts';

const files = planOpenApi({ title: 'Test-Archiv', urls: URLS }) as { path: string; body: string }[];
const [JSON_BODY, YAML_BODY] = files.map((file) => file.body) as [string, string];
const URL_ = 'https://archive.test/api/v1/schema/';

let dir: string;
let api: (request: Request) => Promise<Response>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'schema-view-'));
  // The browsable error page reads the manifest's URLs; the schema view itself needs only its files.
  const manifest = { path: buildPaths.manifest, body: JSON.stringify({ version: MANIFEST_VERSION, build: 'schema-view', urls: URLS, lists: {} }) };
  for (const file of [...files, manifest]) {
    await mkdir(dirname(join(dir, file.path)), { recursive: true });
    await writeFile(join(dir, file.path), file.body);
  }
  api = createApiHandler({ store: fsBuildStore(dir) });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const get = (query = '', headers: Record<string, string> = {}, method = 'GET') => api(new Request(`${URL_}${query}`, { method, headers }));

describe('GET /api/v1/schema/', () => {
  it("answers froide's JSON by default, with the API headers and the file name drf-spectacular gives", async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'application/vnd.oai.openapi+json',
      'content-disposition': 'inline; filename="schema.json"',
      allow: 'GET, HEAD, OPTIONS',
      vary: 'Accept',
      'access-control-allow-origin': '*',
      'cache-control': 'public, max-age=0, must-revalidate',
    });
    expect(await response.text()).toBe(JSON_BODY);
  });

  it.each([
    ['', { accept: 'application/json' }, 'application/json', 'json'],
    ['?format=json', {}, 'application/vnd.oai.openapi+json', 'json'],
    ['?format=json', { accept: 'application/json' }, 'application/json', 'json'],
    ['', { accept: 'application/*' }, 'application/vnd.oai.openapi+json', 'json'],
    ['?format=yaml', {}, 'application/vnd.oai.openapi; charset=utf-8', 'yaml'],
    ['', { accept: 'application/yaml' }, 'application/yaml; charset=utf-8', 'yaml'],
    // Equal precedence: the header's order decides, not q (DRF).
    ['', { accept: 'application/vnd.oai.openapi;q=0.1, application/json' }, 'application/vnd.oai.openapi; charset=utf-8', 'yaml'],
  ])('%s with %j answers %s', async (query, headers, type, format) => {
    const response = await get(query, headers);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('content-disposition')).toBe(`inline; filename="schema.${format}"`);
    expect(await response.text()).toBe(format === 'json' ? JSON_BODY : YAML_BODY);
  });

  it.each([
    ['?format=api', {}, 404, 'Not found.'],
    ['?format=csv', {}, 404, 'Not found.'],
    ['', { accept: 'text/html' }, 406, 'Could not satisfy the request Accept header.'],
    ['?format=yaml', { accept: 'application/json' }, 406, 'Could not satisfy the request Accept header.'],
  ])('%s with %j answers %i', async (query, headers, status, detail) => {
    const response = await get(query, headers);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ detail });
  });

  it('answers a browser asking for ?format=api with the browsable page of the 404', async () => {
    const response = await get('?format=api', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toContain('Spectacular JSONAPI');
  });

  it('answers HEAD without a body, and 304 to its ETag', async () => {
    const full = await get();
    const head = await get('', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(head.headers.get('etag')).toBe(full.headers.get('etag'));
    expect(head.headers.get('content-length')).toBe(String(new TextEncoder().encode(JSON_BODY).byteLength));
    const again = await get('', { 'if-none-match': full.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('is a 404 in a build without the document', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'schema-view-empty-'));
    const response = await createApiHandler({ store: fsBuildStore(empty) })(new Request(URL_));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'Not found.' });
    await rm(empty, { recursive: true });
  });
});

describe('GET /api/v1/schema/swagger-ui/', () => {
  const page = (query = '', headers: Record<string, string> = {}) => api(new Request(`${URL_}swagger-ui/${query}`, { headers }));

  it('answers the Swagger UI page, which loads its files and the document relative to itself', async () => {
    const response = await page('', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const html = await response.text();
    expect(html).toContain('<script src="swagger-ui-bundle.js"></script>');
    expect(html).toContain('<link rel="stylesheet" href="swagger-ui.css">');
    // The document is fetched relative to the page and handed over as `spec` (no "../" link under the title).
    expect(html).toContain('fetch("../",{headers:{accept:"application/vnd.oai.openapi+json"}})');
    expect(html).toContain('SwaggerUIBundle({spec,');
    expect(new URL('../', `${URL_}swagger-ui/`).href).toBe(URL_);
  });

  it.each([
    ['', { accept: 'application/json' }, 406],
    ['?format=json', {}, 404],
    ['?format=html', {}, 200],
  ])('%s with %j answers %i (TemplateHTMLRenderer only)', async (query, headers, status) => {
    expect((await page(query, headers)).status).toBe(status);
  });
});

describe('other methods and the missing slash', () => {
  const edge = (request: Request) => apiMethods(request, { next: async () => new Response('passed to the CDN', { status: 599 }) });

  it("answers OPTIONS with the view's name, description and renderers, in the core and the Edge Function alike", async () => {
    const [core, atEdge] = [await get('', {}, 'OPTIONS'), await edge(new Request(URL_, { method: 'OPTIONS' }))];
    for (const response of [core, atEdge]) expect(response.status).toBe(200);
    const body = await core.json();
    expect(await atEdge.json()).toEqual(body);
    expect(body).toMatchObject({
      name: 'Spectacular JSONAPI',
      description: expect.stringMatching(/^OpenApi3 schema for this API/),
      renders: ['application/vnd.oai.openapi+json', 'application/json', 'application/vnd.oai.openapi', 'application/yaml'],
    });
  });

  it('refuses writes with 405, as AllowAny lets them reach the missing handler', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const response = await edge(new Request(URL_, { method }));
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect(await response.json()).toEqual({ detail: `Method "${method}" not allowed.` });
    }
  });

  it("redirects /api/v1/schema to the slashed path, query kept (Django's APPEND_SLASH)", async () => {
    const response = await api(new Request('https://archive.test/api/v1/schema?format=yaml'));
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/api/v1/schema/?format=yaml');
  });
});

describe('chooseRenderer (DRF select_renderer)', () => {
  const renders = ['application/vnd.oai.openapi+json', 'application/json', 'application/yaml'];
  it.each([
    [null, 'application/vnd.oai.openapi+json'],
    ['*/*', 'application/vnd.oai.openapi+json'],
    ['text/*, application/json', 'application/json'],
    ['*/*, application/yaml', 'application/yaml'],
    ['application/json; indent=4, application/yaml', 'application/json'],
    ['text/html', null],
  ])('%s -> %s', (accept, expected) => {
    expect(chooseRenderer(accept, renders)).toBe(expected);
  });
});

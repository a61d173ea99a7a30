/**
 * Netlify routes exactly like the local preview: the generated build/_redirects
 * and netlify.toml go through Netlify's own redirect engine (netlify-redirector +
 * @netlify/redirect-parser), the Edge Function declarations are read from the adapters, and
 * for a table of URLs the landing place must equal src/serve/host-routing.ts's decision,
 * which the preview uses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { config as methodsConfig } from '../../src/netlify/edge-functions/api-methods.ts';
import { config as slashConfig } from '../../src/netlify/edge-functions/api-slash.ts';
import { config as csvConfig } from '../../src/netlify/edge-functions/api-csv.ts';
import { STATIC_VIEW_PATH } from '../../src/serve/api/csv-answer.ts';
import apiDetail from '../../src/netlify/edge-functions/api-detail.ts';
import { edgeDeclarations } from '../../src/netlify/edge-declarations.ts';
import { createApiHandler } from '../../src/serve/api/handler.ts';
import { fsBuildStore } from '../../src/serve/shared/fs-build-store.ts';
import { functionQueryParams } from '../../src/api/filters/index.ts';
import { headerRules, planRouting, redirectRules, API_FUNCTION } from '../../src/output/routing.ts';
import { DETAIL_API_PATH, SLASHLESS_API_PATH } from '../../src/serve/api/early.ts';
import { answerDetail } from '../../src/serve/api/detail-rewrite.ts';
import { apiHeaders, etagOf } from '../../src/serve/api/responses.ts';
import { readDetail } from '../../src/serve/shared/pack-reader.ts';
import type { BuildStore } from '../../src/serve/shared/build-store.ts';
import { routeRequest, type Destination } from '../../src/serve/host-routing.ts';
import { writeFixtureBuild } from '../serve/fixture.ts';
import { redirectEngine, type RedirectMatch } from '../helpers/netlify-engine.ts';

const BUILT = ['request', 'message', 'attachment', 'publicbody', 'document', 'page', 'following', 'venue', 'campaigninformationobject', 'documentcollection'] as const;

let dir: string;
let match: RedirectMatch;


beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'netlify-routing-'));
  await writeFixtureBuild(dir);
  for (const file of planRouting(BUILT)) await writeFile(join(dir, file.path), (file as { body: string }).body);
  match = await redirectEngine(join(dir, '_redirects'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function exists(relative: string): Promise<boolean> {
  try {
    return (await stat(join(dir, relative))).isFile();
  } catch {
    return false;
  }
}

/** Where Netlify sends a request: edge functions first, then the rules, then static files (docs/netlify.md#rule-order, docs/netlify.md#directory-index, docs/netlify.md#edge-functions). */
async function netlifyRules(method: string, url: URL): Promise<string> {
  if (url.pathname.startsWith('/media/')) return 'edge:media';
  const methodPaths = methodsConfig.path.some((p) => (p.endsWith('/*') ? url.pathname.startsWith(p.slice(0, -1)) : url.pathname === p));
  if (methodPaths && methodsConfig.method.includes(method)) return 'edge:api';
  if (new RegExp(slashConfig.pattern).test(url.pathname)) return 'edge:api';
  const rule = match(url);
  // A non-forced rule is skipped when a file exists at the request path (Netlify's candidates for
  // a path ending in / are only .html files, which this build has none of).
  const shadowed = rule && !rule.force && (await exists(url.pathname.slice(1)));
  if (rule && !shadowed) {
    if (rule.to === API_FUNCTION) return 'function';
    expect(rule.to.startsWith('/media')).toBe(false);
    return `static:${rule.to.slice(1)}${(await exists(rule.to.slice(1))) ? '' : ' (missing: host 404)'}`;
  }
  const file = decodeURIComponent(url.pathname.slice(1));
  return `static:${file}${(await exists(file)) ? '' : ' (missing: host 404)'}`;
}

/** The detail Edge Function's answer on Netlify: `next` is what the rules give, packs come from the build. */
async function detailEdge(request: Request, landed: string, core?: () => Promise<Response>): Promise<{ response: Response; fetched: string | undefined }> {
  let fetched: string | undefined;
  const next = core ?? (async () => new Response(landed, { status: landed.endsWith('(missing: host 404)') ? 404 : 200 }));
  const files = fsBuildStore(dir);
  const store: BuildStore = {
    read: files.read,
    readRange: (path, start, end) => ((fetched ??= path), files.readRange!(path, start, end)),
  };
  const response = await answerDetail(request, next, store);
  return { response, fetched };
}

/** Netlify, including the detail Edge Function, which answers details from their packs or turns a 404 into JSON. */
async function netlify(method: string, url: URL): Promise<string> {
  const landed = await netlifyRules(method, url);
  if (landed.startsWith('edge:') || !edgeDeclarations('packed').some(({ pattern }) => new RegExp(pattern).test(url.pathname))) return landed;
  const { response, fetched } = await detailEdge(new Request(url, { method }), landed);
  if (fetched !== undefined || (response.status === 404 && (await response.clone().text()) !== landed)) return 'edge:api-detail';
  return landed;
}

async function preview(method: string, url: URL): Promise<string> {
  const destination: Destination = routeRequest(method, url);
  switch (destination.kind) {
    case 'media':
      return 'edge:media';
    case 'api-early':
      return 'edge:api';
    case 'function':
      return 'function';
    case 'detail':
      return 'edge:api-detail';
    case 'static':
      if (await exists(destination.file)) return `static:${destination.file}`;
      return destination.missing === 'function' ? 'function' : `static:${destination.file} (missing: host 404)`;
  }
}

const TABLE: [string, string, string][] = [
  ['GET', '/api/v1/', 'static:api/v1/index.json'],
  // Messages link tokened media (attachments): the function mints their list (ResourceSpec.mediaTokens).
  ['GET', '/api/v1/message/', 'function'],
  ['HEAD', '/api/v1/message/', 'function'],
  ['GET', '/api/v1/request/', 'static:api/v1/request/index.json'],
  ['HEAD', '/api/v1/request/', 'static:api/v1/request/index.json'],
  ['GET', '/api/v1/request/index.json', 'static:api/v1/request/index.json'],
  ['GET', '/api/v1/request/?foo=1', 'static:api/v1/request/index.json'],
  ['GET', '/api/v1/message/7/', 'edge:api-detail'],
  ['HEAD', '/api/v1/message/7/', 'edge:api-detail'],
  ['GET', '/api/v1/message/index.json', 'function'],
  ['GET', '/api/v1/message/?limit=20&offset=7', 'function'],
  ['GET', '/api/v1/message/?offset=7', 'function'],
  ['GET', '/api/v1/message/?limit=', 'function'],
  ['GET', '/api/v1/?format=api', 'function'],
  ['GET', '/api/v1/message/7/?format=json', 'function'],
  // Feeds and CSV by format: the function.
  ['GET', '/api/v1/publicbody/1/?format=atom', 'function'],
  ['GET', '/api/v1/request/?format=csv', 'function'],
  ['GET', '/api/v1/message/?request=42', 'function'],
  ['GET', '/api/v1/page/?document=12', 'function'],
  ['GET', '/api/v1/documentcollection/3/', 'function'],
  ['GET', '/api/v1/documentcollection/3/?directory=5', 'function'],
  ['GET', '/api/v1/document/?collection=3&uid=5b2f8c1e-4a7d-4e0b-9c3a-8d1e6f2a7b40', 'function'],
  ['GET', '/api/v1/pageannotation/?document=1', 'function'],
  ['GET', '/api/v1/publicbody/?q=bund&jurisdiction=1', 'function'],
  ['GET', '/api/v1/publicbody/autocomplete/', 'static:api/v1/publicbody/autocomplete/index.json'],
  ['GET', '/api/v1/publicbody/autocomplete/?q=beh', 'function'],
  ['GET', '/api/v1/request/tags/autocomplete/', 'static:api/v1/request/tags/autocomplete/index.json'],
  ['GET', '/api/v1/request/tags/autocomplete/?q=b', 'function'],
  // froide's search: no static file, the function answers with and without a query.
  ['GET', '/api/v1/request/search/', 'function'],
  ['GET', '/api/v1/request/search/?q=Vertr%C3%A4ge&status=successful', 'function'],
  ['GET', '/api/v1/request/search/?sort=first', 'function'],
  ['GET', '/api/v1/page/?q=Grundwasser', 'function'],
  ['GET', '/api/v1/publicbody/1/', 'edge:api-detail'],
  ['GET', '/api/v1/message/?foo=1', 'function'],
  ['GET', '/api/v1/message/?limit', 'function'],
  ['GET', '/api/v1/foo/', 'function'],
  ['GET', '/api/v1/venue/', 'function'],
  ['GET', '/api/v1/venue/?lat=52.5&lng=13.4&radius=500', 'function'],
  ['GET', '/api/v1/venue/?location=Berlin', 'function'],
  ['GET', '/api/v1/venue/amenity:4711/', 'function'],
  ['GET', '/api/v1/venue/custom%3Aabc/', 'function'],
  ['GET', '/api/v1/campaigninformationobject/', 'function'],
  ['GET', '/api/v1/campaigninformationobject/?campaign=1', 'function'],
  ['GET', '/api/v1/campaigninformationobject/schule-1/?campaign=1', 'function'],
  ['GET', '/api/v1/message/1/2/', 'function'],
  // Views without GET have no file: the function answers 405 (write actions, following detail).
  ['GET', '/api/v1/message/7/publish/', 'function'],
  ['HEAD', '/api/v1/message/7/publish/', 'function'],
  ['POST', '/api/v1/message/7/publish/', 'edge:api'],
  ['GET', '/api/v1/attachment/convert_to_pdf/', 'function'],
  ['POST', '/api/v1/attachment/convert_to_pdf/', 'edge:api'],
  ['GET', '/api/v1/attachment/3/approve/', 'function'],
  ['GET', '/api/v1/campaigninformationobject/report/', 'function'],
  ['GET', '/api/v1/problemreport/3/claim/', 'function'],
  ['GET', '/api/v1/following/5/', 'function'],
  ['DELETE', '/api/v1/following/5/', 'edge:api'],
  ['GET', '/api/v1/message', 'edge:api'],
  ['GET', '/api/v1', 'edge:api'],
  ['OPTIONS', '/api/v1/message/', 'edge:api'],
  ['POST', '/api/v1/message/', 'edge:api'],
  ['DELETE', '/api/v1/attachment/3/', 'edge:api'],
  ['GET', '/media/foi/5/a.pdf?token=x', 'edge:media'],
  ['GET', '/media/docs/aa/bb/cc/x/page-p1-small.png', 'edge:media'],
  ['GET', '/_data/manifest.json', 'static:_data/manifest.json'],
  // The schema view chooses JSON or YAML by Accept: the function answers it.
  ['GET', '/api/v1/schema/', 'function'],
  ['GET', '/api/v1/schema/?format=yaml', 'function'],
  ['HEAD', '/api/v1/schema/', 'function'],
  ['GET', '/api/v1/schema', 'edge:api'],
  ['OPTIONS', '/api/v1/schema/', 'edge:api'],
  ['GET', '/api/v1/schema/swagger-ui/', 'function'],
  // froide's account views (login only): the function answers their 401; the key path passes the detail Edge Function.
  ['GET', '/api/v1/user/', 'function'],
  ['HEAD', '/api/v1/user/', 'function'],
  ['GET', '/api/v1/user/?format=json', 'function'],
  ['GET', '/api/v1/userpreference/x/', 'function'],
  ['GET', '/api/v1/userpreference/a.b/', 'function'],
  ['GET', '/api/v1/user', 'edge:api'],
  ['POST', '/api/v1/userpreference/x/', 'edge:api'],
  ['OPTIONS', '/api/v1/user/', 'edge:api'],
];

describe('Netlify routing equals the local preview', () => {
  it.each(TABLE)('%s %s lands on %s', async (method, path, expected) => {
    const url = new URL(path, 'https://archive.test');
    expect(await netlify(method, url)).toBe(expected);
    expect(await preview(method, url)).toBe(expected);
  });

  it('answers an unknown id of a built resource with the same JSON 404 on both hosts', async () => {
    const url = new URL('/api/v1/message/99999/', 'https://archive.test');
    expect(await netlify('GET', url)).toBe('edge:api-detail');
    expect(await preview('GET', url)).toBe('edge:api-detail');

    // No pack holds it: the rules send it on to the function, whose 404 the Edge Function answers as froide's.
    const core = createApiHandler({ store: fsBuildStore(dir) });
    const { response: fromEdge, fetched } = await detailEdge(new Request(url), 'function', () => core(new Request(url)));
    expect(fetched).toBe('_data/message/packs/0/0/99.pack');
    const fromCore = await core(new Request(url));
    for (const response of [fromEdge, fromCore]) {
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('allow')).toBe('GET, PUT, PATCH, HEAD, OPTIONS');
    }
    const body = await fromEdge.text();
    expect(body).toBe(await fromCore.text());
    expect(JSON.parse(body)).toEqual({ detail: 'No FoiMessage matches the given query.' });
  });

  it('refuses an unsatisfiable Accept on a detail path in the detail Edge Function, with the core\'s bytes', async () => {
    const url = 'https://archive.test/api/v1/message/7/';
    const init = { headers: { accept: 'application/xml' } };
    const { response: fromEdge, fetched } = await detailEdge(new Request(url, init), 'function');
    const fromCore = await createApiHandler({ store: fsBuildStore(dir) })(new Request(url, init));
    expect(fetched).toBeUndefined();
    for (const response of [fromEdge, fromCore]) {
      expect(response.status).toBe(406);
      expect(response.headers.get('allow')).toBe('GET, PUT, PATCH, HEAD, OPTIONS');
    }
    expect(await fromEdge.text()).toBe(await fromCore.text());
    const satisfiable = await detailEdge(new Request(url, { headers: { accept: 'text/csv' } }), 'function');
    expect(satisfiable.response.status).toBe(200);
  });

  it('answers a detail with the object\'s bytes from its pack and the headers of every API answer', async () => {
    const url = 'https://archive.test/api/v1/message/7/';
    const { response, fetched } = await detailEdge(new Request(url), 'function');
    expect(fetched).toBe('_data/message/packs/0/0/0.pack');
    expect(response.status).toBe(200);
    const bytes = (await readDetail(fsBuildStore(dir), 'message', '7'))!;
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    expect(JSON.parse(new TextDecoder().decode(bytes)).id).toBe(7);
    expect(Object.fromEntries(response.headers)).toEqual({
      ...apiHeaders(['GET', 'PUT', 'PATCH', 'HEAD', 'OPTIONS']),
      etag: await etagOf(bytes),
      'content-length': String(bytes.byteLength),
    });
  });

  it('answers If-None-Match with the object\'s ETag as a 304 without a body', async () => {
    const etag = await etagOf((await readDetail(fsBuildStore(dir), 'message', '7'))!);
    const { response } = await detailEdge(new Request('https://archive.test/api/v1/message/7/', { headers: { 'if-none-match': etag } }), 'function');
    expect(response.status).toBe(304);
    expect(response.headers.get('etag')).toBe(etag);
    expect(response.headers.get('content-type')).toBeNull();
    expect(await response.text()).toBe('');
  });

  it('passes every answer of a function-answered detail through the detail Edge Function unchanged', async () => {
    const found = new Response('{"id":3}', { status: 200, headers: { 'content-type': 'application/json' } });
    const response = await apiDetail(new Request('https://archive.test/api/v1/documentcollection/3/'), { next: async () => found });
    expect(response).toBe(found);
  });

  it('passes the function\'s own 404 of a query-answered detail through unchanged', async () => {
    const url = 'https://archive.test/api/v1/campaigninformationobject/schule-1/?campaign=9';
    const fromFunction = new Response('{"detail":"No Campaign matches the given query."}', { status: 404, headers: { 'content-type': 'application/json' } });
    expect(await apiDetail(new Request(url), { next: async () => fromFunction })).toBe(fromFunction);
    expect(redirectRules(BUILT)).not.toMatch(/venue|campaigninformationobject/);
    expect(headerRules(BUILT)).not.toMatch(/venue|campaigninformationobject/);
  });

  it('passes the function\'s browsable 404 (format=api) through unchanged', async () => {
    const url = 'https://archive.test/api/v1/message/99999/?format=api';
    const init = { headers: { accept: 'text/html' } };
    expect(await netlifyRules('GET', new URL(url))).toBe('function');
    const fromCore = await createApiHandler({ store: fsBuildStore(dir) })(new Request(url, init));
    expect(fromCore.status).toBe(404);
    expect(fromCore.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await apiDetail(new Request(url, init), { next: async () => fromCore })).toBe(fromCore);
  });

  it('has one forced query rule for every parameter the function understands', () => {
    const rules = redirectRules(BUILT);
    for (const param of functionQueryParams()) expect(rules).toMatch(new RegExp(`^/api/v1/\\*  ${param}=:\\w+  ${API_FUNCTION}  200!$`, 'm'));
    expect(functionQueryParams()).toEqual(expect.arrayContaining(['limit', 'offset', 'format', 'request', 'document', 'kind', 'status', 'q']));
  });

  it('never points a rule into the media tree', async () => {
    const toml = await readFile('netlify.toml', 'utf8');
    expect(`${redirectRules(BUILT)}\n${toml}`).not.toMatch(/\s\/media\/\S*\s+[0-9]{3}/);
    expect(toml).toMatch(/\[\[edge_functions\]\]\s+path = "\/media\/\*"\s+function = "media"/);
  });

  it('declares the edge functions with the decisions host-routing uses', () => {
    expect(slashConfig.pattern).toBe(SLASHLESS_API_PATH);
    expect(edgeDeclarations('packed')).toEqual([{ function: 'api-detail', pattern: DETAIL_API_PATH }]);
    expect(edgeDeclarations('loose')).toEqual([]);
    expect(methodsConfig.method).toEqual(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
    expect(csvConfig.pattern).toBe(STATIC_VIEW_PATH);
    // No method list (edge-bundler's manifest has no HEAD): the Accept match selects CSV requests.
    expect(csvConfig).not.toHaveProperty('method');
    expect(csvConfig.header).toEqual({ accept: 'text/(?:csv|\\*)' });
  });

  it('runs api-csv or api-detail on every view path the CDN answers from a file, api-csv on no detail path', async () => {
    const csv = new RegExp(csvConfig.pattern);
    const detail = new RegExp(DETAIL_API_PATH);
    for (const [method, path] of TABLE) {
      const url = new URL(`https://archive.test${path}`);
      const landed = await preview(method, url);
      // A list action shaped like a detail path (`publicbody/autocomplete/`) has api-detail, which renders it.
      if (landed.startsWith('static:api/v1/') && path.endsWith('/')) expect(csv.test(url.pathname) || detail.test(url.pathname), path).toBe(true);
      if (detail.test(url.pathname)) expect(csv.test(url.pathname), path).toBe(false);
    }
  });

  it('writes Allow per list and action view into _headers, none for details (the Edge Function sets theirs)', () => {
    const headers = headerRules(BUILT);
    expect(headers).toContain('/api/v1/request/\n  Allow: GET, POST, HEAD, OPTIONS');
    // A list the function answers (and mints) gets its headers from the function.
    expect(headers).not.toContain('/api/v1/message/\n');
    expect(headers).toContain('/api/v1/document/\n  Allow: GET, HEAD, OPTIONS');
    expect(headers).toContain('/api/v1/\n  Allow: GET, HEAD, OPTIONS');
    expect(headers).not.toContain(':id');
    expect(headers).toContain('/api/v1/request/tags/autocomplete/\n  Allow: GET, HEAD, OPTIONS');
    // The function sets the search's headers itself.
    expect(headers).not.toContain('/api/v1/request/search/');
    expect(headers).toContain('/api/v1/publicbody/autocomplete/\n  Allow: GET, HEAD, OPTIONS');
    expect(headers).toContain('/api/v1/publicbody/autocomplete/index.json\n  Allow: GET, HEAD, OPTIONS');
  });
});

describe("froide's account views on Netlify, in both layouts", () => {
  const UNAUTHENTICATED = { detail: 'Authentication credentials were not provided.' };

  it('a packed build: the detail Edge Function passes userpreference/<key>/ on to the function, which answers the 401', async () => {
    const core = createApiHandler({ store: fsBuildStore(dir) });
    for (const path of ['/api/v1/userpreference/x/', '/api/v1/user/']) {
      const url = new URL(path, 'https://archive.test');
      const detailPath = new RegExp(DETAIL_API_PATH).test(url.pathname);
      expect(detailPath).toBe(path !== '/api/v1/user/');
      const response = detailPath ? (await detailEdge(new Request(url), 'function', () => core(new Request(url)))).response : await core(new Request(url));
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="api"');
      expect(response.headers.get('allow')).toBe(path === '/api/v1/user/' ? 'GET, HEAD, OPTIONS' : 'GET, POST, PUT, PATCH, HEAD, OPTIONS');
      expect(await response.json()).toEqual(UNAUTHENTICATED);
    }
  });

  it('a loose build (no detail Edge Function): the rules send both paths to the function, not to a file', async () => {
    const looseDir = await mkdtemp(join(tmpdir(), 'netlify-routing-loose-'));
    try {
      const totals = Object.fromEntries(BUILT.map((resource) => [resource, { total: 120 }]));
      await writeFile(join(looseDir, '_redirects'), redirectRules(BUILT, totals));
      const looseMatch = await redirectEngine(join(looseDir, '_redirects'));
      for (const path of ['/api/v1/user/', '/api/v1/userpreference/x/', '/api/v1/userpreference/x/?limit=50&offset=50']) {
        const url = new URL(path, 'https://archive.test');
        expect(looseMatch(url)?.to, path).toBe(API_FUNCTION);
        expect(routeRequest('GET', url, totals), path).toEqual({ kind: 'function' });
      }
    } finally {
      await rm(looseDir, { recursive: true, force: true });
    }
  });
});

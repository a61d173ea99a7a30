/**
 * The preview's router is a pure Request -> Response function: no server, no
 * disk. Recording fakes stand in for the API core, the media handler and build/'s files, so
 * each row shows where a request went and what came back.
 */
import { describe, expect, it } from 'vitest';
import { createPreviewRouter, type StaticFile } from '../../../src/serve/preview/router.ts';

const FILES: Record<string, string> = {
  'api/v1/index.json': '{"root":true}',
  'api/v1/message/index.json': '{"count":0}',
  'api/v1/schema/swagger-ui/swagger-ui.css': 'body{}',
};

function router() {
  const calls: string[] = [];
  const handler = (name: string) => async (request: Request) => {
    calls.push(`${name} ${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`);
    return new Response(name, { status: 299 });
  };
  const files = {
    get: async (relative: string): Promise<StaticFile | null> => {
      calls.push(`file ${relative}`);
      return relative in FILES ? { body: new TextEncoder().encode(FILES[relative]), etag: `"${relative.length}"` } : null;
    },
  };
  return { route: createPreviewRouter({ api: handler('api'), media: handler('media'), files }), calls };
}

describe('preview router', () => {
  it.each([
    ['GET', '/media/docs/x.pdf', ['media GET /media/docs/x.pdf'], 299],
    ['GET', '/api/v1/message/?limit=5', ['api GET /api/v1/message/?limit=5'], 299],
    ['GET', '/api/v1/message/', ['file api/v1/message/index.json'], 200],
    ['GET', '/api/v1/', ['file api/v1/index.json'], 200],
    ['GET', '/api/v1/nope/', ['file api/v1/nope/index.json', 'api GET /api/v1/nope/'], 299],
    ['GET', '/api/v1/schema/swagger-ui/swagger-ui.css', ['file api/v1/schema/swagger-ui/swagger-ui.css'], 200],
    ['GET', '/elsewhere.txt', ['file elsewhere.txt'], 404],
    ['GET', '/api/v1/message', [], 301],
    ['OPTIONS', '/api/v1/message/', [], 200],
  ])('%s %s', async (method, path, calls, status) => {
    const { route, calls: made } = router();
    const response = await route(new Request(`http://preview.test${path}`, { method }));
    expect(made).toEqual(calls);
    expect(response.status).toBe(status);
  });

  it('answers a static file with its bytes, its ETag and the API headers; 304 on If-None-Match; no body for HEAD', async () => {
    const { route } = router();
    const response = await route(new Request('http://preview.test/api/v1/message/'));
    expect(await response.text()).toBe('{"count":0}');
    expect(response.headers.get('etag')).toBe('"25"');
    expect(response.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
    expect(response.headers.get('content-length')).toBe('11');
    const again = await route(new Request('http://preview.test/api/v1/message/', { headers: { 'if-none-match': 'W/"25"' } }));
    expect([again.status, again.headers.get('content-type'), await again.text()]).toEqual([304, null, '']);
    const head = await route(new Request('http://preview.test/api/v1/message/', { method: 'HEAD' }));
    expect([head.status, head.headers.get('content-length'), await head.text()]).toEqual([200, '11', '']);
  });

  it('negotiates before it serves an API file (406 for an Accept no renderer meets), as the CDN cannot', async () => {
    const { route, calls } = router();
    const response = await route(new Request('http://preview.test/api/v1/message/', { headers: { accept: 'image/png' } }));
    expect(response.status).toBe(406);
    expect(calls).toEqual([]);
  });

  it('gives an anonymous write its body (the early answer reads it)', async () => {
    const { route, calls } = router();
    const response = await route(new Request('http://preview.test/api/v1/pageannotation/', { method: 'POST', body: '{"document":"x"}', headers: { 'content-type': 'application/json' } }));
    expect(calls).toEqual([]);
    expect(response.status).toBe(400);
  });
});

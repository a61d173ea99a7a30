/**
 * The preview's router is a pure Request -> Response function: no server, no
 * disk. Recording fakes stand in for the API core, the media handler and build/'s files, so
 * each row shows where a request went and what came back.
 */
import { describe, expect, it } from 'vitest';
import { createPreviewRouter, type StaticFile } from '../../../src/serve/preview/router.ts';
import { DEVELOPMENT_TOKENS } from '../../../src/serve/shared/minting.ts';
import { planPacks } from '../../../src/output/plan.ts';
import { etagOf } from '../../../src/serve/api/responses.ts';
import { TOKEN_CLOCK_SKEW, verifyToken } from '../../../src/formats/media-token.ts';
import { DEVELOPMENT_KEY } from '../../../src/formats/token-keys.ts';

const NOW = 1_800_000_000;
const FILES: Record<string, string> = {
  'api/v1/index.json': '{"root":true}',
  'api/v1/request/index.json': '{"count":0}',
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
  const minting = { tokens: { ...DEVELOPMENT_TOKENS, now: () => NOW }, mediaUrl: async () => 'https://archive.test/media/' };
  // A stored detail with a token slot (src/formats/token-slots.ts), in its pack.
  const packs = new Map(planPacks('attachment', [[5, '{"file_url":"https://archive.test/media/foi/5/a%20b.pdf?token=\u0001"}']]).map((file) => [file.path, file.body]));
  const store = { read: async (path: string) => packs.get(path) ?? null };
  return { route: createPreviewRouter({ api: handler('api'), media: handler('media'), files, store, minting }), calls };
}

describe('preview router', () => {
  it.each([
    ['GET', '/media/docs/x.pdf', ['media GET /media/docs/x.pdf'], 299],
    ['GET', '/api/v1/message/?limit=5', ['api GET /api/v1/message/?limit=5'], 299],
    ['GET', '/api/v1/request/', ['file api/v1/request/index.json'], 200],
    // A list whose objects link tokened media: the API core mints it (ResourceSpec.mediaTokens).
    ['GET', '/api/v1/message/', ['api GET /api/v1/message/'], 299],
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
    const response = await route(new Request('http://preview.test/api/v1/request/'));
    expect(await response.text()).toBe('{"count":0}');
    expect(response.headers.get('etag')).toBe('"25"');
    expect(response.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
    expect(response.headers.get('content-length')).toBe('11');
    expect(response.headers.get('netlify-cdn-cache-control')).toBeNull();
    const again = await route(new Request('http://preview.test/api/v1/request/', { headers: { 'if-none-match': 'W/"25"' } }));
    expect([again.status, again.headers.get('content-type'), await again.text()]).toEqual([304, null, '']);
    const head = await route(new Request('http://preview.test/api/v1/request/', { method: 'HEAD' }));
    expect([head.status, head.headers.get('content-length'), await head.text()]).toEqual([200, '11', '']);
  });

  it('answers a detail with a token slot minted: a token for the file, the ETag of the minted bytes, a short CDN lifetime', async () => {
    const { route } = router();
    const response = await route(new Request('http://preview.test/api/v1/attachment/5/'));
    const text = await response.text();
    const [, token] = /^\{"file_url":"https:\/\/archive\.test\/media\/foi\/5\/a%20b\.pdf\?token=([^"]+)"\}$/.exec(text)!;
    expect(await verifyToken(decodeURIComponent(token!), 'foi/5/a b.pdf', [DEVELOPMENT_KEY], NOW + 120 + TOKEN_CLOCK_SKEW, 120)).toEqual({ ok: true });
    expect(await verifyToken(decodeURIComponent(token!), 'foi/5/a b.pdf', [DEVELOPMENT_KEY], NOW + 121 + TOKEN_CLOCK_SKEW, 120)).toEqual({ ok: false, reason: 'expired' });
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{20}"$/);
    expect(response.headers.get('content-length')).toBe(String(new TextEncoder().encode(text).byteLength));
    expect(response.headers.get('netlify-cdn-cache-control')).toBe('public, durable, max-age=30');
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    // The ETag is the minted bytes', not the stored bytes': a copy validated by the stored bytes is no 304.
    const storedEtag = await etagOf(new TextEncoder().encode('{"file_url":"https://archive.test/media/foi/5/a%20b.pdf?token=\u0001"}'));
    expect(response.headers.get('etag')).not.toBe(storedEtag);
    const stale = await route(new Request('http://preview.test/api/v1/attachment/5/', { headers: { 'if-none-match': storedEtag } }));
    expect(stale.status).toBe(200);
  });

  it('negotiates before it serves an API file (406 for an Accept no renderer meets), as the CDN cannot', async () => {
    const { route, calls } = router();
    const response = await route(new Request('http://preview.test/api/v1/request/', { headers: { accept: 'image/png' } }));
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

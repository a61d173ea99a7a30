/**
 * Media answers through every implementation, on real components:
 * the preview over real sockets with the folder store and with a Netlify Blobs store, and the
 * Netlify Edge Function adapter reading the Blobs store with the context Netlify gives Edge
 * Functions (NETLIFY_BLOBS_CONTEXT) and the build data from the same origin. The Blobs store
 * is @netlify/blobs' own BlobsServer. One table of facts, run against all three.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import edgeMedia from '../../src/netlify/edge-functions/media.ts';
import { mediaKey } from '../../src/media/media-index.ts';
import type { MediaStore } from '../../src/media/media-store.ts';
import { checkMediaRequest, MEDIA_MOUNT, PUBLIC_CACHE_CONTROL } from '../../src/serve/media/gate.ts';
import { mediaPathOf, signScope, TOKEN_CLOCK_SKEW, tokenScope } from '../../src/formats/media-token.ts';
import { parseByteRange as parseRange } from '../../src/serve/shared/conditional.ts';
import { startPreviewServer, type PreviewServer } from '../../src/serve/preview/server.ts';
import { startBlobsServer, tempFolderStore, type TestBlobs } from '../helpers/media.ts';
import { KEYS, MEDIA, NOW, PDF_BYTES, PNG_BYTES, putFixtureMedia, sha256, signedMediaUrl, urls, writeFixtureBuild } from './fixture.ts';

let dir: string;
let blobs: TestBlobs;
let folder: Awaited<ReturnType<typeof tempFolderStore>>;
const previews: Record<'folder' | 'blobs' | 'open', PreviewServer> = {} as never;
const errors: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'serve-media-'));
  folder = await tempFolderStore();
  blobs = await startBlobsServer();
  await writeFixtureBuild(dir, folder.store);
  await putFixtureMedia(blobs.store());
  const start = (media: MediaStore) =>
    // Tokens in the fixture are valid around NOW; the preview's clock is pinned there.
    startPreviewServer({ buildDir: dir, port: 0, tokenKeys: KEYS, now: () => NOW, media, onError: (error, request) => errors.push(`${request}: ${(error as Error).message}`) });
  previews.folder = await start(folder.store);
  previews.blobs = await start(blobs.store('archive-media', 'api'));
  // The origin the Edge Function reads build data (the media index) from: the same files.
  previews.open = await startPreviewServer({ buildDir: dir, port: 0, tokenKeys: KEYS, media: folder.store });
});
afterAll(async () => {
  await Promise.all(Object.values(previews).map((preview) => preview.close()));
  await blobs.stop();
  await folder.remove();
  await rm(dir, { recursive: true, force: true });
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A media URL of the fixture (absolute on archive.test) as a URL on a server. */
const onServer = (server: PreviewServer, mediaUrl: string) => new URL(new URL(mediaUrl).pathname + new URL(mediaUrl).search, server.url);

type Get = (mediaUrl: string, init?: RequestInit) => Promise<Response>;

const implementations: [string, () => Get][] = [
  ['local preview, folder store', () => (mediaUrl, init) => fetch(onServer(previews.folder, mediaUrl), init)],
  ['local preview, Netlify Blobs store', () => (mediaUrl, init) => fetch(onServer(previews.blobs, mediaUrl), init)],
  [
    'Netlify Edge Function, Netlify Blobs store',
    () => {
      vi.useFakeTimers({ now: NOW * 1000, toFake: ['Date'] });
      const env: Record<string, string> = {
        MEDIA_TOKEN_KEYS: 'new:fixture-secret-new-0123456789,old:fixture-secret-old-0123456789',
        NETLIFY_BLOBS_CONTEXT: blobs.edgeContext(),
      };
      vi.stubGlobal('Netlify', { env: { get: (name: string) => env[name] } });
      return (mediaUrl, init) => edgeMedia(new Request(onServer(previews.open, mediaUrl), init));
    },
  ],
];

const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

for (const [name, make] of implementations) {
  describe(`media answers: ${name}`, () => {
    const get = (url: string, init?: RequestInit) => make()(url, init);

    it('serves an attachment with a valid token: exact bytes, type, disposition, nosniff, length, ETag', async () => {
      const response = await get(await signedMediaUrl(MEDIA.attachment));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe(`inline; filename*=UTF-8''${encodeURIComponent('Bescheid vom 3. März.pdf')}`);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.get('accept-ranges')).toBe('bytes');
      expect(response.headers.get('content-length')).toBe(String(PDF_BYTES.byteLength));
      expect(response.headers.get('etag')).toBe(`"${sha256(PDF_BYTES)}"`);
      expect(await bytesOf(response)).toEqual(PDF_BYTES);
    });

    it('accepts a token signed with the previous key during rotation', async () => {
      const response = await get(await signedMediaUrl(MEDIA.attachment, NOW + 60, KEYS[1]));
      expect(response.status).toBe(200);
    });

    it('one document token covers its PDF and page images', async () => {
      const token = await signScope(tokenScope(MEDIA.privatePdf)!, NOW + 60, KEYS[0]!);
      expect((await get(urls.media(MEDIA.privatePdf, { token }))).status).toBe(200);
      const image = await get(urls.media(MEDIA.privateImage, { token }));
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(await bytesOf(image)).toEqual(PNG_BYTES);
    });

    it.each([
      ['missing', async () => urls.media(MEDIA.attachment), /needs a token/],
      ['expired (beyond the clock skew)', async () => signedMediaUrl(MEDIA.attachment, NOW - TOKEN_CLOCK_SKEW - 1), /expired/],
      ['longer-lived than the lifetime (a build-time token of 30 days)', async () => signedMediaUrl(MEDIA.attachment, NOW + 30 * 86_400), /outlives/],
      ['forged', async () => (await signedMediaUrl(MEDIA.attachment)).replace(/.(?=$)/, (c) => (c === 'A' ? 'B' : 'A')), /not valid|malformed/],
      ['for another file', async () => urls.media(MEDIA.attachment, { token: new URL(await signedMediaUrl('foi/6/other.pdf')).searchParams.get('token')! }), /not valid/],
      ['unknown key', async () => signedMediaUrl(MEDIA.attachment, NOW + 60, { kid: 'gone', secret: 'x' }), /no longer accepts/],
    ])('refuses a %s token with 403 and a short explanation', async (_, url, message) => {
      const response = await get(await url());
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).toMatch(message);
    });

    it('serves a public attachment without a token, and whatever token it carries (docs/froide.md#media-tokens)', async () => {
      for (const url of [urls.media(MEDIA.publicAttachment), await signedMediaUrl(MEDIA.publicAttachment, NOW - 60), urls.media(MEDIA.publicAttachment, { token: 'x' })]) {
        const response = await get(url);
        expect(response.status, url).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/pdf');
        expect(response.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL);
        expect(await bytesOf(response)).toEqual(PDF_BYTES);
      }
    });

    it('fails closed: an attachment whose media index file is malformed needs its token, and with it is an error', async () => {
      const response = await get(urls.media(MEDIA.brokenListAttachment));
      expect(response.status).toBe(403);
      expect(await response.text()).toMatch(/needs a token/);
      const withToken = await get(await signedMediaUrl(MEDIA.brokenListAttachment));
      expect(withToken.status).toBe(500);
      expect(await withToken.text()).toBe('Internal error.\n');
    });

    it('serves public documents without a token', async () => {
      const response = await get(urls.media(MEDIA.publicPdf));
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=3600, must-revalidate');
      expect(await bytesOf(response)).toEqual(PDF_BYTES);
    });

    it('answers a file the index does not name with 404: with a valid token, and in a public area', async () => {
      expect((await get(await signedMediaUrl('foi/5/nothing.pdf'))).status).toBe(404);
      const response = await get(urls.media(MEDIA.publicPdf.replace('public.pdf', 'nothing.pdf')));
      expect(response.status).toBe(404);
      expect(await response.text()).toBe('Not found.\n');
    });

    it('answers a single range with 206, the exact bytes and Content-Range', async () => {
      const url = urls.media(MEDIA.publicPdf);
      const size = PDF_BYTES.byteLength;
      for (const [range, start, end] of [
        ['bytes=1-4', 1, 4],
        ['bytes=-6', size - 6, size - 1],
        ['bytes=10-', 10, size - 1],
        ['bytes=0-100000', 0, size - 1],
      ] as const) {
        const part = await get(url, { headers: { range } });
        expect(part.status, range).toBe(206);
        expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
        expect(part.headers.get('content-length')).toBe(String(end - start + 1));
        expect(await bytesOf(part)).toEqual(PDF_BYTES.subarray(start, end + 1));
      }
    });

    it('answers an unsatisfiable range with 416 and the size; several ranges get the whole file', async () => {
      const url = urls.media(MEDIA.publicPdf);
      const refused = await get(url, { headers: { range: `bytes=${PDF_BYTES.byteLength}-` } });
      expect(refused.status).toBe(416);
      expect(refused.headers.get('content-range')).toBe(`bytes */${PDF_BYTES.byteLength}`);
      expect(await refused.text()).toBe('');
      const several = await get(url, { headers: { range: 'bytes=0-1,4-5' } });
      expect(several.status).toBe(200);
      expect(await bytesOf(several)).toEqual(PDF_BYTES);
    });

    it('honours If-Range: a stale validator gets the whole file', async () => {
      const url = urls.media(MEDIA.publicPdf);
      const current = await get(url, { headers: { range: 'bytes=0-3', 'if-range': `"${sha256(PDF_BYTES)}"` } });
      expect(current.status).toBe(206);
      const stale = await get(url, { headers: { range: 'bytes=0-3', 'if-range': '"an-older-etag"' } });
      expect(stale.status).toBe(200);
      expect(await bytesOf(stale)).toEqual(PDF_BYTES);
    });

    it('answers If-None-Match with the ETag by 304 without a body, keeping the cache headers', async () => {
      const url = urls.media(MEDIA.publicPdf);
      const response = await get(url, { headers: { 'if-none-match': `W/"x", "${sha256(PDF_BYTES)}"` } });
      expect(response.status).toBe(304);
      expect(response.headers.get('etag')).toBe(`"${sha256(PDF_BYTES)}"`);
      expect(response.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL);
      expect(await response.text()).toBe('');
      expect((await get(url, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
    });

    it('answers HEAD like GET without a body, ranges included', async () => {
      const url = urls.media(MEDIA.publicPdf);
      const head = await get(url, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(PDF_BYTES.byteLength));
      expect(head.headers.get('etag')).toBe(`"${sha256(PDF_BYTES)}"`);
      expect(await head.text()).toBe('');
      const part = await get(url, { method: 'HEAD', headers: { range: 'bytes=2-5' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-length')).toBe('4');
    });

    it('serves an empty file; any range of it is unsatisfiable', async () => {
      const response = await get(urls.media(MEDIA.emptyAttachment));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-length')).toBe('0');
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await response.text()).toBe('');
      expect((await get(urls.media(MEDIA.emptyAttachment), { headers: { range: 'bytes=0-0' } })).status).toBe(416);
    });

    it('answers 500 when the store lacks an object the index names', async () => {
      const response = await get(urls.media(MEDIA.lostPdf));
      expect(response.status).toBe(500);
      expect(response.headers.get('cache-control')).toBe('no-store');
    });

    it('refuses other methods with 405', async () => {
      const response = await get(urls.media(MEDIA.publicPdf), { method: 'POST', body: 'x' });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
    });
  });
}

describe('the Edge Function reads the Blobs store the build uploaded to', () => {
  it('MEDIA_STORE=netlify-blobs:<name> names it; without it, archive-media', async () => {
    await putFixtureMedia(blobs.store('other-name'));
    const answer = async (env: Record<string, string>) => {
      vi.stubGlobal('Netlify', { env: { get: (name: string) => ({ NETLIFY_BLOBS_CONTEXT: blobs.edgeContext(), ...env })[name] } });
      return (await edgeMedia(new Request(onServer(previews.open, urls.media(MEDIA.publicPdf))))).status;
    };
    expect(await answer({ MEDIA_STORE: 'netlify-blobs:other-name' })).toBe(200);
    expect(await answer({ MEDIA_STORE: 'netlify-blobs:never-written' })).toBe(500);
    // A folder means nothing on Netlify: the default store.
    expect(await answer({ MEDIA_STORE: '.cache/media' })).toBe(200);
    expect(await answer({})).toBe(200);
    vi.unstubAllGlobals();
  });
});

describe('media answers read the object only when they send its bytes', () => {
  it('HEAD, 304 and 416 answer from the index; GET and a range read the object once', async () => {
    const get = (init?: RequestInit) => fetch(onServer(previews.blobs, urls.media(MEDIA.publicPdf)), init);
    const reads = () => blobs.requests.filter((request) => request.endsWith(`/sha256/${sha256(PDF_BYTES)}`) && request.startsWith('get ')).length;
    const before = reads();
    await (await get({ method: 'HEAD' })).text();
    await (await get({ headers: { 'if-none-match': `"${sha256(PDF_BYTES)}"` } })).text();
    await (await get({ headers: { range: 'bytes=1000-' } })).text();
    expect(reads()).toBe(before);
    await (await get()).arrayBuffer();
    await (await get({ headers: { range: 'bytes=0-1' } })).arrayBuffer();
    expect(reads() - before).toBe(2);
  });

  it('the preview logs the cause of a 500 with its request', () => {
    expect(errors.some((line) => line.startsWith('GET /media/docs/') && line.includes('has no object') && line.includes('verloren.pdf'))).toBe(true);
  });
});

describe('the media index as the list of public attachment files fails closed', () => {
  const url = new URL(urls.media(MEDIA.publicAttachment));
  const entry = { sha256: sha256(PDF_BYTES), size: PDF_BYTES.byteLength };
  const index = (value: unknown) => ({ read: async () => new TextEncoder().encode(JSON.stringify(value)) });
  it.each([
    ['no store', undefined],
    ['a store that fails', { read: async () => Promise.reject(new Error('store: GET answered 502')) }],
    ['no index file', { read: async () => null }],
    ['an index that is no object', index([MEDIA.publicAttachment])],
    ['an entry without public', index({ [mediaKey(MEDIA.publicAttachment)]: entry })],
    ['a malformed entry', index({ [mediaKey(MEDIA.publicAttachment)]: { ...entry, size: -1, public: true } })],
    ['public: "yes"', index({ [mediaKey(MEDIA.publicAttachment)]: { ...entry, public: 'yes' } })],
  ])('%s: a token is needed', async (_, store) => {
    expect(await checkMediaRequest(url, { keys: KEYS, ttl: 120, now: () => NOW, ...(store ? { store } : {}) })).toMatchObject({ allow: false, status: 403 });
  });

  it('a file marked public is public, and the gate hands over its entry', async () => {
    const store = index({ [mediaKey(MEDIA.publicAttachment)]: { ...entry, public: true } });
    expect(await checkMediaRequest(url, { keys: KEYS, ttl: 120, now: () => NOW, store })).toEqual({ allow: true, path: MEDIA.publicAttachment, access: 'public', entry: { ...entry, public: true } });
  });

  it('only foi/ files can be public: a private document directory always needs its token', async () => {
    const store = index({ [MEDIA.privatePdf]: { ...entry, public: true } });
    expect(await checkMediaRequest(new URL(urls.media(MEDIA.privatePdf)), { keys: KEYS, ttl: 120, now: () => NOW, store })).toMatchObject({ allow: false, status: 403 });
  });
});

describe('media paths never leave the media tree', () => {
  it.each([
    ['/media/docs/../api/v1/index.json', null],
    ['/media/docs/%2e%2e/x', null],
    ['/media/foi/1%2F..%2F..%2Fetc/passwd', null],
    ['/media/foi/1/a%5Cb', null],
    ['/media/foi/1/a%00b', null],
    ['/media//etc/passwd', null],
    ['/media/foi/1/%E0%A4%A', null],
    ['/media/foi/12/Bescheid%20vom%203.%20M%C3%A4rz.pdf', 'foi/12/Bescheid vom 3. März.pdf'],
  ])('%s -> %s', (path, expected) => {
    expect(mediaPathOf(path, MEDIA_MOUNT)).toBe(expected);
  });

  it.each(['/media/../_data/manifest.json', '/media/%2e%2e/_data/manifest.json', '/media/docs/..%2f..%2f_data/manifest.json', '/media/etc/passwd', '/media/'])(
    'the preview never serves %s from the media gate',
    async (path) => {
      const response = await fetch(new URL(path, previews.folder.url));
      // A URL that normalises out of /media/ is an ordinary static path, never a media answer.
      expect(response.headers.get('content-disposition')).toBeNull();
      if (new URL(path, 'http://x').pathname.startsWith('/media/')) expect(response.status).toBe(404);
    },
  );

  it('parses ranges like RFC 9110', () => {
    expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=5-', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=5-100', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,3-4', 10)).toBeNull();
    expect(parseRange('bytes=4-2', 10)).toBeNull();
    expect(parseRange('items=0-1', 10)).toBeNull();
  });
});

/**
 * The media gate (issue 4 #7–#8) through every implementation: the preview over real sockets
 * and the Netlify Edge Function adapter (context.next() answered by the same preview, standing
 * in for the CDN's copy). One table of facts, run against both.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signScope, tokenScope } from '../../src/api/media-token.ts';
import edgeMedia from '../../src/netlify/edge-functions/media.ts';
import { checkMediaRequest, mediaPathOf } from '../../src/serve/media-gate.ts';
import { parseRange } from '../../src/serve/media-files.ts';
import { startPreviewServer, type PreviewServer } from '../../src/serve/preview.ts';
import { KEYS, MEDIA, NOW, PDF_BYTES, signedMediaUrl, urls, writeFixtureBuild } from './fixture.ts';

let dir: string;
let preview: PreviewServer;
let clockPreview: PreviewServer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'serve-media-'));
  await writeFixtureBuild(dir);
  // Tokens in the fixture are valid around NOW; the preview's clock is pinned there.
  clockPreview = await startPreviewServer({ buildDir: dir, port: 0, tokenKeys: KEYS, now: () => NOW });
  preview = await startPreviewServer({ buildDir: dir, port: 0, tokenKeys: KEYS });
});
afterAll(async () => {
  await clockPreview.close();
  await preview.close();
  await rm(dir, { recursive: true, force: true });
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A media URL of the fixture (absolute on archive.test) as a path on a server. */
const onServer = (server: PreviewServer, mediaUrl: string) => new URL(new URL(mediaUrl).pathname + new URL(mediaUrl).search, server.url);

type Get = (mediaUrl: string, init?: RequestInit) => Promise<Response>;

const implementations: [string, () => Get][] = [
  ['local preview', () => (mediaUrl, init) => fetch(onServer(clockPreview, mediaUrl), init)],
  [
    'Netlify edge function',
    () => {
      vi.useFakeTimers({ now: NOW * 1000, toFake: ['Date'] });
      vi.stubGlobal('Netlify', { env: { get: (name: string) => (name === 'MEDIA_TOKEN_KEYS' ? 'new:fixture-secret-new-0123456789,old:fixture-secret-old-0123456789' : undefined) } });
      return async (mediaUrl, init) => {
        const url = onServer(preview, mediaUrl);
        const request = new Request(url, init);
        // The CDN's copy: the bytes, without any gate (the open preview path for docs/ files
        // is the same handler, so serve from disk through a token-free static fetch).
        const next = vi.fn(async () => fetch(new URL(`/${'media'}/${mediaPathOf(url.pathname)!.split('/').map(encodeURIComponent).join('/')}${url.search}`, clockPreview.url), init));
        return edgeMedia(request, { next });
      };
    },
  ],
];

for (const [name, make] of implementations) {
  describe(`media gate: ${name}`, () => {
    const get = (url: string, init?: RequestInit) => make()(url, init);

    it('serves an attachment with a valid token, with type, disposition and nosniff', async () => {
      const response = await get(await signedMediaUrl(MEDIA.attachment));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe(`inline; filename*=UTF-8''${encodeURIComponent('Bescheid vom 3. März.pdf')}`);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF_BYTES);
    });

    it('accepts a token signed with the previous key during rotation', async () => {
      const response = await get(await signedMediaUrl(MEDIA.attachment, NOW + 60, KEYS[1]!));
      expect(response.status).toBe(200);
    });

    it('one document token covers its PDF and page images', async () => {
      const token = await signScope(tokenScope(MEDIA.privatePdf)!, NOW + 60, KEYS[0]!);
      expect((await get(urls.media(MEDIA.privatePdf, { token }))).status).toBe(200);
      const image = await get(urls.media(MEDIA.privateImage, { token }));
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
    });

    it.each([
      ['missing', async () => urls.media(MEDIA.attachment), /needs a token/],
      ['expired', async () => signedMediaUrl(MEDIA.attachment, NOW - 1), /expired/],
      ['forged', async () => (await signedMediaUrl(MEDIA.attachment)).replace(/.(?=$)/, (c) => (c === 'A' ? 'B' : 'A')), /not valid|malformed/],
      ['for another file', async () => urls.media(MEDIA.attachment, { token: new URL(await signedMediaUrl(mediaPathsOther())).searchParams.get('token')! }), /not valid/],
      ['unknown key', async () => signedMediaUrl(MEDIA.attachment, NOW + 60, { kid: 'gone', secret: 'x' }), /no longer accepts/],
    ])('refuses a %s token with 403 and a short explanation', async (_, make, message) => {
      const response = await get(await make());
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await response.text()).toMatch(message);
    });

    it('serves a public attachment without a token, and whatever token it carries (facts §6.2)', async () => {
      for (const url of [urls.media(MEDIA.publicAttachment), await signedMediaUrl(MEDIA.publicAttachment, NOW - 1), urls.media(MEDIA.publicAttachment, { token: 'x' })]) {
        const response = await get(url);
        expect(response.status, url).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/pdf');
        expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
        expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF_BYTES);
      }
    });

    it('fails closed: an attachment whose public list is malformed needs its token', async () => {
      const response = await get(urls.media(MEDIA.brokenListAttachment));
      expect(response.status).toBe(403);
      expect(await response.text()).toMatch(/needs a token/);
      expect((await get(await signedMediaUrl(MEDIA.brokenListAttachment))).status).toBe(200);
    });

    it('serves public documents without a token', async () => {
      const response = await get(urls.media(MEDIA.publicPdf));
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    });

    it('answers an unknown file with a valid token with 404', async () => {
      const response = await get(await signedMediaUrl('foi/5/nothing.pdf'));
      expect(response.status).toBe(404);
    });

    it('answers ranges with 206 and HEAD without a body', async () => {
      const url = urls.media(MEDIA.publicPdf);
      const part = await get(url, { headers: { range: 'bytes=1-4' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 1-4/${PDF_BYTES.byteLength}`);
      expect(new TextDecoder().decode(await part.arrayBuffer())).toBe('PDF-');
      const head = await get(url, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(PDF_BYTES.byteLength));
      expect(await head.text()).toBe('');
    });
  });
}

describe('the list of public attachment files fails closed', () => {
  const url = new URL(urls.media(MEDIA.publicAttachment));
  const listed = new TextEncoder().encode(JSON.stringify([MEDIA.publicAttachment]));
  it.each([
    ['no store', undefined],
    ['a store that fails', { read: async () => Promise.reject(new Error('store: GET answered 502')) }],
    ['no list file', { read: async () => null }],
    ['a list that is no array', { read: async () => new TextEncoder().encode(`{"${MEDIA.publicAttachment}": true}`) }],
  ])('%s: a token is needed', async (_, store) => {
    expect(await checkMediaRequest(url, { keys: KEYS, now: () => NOW, ...(store ? { store } : {}) })).toMatchObject({ allow: false, status: 403 });
  });

  it('a listed file is public', async () => {
    expect(await checkMediaRequest(url, { keys: KEYS, now: () => NOW, store: { read: async () => listed } })).toEqual({ allow: true, path: MEDIA.publicAttachment, access: 'public' });
  });

  it('lists only foi/ files: a private document directory always needs its token', async () => {
    const store = { read: async () => new TextEncoder().encode(JSON.stringify([MEDIA.privatePdf])) };
    expect(await checkMediaRequest(new URL(urls.media(MEDIA.privatePdf)), { keys: KEYS, now: () => NOW, store })).toMatchObject({ allow: false, status: 403 });
  });
});

function mediaPathsOther(): string {
  return 'foi/6/other.pdf';
}

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
    expect(mediaPathOf(path)).toBe(expected);
  });

  it.each(['/media/../_data/manifest.json', '/media/%2e%2e/_data/manifest.json', '/media/docs/..%2f..%2f_data/manifest.json', '/media/etc/passwd', '/media/'])(
    'the preview never serves %s from the media gate',
    async (path) => {
      const response = await fetch(new URL(path, preview.url));
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
    expect(parseRange('bytes=0-1,3-4', 10)).toBeNull();
    expect(parseRange('items=0-1', 10)).toBeNull();
  });
});

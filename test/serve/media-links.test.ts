/**
 * The media URLs the API gives, followed through the preview's media gate over real sockets:
 * a real build with page images of a public and a private document derived from attachments,
 * a CSV attachment and an unapproved one (docs/api.md#media-urls-and-tokens, docs/froide.md#media-files-and-page-images).
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { expiryStep, TOKEN_CLOCK_SKEW } from '../../src/api/media-token.ts';
import { buildPaths } from '../../src/api/build-paths.ts';
import { writePdf } from '../../tools/pdf-writer.ts';
import { BUILD_CLOCK, serveTree } from '../helpers/build.ts';
import { minimalArchive, responseMessage, type Tree } from '../helpers/content.ts';

const PAGE: [number, number] = [300, 200];

async function tree(): Promise<Tree> {
  const pdf = (title: string) => writePdf({ title, pages: [1, 2].map((n) => ({ text: `${title} ${n}`, size: PAGE })) });
  return minimalArchive({
    'requests/10-akten/messages/101.yaml': responseMessage([
      { id: 1000, name: 'liste.csv' },
      { id: 1001, name: 'Bescheid.pdf', document: { id: 500 } },
      { id: 1002, name: 'Vermerk intern.pdf', document: { id: 501, public: false } },
      { id: 1003, name: 'Entwurf.pdf', approved: false },
    ]),
    'requests/10-akten/files/101/Entwurf.pdf': await pdf('Entwurf'),
    'requests/10-akten/files/101/Bescheid.pdf': await pdf('Bescheid'),
    'requests/10-akten/files/101/Vermerk intern.pdf': await pdf('Vermerk'),
  });
}

/** The preview's clock: the API mints and the media gate checks by it. */
let clock = BUILD_CLOCK;
afterEach(() => {
  clock = BUILD_CLOCK;
});
const served = serveTree(tree, { images: true, cacheDir: join(process.cwd(), '.cache', 'archive'), now: () => clock });

/** A media URL of the build (absolute on the configured host) requested from the preview. */
const getMedia = (url: string) => {
  const { pathname, search } = new URL(url);
  return served.get(`${pathname}${search}`);
};
const withoutQuery = (url: string) => url.split('?')[0]!;
const json = async (path: string) => {
  const response = await served.get(path);
  expect(response.status, path).toBe(200);
  return response.json();
};

describe('media URLs of a private document', () => {
  it('page images answer with the token they carry, and 403 without it', async () => {
    const document = await json('/api/v1/document/501/');
    expect(document.public).toBe(false);
    for (const page of document.pages as { number: number; image: string }[]) {
      const url = page.image.replace('%7Bsize%7D', 'small');
      const response = await getMedia(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect((await getMedia(withoutQuery(url))).status).toBe(403);
    }
  });

  it('the page template and the cover answer with their token', async () => {
    const document = await json('/api/v1/document/501/');
    const page2 = await getMedia(document.page_template.replace('%7Bpage%7D', '2').replace('%7Bsize%7D', 'normal'));
    expect(page2.status).toBe(200);
    expect(page2.headers.get('content-type')).toBe('image/png');
    expect((await getMedia(document.cover_image)).status).toBe(200);
    expect((await getMedia(document.file_url)).headers.get('content-type')).toBe('application/pdf');
  });
});

describe('media URLs of a public document', () => {
  it('page images answer without a token', async () => {
    const document = await json('/api/v1/document/500/');
    for (const page of document.pages as { image: string }[]) {
      expect(page.image).not.toContain('?');
      const response = await getMedia(page.image.replace('{size}', 'large'));
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=3600, must-revalidate');
    }
  });
});

describe('media URLs of attachments (docs/froide.md#media-tokens)', () => {
  it('file_url carries a token, and a public attachment answers without it too', async () => {
    const attachments = (await json('/api/v1/attachment/')).objects as { name: string; file_url: string }[];
    expect(attachments.map((attachment) => attachment.name)).toEqual(['Bescheid.pdf', 'liste.csv', 'Vermerk intern.pdf']);
    for (const attachment of attachments) {
      expect(attachment.file_url).toMatch(/\?token=[0-9a-z]+%3Adev%3A[\w-]{43}$/);
      expect((await getMedia(attachment.file_url)).status).toBe(200);
      const open = await getMedia(withoutQuery(attachment.file_url));
      expect(open.status, attachment.name).toBe(200);
      expect(open.headers.get('cache-control')).toBe('public, max-age=3600, must-revalidate');
    }
    const csv = await getMedia(withoutQuery(attachments[1]!.file_url));
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await csv.text()).toBe('a;b\n1;2\n');
    // Not approved: not published, and refused before any lookup of the file.
    const draft = await served.get('/media/foi/101/Entwurf.pdf');
    expect(draft.status).toBe(403);
    expect(await draft.text()).toMatch(/needs a token/);
  });

  it('the media index marks exactly the published attachments public, in one file per directory', async () => {
    const file = buildPaths.mediaIndex('foi/101/x');
    const index = await served.built.json(file);
    expect(Object.keys(index)).toEqual(['foi/101/Bescheid.pdf', 'foi/101/Vermerk intern.pdf', 'foi/101/liste.csv']);
    expect(Object.values(index).map((entry) => (entry as { public?: true }).public)).toEqual([true, true, true]);
    // Public documents' files are open by their path: no entry says so.
    const documentFiles = (await served.built.files()).filter((path) => path.startsWith('_data/media/index/') && path !== file);
    const documentEntries = Object.values(Object.assign({}, ...(await Promise.all(documentFiles.map((path) => served.built.json(path))))));
    expect(documentEntries.length).toBeGreaterThan(0);
    expect(documentEntries.every((entry) => !('public' in (entry as object)))).toBe(true);
  });
});

describe('media tokens are minted when answering (MEDIA_TOKEN_TTL, default 120 s)', () => {
  it('a link opens until its lifetime (and the clock skew) has passed, then 403; the next answer has a fresh token', async () => {
    clock = BUILD_CLOCK + 1003;
    const first = (await json('/api/v1/attachment/1002/')).document.file_url as string;
    expect(first).toMatch(/\/media\/docs-private\/.*\?token=/);
    // The expiry: now + 120 s rounded down to its step (5 s), never later.
    const expires = parseInt(decodeURIComponent(new URL(first).searchParams.get('token')!).split(':')[0]!, 36);
    expect(expires).toBe(Math.floor((clock + 120) / expiryStep(120)) * expiryStep(120));
    expect(expires).toBe(BUILD_CLOCK + 1120);
    clock = expires;
    expect((await getMedia(first)).status).toBe(200);
    clock += TOKEN_CLOCK_SKEW;
    expect((await getMedia(first)).status).toBe(200);
    clock += 1;
    const expired = await getMedia(first);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toMatch(/expired/);
    const fresh = (await json('/api/v1/attachment/1002/')).document.file_url as string;
    expect(fresh).not.toBe(first);
    expect(withoutQuery(fresh)).toBe(withoutQuery(first));
    expect((await getMedia(fresh)).status).toBe(200);
  });

  it('answers within one step of the expiry are byte-identical; a later one differs only in its tokens, and carries a short CDN lifetime', async () => {
    clock = BUILD_CLOCK + 2000; // the first second of a step (5 s): 120 s later is a whole multiple of it
    const [a, b] = await Promise.all([served.get('/api/v1/message/'), served.get('/api/v1/message/')]);
    const first = await a.text();
    expect(await b.text()).toBe(first);
    expect(a.headers.get('netlify-cdn-cache-control')).toBe('public, durable, max-age=30');
    clock += expiryStep(120) - 1;
    expect(await (await served.get('/api/v1/message/')).text()).toBe(first);
    clock += 1;
    const later = await (await served.get('/api/v1/message/')).text();
    expect(later).not.toBe(first);
    const untokened = (text: string) => text.replace(/\?token=[^"]+"/g, '?token="');
    expect(untokened(later)).toBe(untokened(first));
    // Lists without media links are not minted: no CDN lifetime of their own.
    expect((await served.get('/api/v1/request/')).headers.get('netlify-cdn-cache-control')).toBeNull();
  });
});

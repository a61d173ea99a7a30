/**
 * The media URLs the API gives, followed through the preview's media gate over real sockets:
 * a real build with page images of a public document derived from an attachment, a CSV
 * attachment, and an unapproved one whose private document is published nowhere
 * (docs/api.md#media-urls-and-tokens, docs/froide.md#media-files-and-page-images).
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { expiryStep, TOKEN_CLOCK_SKEW } from '../../src/formats/media-token.ts';
import { buildPaths } from '../../src/api/build-paths.ts';
import { mediaKey } from '../../src/media/media-index.ts';
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
      { id: 1002, name: 'Vermerk intern.pdf', approved: false, document: { id: 501, public: false } },
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

describe('a private document (docs/content-guide.md#private-documents)', () => {
  it('answers as an unknown one, and its attachment is not published', async () => {
    const response = await served.get('/api/v1/document/501/');
    expect(response.status).toBe(404);
    expect((await served.get('/api/v1/attachment/1002/')).status).toBe(404);
    // Not approved: refused before any lookup of the file, with a token or without.
    for (const path of ['/media/foi/101/Vermerk%20intern.pdf', '/media/foi/101/Vermerk%20intern.pdf?token=x']) expect((await served.get(path)).status, path).toBe(403);
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
    expect(attachments.map((attachment) => attachment.name)).toEqual(['Bescheid.pdf', 'liste.csv']);
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
    // Keyed by the digest of the path (src/media/media-index.ts mediaKey): the index names no path.
    const keys = ['foi/101/Bescheid.pdf', 'foi/101/liste.csv'].map(mediaKey);
    expect(Object.keys(index)).toEqual([...keys].sort());
    expect(JSON.stringify(index)).not.toContain('foi/');
    expect(keys.map((key) => (index[key] as { public?: true }).public)).toEqual([true, true]);
    // Public documents' files are open by their path: no entry says so.
    const documentFiles = (await served.built.files()).filter((path) => path.startsWith('_data/media/index/') && path !== file);
    const documentEntries = Object.values(Object.assign({}, ...(await Promise.all(documentFiles.map((path) => served.built.json(path))))));
    expect(documentEntries.length).toBeGreaterThan(0);
    expect(documentEntries.every((entry) => !('public' in (entry as object)))).toBe(true);
  });
});

describe('media tokens are minted when answering (MEDIA_TOKEN_TTL, default 120 s)', () => {
  it('a link carries the expiry of its lifetime; a public attachment opens after it too (froide checks no token for it), and the next answer has a fresh token', async () => {
    clock = BUILD_CLOCK + 1003;
    const first = (await json('/api/v1/attachment/1001/')).file_url as string;
    expect(first).toMatch(/\/media\/foi\/101\/Bescheid\.pdf\?token=/);
    // The expiry: now + 120 s rounded down to its step (5 s), never later.
    const expires = parseInt(decodeURIComponent(new URL(first).searchParams.get('token')!).split(':')[0]!, 36);
    expect(expires).toBe(Math.floor((clock + 120) / expiryStep(120)) * expiryStep(120));
    expect(expires).toBe(BUILD_CLOCK + 1120);
    clock = expires + TOKEN_CLOCK_SKEW + 1;
    const late = await getMedia(first);
    expect(late.status).toBe(200);
    expect(late.headers.get('cache-control')).toBe('public, max-age=3600, must-revalidate');
    const fresh = (await json('/api/v1/attachment/1001/')).file_url as string;
    expect(fresh).not.toBe(first);
    expect(withoutQuery(fresh)).toBe(withoutQuery(first));
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

/**
 * Pages of unlisted documents (docs/froide.md#page, docs/froide.md#media-files-and-page-images): `pages_uri` (`/api/v1/page/?document=<id>&uid=<uid>`)
 * lists them, and nothing else does. A real build served by the preview over real sockets.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPaths } from '../../src/api/build-paths.ts';
import { writePdf } from '../../tools/pdf-writer.ts';
import { listFiles, serveTree } from '../helpers/build.ts';
import { minimalArchive, responseMessage, type Tree } from '../helpers/content.ts';

const API = 'https://archiv.example.org/api/v1/';
const DERIVED_UID = '7c1e5d0a-93b4-4f2e-8a61-d2f09b3c4e57';
const IMPORTED_UID = '0b9e2f61-5c3a-4d8e-9f17-2a6c4e8b1d03';

async function tree(): Promise<Tree> {
  const pdf = (words: string[]) => writePdf({ pages: words.map((text) => ({ text })) });
  return minimalArchive({
    'requests/10-akten/messages/101.yaml': responseMessage([
      { id: 1001, name: 'offen.pdf', document: { id: 500 } },
      { id: 1002, name: 'messbericht.pdf', document: { id: 501, listed: false, uid: DERIVED_UID } },
      { id: 1003, name: 'privat.pdf', approved: false, document: { id: 502, public: false } },
    ]),
    'requests/10-akten/files/101/offen.pdf': await pdf(['Offener Bescheid.', 'Zweite Seite.']),
    'requests/10-akten/files/101/messbericht.pdf': await pdf(['Messbericht Rhein.', 'Messstelle Geheimwort eins.', 'Messstelle Geheimwort zwei.']),
    'requests/10-akten/files/101/privat.pdf': await pdf(['Vermerk.']),
    'documents/600-gutachten/document.yaml': { id: 600, file: 'g.pdf', listed: false, uid: IMPORTED_UID, published_at: '2024-03-01T00:00:00+01:00' },
    'documents/600-gutachten/g.pdf': await pdf(['Gutachten Zauberwort.', 'Anhang.']),
    'documents/601-intern/document.yaml': { id: 601, file: 'i.pdf', public: false },
    'documents/601-intern/i.pdf': await pdf(['Intern.']),
    'collections/1.yaml': { id: 1, title: 'Gutachten', created_at: '2024-05-01T10:00:00+02:00', documents: [{ document: 600 }] },
  });
}

const served = serveTree(tree);

const json = async (path: string) => {
  const response = await served.get(path);
  expect(response.status, path).toBe(200);
  return response.json();
};
const pages = (body: { objects: { document: string; number: number }[] }) => body.objects.map((page) => `${page.document.slice(API.length)}${page.number}`);

describe('page list of an unlisted document', () => {
  it("pages_uri of a derived one lists all its pages, the same objects as the document's detail", async () => {
    const document = await json('/api/v1/document/501/');
    expect(document.pages_uri).toBe(`/api/v1/page/?document=501&uid=${DERIVED_UID}`);
    const list = await json(document.pages_uri);
    expect(list.meta).toEqual({ limit: 50, offset: 0, total_count: 3, next: null, previous: null });
    expect(pages(list)).toEqual(['document/501/1', 'document/501/2', 'document/501/3']);
    expect(list.objects.map(({ query_highlight, ...page }: { query_highlight: string }) => (expect(query_highlight).toBe(''), page))).toEqual(document.pages);
  });

  it("pages_uri of an imported one (shown in its collection) lists its pages", async () => {
    const collection = await json('/api/v1/documentcollection/1/');
    const [document] = collection.documents;
    expect(document.pages_uri).toBe(`/api/v1/page/?document=600&uid=${IMPORTED_UID}`);
    expect(pages(await json(document.pages_uri))).toEqual(['document/600/1', 'document/600/2']);
  });

  it('lists nothing without the right uid, as froide answers a document the caller cannot read', async () => {
    for (const query of ['document=501', `document=501&uid=${IMPORTED_UID}`, 'document=501&uid=7c1e5d0a-93b4-4f2e-8a61-d2f09b3c4e58', 'document=501&uid=x', `document=600&uid=${DERIVED_UID}`]) {
      const list = await json(`/api/v1/page/?${query}`);
      expect(list.meta.total_count, query).toBe(0);
      expect(list.objects, query).toEqual([]);
    }
  });

  it('answers an id of no published document with froide\'s 400, uid or not (a private document is not published)', async () => {
    for (const query of ['document=9999', `document=9999&uid=${DERIVED_UID}`, 'document=601', `document=502&uid=${DERIVED_UID}`]) {
      const response = await served.get(`/api/v1/page/?${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toEqual({ document: ['Select a valid choice. That choice is not one of the available choices.'] });
    }
  });

  it('applies every other filter and the pagination to its pages; next and previous keep the uid', async () => {
    const base = `/api/v1/page/?document=501&uid=${DERIVED_UID}`;
    expect(pages(await json(`${base}&number=2`))).toEqual(['document/501/2']);
    const search = await json(`${base}&q=geheimwort`);
    expect(pages(search)).toEqual(['document/501/2', 'document/501/3']);
    expect(search.objects[0].query_highlight).toContain('<em>Geheimwort</em>');
    const middle = await json(`${base}&limit=1&offset=1`);
    expect(pages(middle)).toEqual(['document/501/2']);
    expect(middle.meta).toEqual({
      limit: 1,
      offset: 1,
      total_count: 3,
      next: `${API}page/?document=501&limit=1&offset=2&uid=${DERIVED_UID}`,
      previous: `${API}page/?document=501&limit=1&offset=0&uid=${DERIVED_UID}`,
    });
    expect((await json(`${base}&number=9`)).objects).toEqual([]);
    // Ids are checked against the build, as without uid.
    expect(pages(await json(`${base}&publicbody=1`))).toEqual(['document/501/1', 'document/501/2', 'document/501/3']);
    const unknown = await served.get(`${base}&publicbody=99`);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ publicbody: ['Select a valid choice. That choice is not one of the available choices.'] });
  });

  it('stays out of the page list, its search and the other filters', async () => {
    expect(pages(await json('/api/v1/page/'))).toEqual(['document/500/1', 'document/500/2']);
    for (const query of ['q=geheimwort', 'q=zauberwort', 'uid=' + DERIVED_UID, 'foirequest=10', 'collection=1', `collection=1&uid=${IMPORTED_UID}`]) {
      expect(pages(await json(`/api/v1/page/?${query}`)), query).toEqual(query.startsWith('uid') || query.startsWith('foirequest') ? ['document/500/1', 'document/500/2'] : []);
    }
  });

  it('the text of an unlisted imported document is only in its page list and its detail, both named with its uid', async () => {
    const { buildDir } = served.built;
    const holding: string[] = [];
    for (const file of await listFiles(buildDir)) {
      if (file.startsWith('media/')) continue;
      if ((await readFile(join(buildDir, file), 'utf8')).toLowerCase().includes('zauberwort')) holding.push(file);
    }
    expect(holding.sort()).toEqual([buildPaths.unlistedDetail('document', `600-${IMPORTED_UID}`), buildPaths.unlistedList('page', `600-${IMPORTED_UID}`)].sort());
  });
});

describe('detail of an unlisted imported document (docs/froide.md#visibility: its uid opens it)', () => {
  it('answers document/<id>/?uid=<uid> with the document, pages included', async () => {
    const document = await json(`/api/v1/document/600/?uid=${IMPORTED_UID}`);
    expect(document.resource_uri).toBe(`${API}document/600/`);
    expect(document).toMatchObject({ id: 600, listed: false, public: true, uid: IMPORTED_UID, pages_uri: `/api/v1/page/?document=600&uid=${IMPORTED_UID}` });
    expect(document.pages.map((page: { number: number }) => page.number)).toEqual([1, 2]);
  });

  it('is a 404 without the right uid, and for a private imported document with any uid', async () => {
    for (const path of ['/api/v1/document/600/', `/api/v1/document/600/?uid=${DERIVED_UID}`, '/api/v1/document/600/?uid=x', `/api/v1/document/601/?uid=${IMPORTED_UID}`]) {
      const response = await served.get(path);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toEqual({ detail: 'No Document matches the given query.' });
    }
  });
});

/**
 * Document collections and page annotations end to end: a real build of a small archive with
 * real PDFs and page images, served by the preview over real sockets (docs/froide.md#resources).
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ContentError } from '../../src/content/problems.ts';
import { writePdf } from '../../tools/pdf-writer.ts';
import { buildTree, serveTree } from '../helpers/build.ts';
import { minimalArchive, type Tree } from '../helpers/content.ts';

const API = 'https://archiv.example.org/api/v1/';
const SITE = 'https://fragdenstaat.example';
const HIDDEN_UID = '5b2f8c1e-4a7d-4e0b-9c3a-8d1e6f2a7b40';
const UNLISTED_DOC_UID = '7c1e5d0a-93b4-4f2e-8a61-d2f09b3c4e57';
/** A small page: 150 dpi would be narrower than 1000 px, so the original is 1000 px wide. */
const PAGE: [number, number] = [300, 200];


async function tree(): Promise<Tree> {
  const pdf = (title: string, pages: number) => writePdf({ title, pages: Array.from({ length: pages }, (_, i) => ({ text: `${title} ${i + 1}`, size: PAGE })) });
  const documents: Tree = {};
  const specs = [
    { id: 1, title: 'Eins', pages: 2 },
    { id: 2, title: 'Zwei', pages: 1 },
    { id: 3, title: 'Drei', pages: 1, listed: false, uid: UNLISTED_DOC_UID },
    { id: 4, title: 'Vier', pages: 1, public: false },
  ];
  for (const { pages, ...spec } of specs) {
    documents[`documents/${spec.id}/document.yaml`] = { ...spec, file: 'd.pdf', published_at: `2024-0${spec.id}-01T00:00:00+01:00` };
    documents[`documents/${spec.id}/d.pdf`] = await pdf(spec.title, pages);
  }
  return minimalArchive({
    ...documents,
    'documents/1/annotations.yaml': [
      { id: 11, page: 2, title: 'Markiert', description: 'Ein Bereich', top: 100, left: 50, width: 300, height: 120, timestamp: '2024-03-02T10:00:00+01:00', highlight: '[]' },
      { id: 10, page: 1, title: 'Ganze Seite', timestamp: '2024-03-01T10:00:00+01:00' },
    ],
    'documents/3/annotations.yaml': [{ id: 30, page: 1, title: 'Nicht gelistet', timestamp: '2024-03-01T10:00:00+01:00' }],
    'documents/4/annotations.yaml': [{ id: 40, page: 1, title: 'Privat', timestamp: '2024-03-01T10:00:00+01:00' }],
    'collections/1.yaml': {
      id: 1,
      title: 'Sammlung',
      slug: 'sammlung',
      description: 'Beschreibung',
      created_at: '2024-05-01T10:00:00+02:00',
      updated_at: '2024-05-02T10:00:00+02:00',
      settings: { preferences: { showSearch: true }, filters: [{ id: 'y', key: 'data.year', type: 'number', label: { de: 'Jahr' }, datatype: 'int' }] },
      directories: [
        { id: 20, name: 'Zweig', description: 'Ein **Zweig** mit [Link](https://example.org/) <b>roh</b>' },
        { id: 10, name: 'Ast' },
        { id: 11, name: 'Mitte', parent: 10, created_at: '2024-05-03T10:00:00+02:00' },
        { id: 12, name: 'Blatt', parent: 11 },
      ],
      documents: [{ document: 2 }, { document: 1, directory: 12 }, { document: 3 }, { document: 4 }],
    },
    'collections/2.yaml': {
      id: 2,
      title: 'Versteckt',
      listed: false,
      uid: HIDDEN_UID,
      created_at: '2024-05-01T10:00:00+02:00',
      directories: [{ id: 30, name: 'Ordner' }],
      documents: [{ document: 2, directory: 30 }, { document: 1 }],
    },
    'collections/3.yaml': { id: 3, title: 'Intern', public: false, created_at: '2024-05-01T10:00:00+02:00', documents: [{ document: 1 }] },
    'collections/4.yaml': { id: 4, created_at: '2024-05-01T10:00:00+02:00', allow_zip_download: false },
  });
}

const served = serveTree(tree, { images: true, cacheDir: join(process.cwd(), '.cache', 'archive') });

const get = (path: string) => served.get(path);
const json = async (path: string) => {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  return response.json();
};
const ids = (body: { objects: { id: number }[] }) => body.objects.map((object) => object.id);

const COLLECTION_KEYS = [
  'resource_uri', 'id', 'site_url', 'title', 'description', 'public', 'listed', 'created_at', 'updated_at', 'document_count',
  'document_directory_count', 'uid', 'cover_image', 'current_directory', 'directories', 'directory_stack', 'documents',
  'documents_uri', 'pages_uri', 'settings', 'zip_download_url',
];
const DIRECTORY_KEYS = ['id', 'name', 'description', 'depth', 'created_at', 'updated_at'];

describe('documentcollection', () => {
  it('lists public, listed collections in filingcabinet\'s shape', async () => {
    const list = await json('/api/v1/documentcollection/');
    expect(ids(list)).toEqual([1, 4]);
    for (const object of list.objects) expect(Object.keys(object)).toEqual(COLLECTION_KEYS);
    const empty = list.objects[1];
    expect(empty).toMatchObject({
      site_url: `${SITE}/dokumente/sammlung/4/`,
      title: '',
      document_count: null,
      document_directory_count: null,
      cover_image: null,
      directories: [],
      documents: [],
      settings: {},
      zip_download_url: '',
    });
  });

  it('serves the top level: readable documents in collection order, directories by name, counts, links', async () => {
    const collection = await json('/api/v1/documentcollection/1/');
    const document2 = await json('/api/v1/document/2/');
    expect(Object.keys(collection)).toEqual(COLLECTION_KEYS);
    expect(collection).toMatchObject({
      resource_uri: `${API}documentcollection/1/`,
      id: 1,
      site_url: `${SITE}/dokumente/sammlung/1-sammlung/`,
      title: 'Sammlung',
      description: 'Beschreibung',
      public: true,
      listed: true,
      created_at: '2024-05-01T10:00:00+02:00',
      updated_at: '2024-05-02T10:00:00+02:00',
      document_count: 3,
      document_directory_count: 2,
      cover_image: document2.cover_image,
      current_directory: null,
      directory_stack: [],
      documents_uri: `/api/v1/document/?collection=1&uid=${collection.uid}`,
      pages_uri: `/api/v1/page/?collection=1&uid=${collection.uid}`,
      settings: { preferences: { showSearch: true }, filters: [{ id: 'y', key: 'data.year', type: 'number', label: { de: 'Jahr' }, datatype: 'int' }] },
      zip_download_url: '/dokumente/sammlung/1-sammlung/zip/',
    });
    expect(collection.uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    // The private document 4 is left out; the unlisted document 3 is shown, as froide does.
    expect(collection.documents.map((d: { id: number }) => d.id)).toEqual([2, 3]);
    // Document list objects, as the document list serves them.
    expect(collection.documents[0]).toEqual((await json('/api/v1/document/?ids=2')).objects[0]);
    expect(collection.directories.map((d: { id: number }) => d.id)).toEqual([10, 20]);
    for (const directory of collection.directories) expect(Object.keys(directory)).toEqual(DIRECTORY_KEYS);
    expect(collection.directories[1]).toEqual({
      id: 20,
      name: 'Zweig',
      description: '<p>Ein <strong>Zweig</strong> mit <a href="https://example.org/" rel="noopener noreferrer">Link</a> roh</p>',
      depth: 1,
      created_at: '2024-05-01T10:00:00+02:00',
      updated_at: '2024-05-01T10:00:00+02:00',
    });
  });

  it('answers ?directory= relative to that directory, and the top level for other values', async () => {
    const middle = await json('/api/v1/documentcollection/1/?directory=11');
    expect(middle.current_directory).toEqual({ id: 11, name: 'Mitte', description: '', depth: 2, created_at: '2024-05-03T10:00:00+02:00', updated_at: '2024-05-03T10:00:00+02:00' });
    expect(middle.directory_stack.map((d: { id: number }) => d.id)).toEqual([10]);
    expect(middle.directories.map((d: { id: number; depth: number }) => [d.id, d.depth])).toEqual([[12, 3]]);
    expect(middle.documents).toEqual([]);
    expect([middle.document_count, middle.document_directory_count]).toEqual([3, null]);

    const leaf = await json('/api/v1/documentcollection/1/?directory=12');
    expect(leaf.directory_stack.map((d: { id: number }) => d.id)).toEqual([10, 11]);
    expect(leaf.documents.map((d: { id: number }) => d.id)).toEqual([1]);
    expect(leaf.document_directory_count).toBe(1);

    const root = await json('/api/v1/documentcollection/1/');
    // froide: not an integer -> ignored; an integer of no directory here -> top level, but the count of that id (null).
    expect(await json('/api/v1/documentcollection/1/?directory=abc')).toEqual(root);
    expect(await json('/api/v1/documentcollection/1/?directory=30')).toEqual({ ...root, document_directory_count: null });
  });

  it('answers an unlisted collection only with its uid (froide: 401), and never a non-public one', async () => {
    const refused = await get('/api/v1/documentcollection/2/');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="api"');
    expect(await refused.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect((await get(`/api/v1/documentcollection/2/?uid=${HIDDEN_UID.replace(/0$/, '1')}`)).status).toBe(401);

    const hidden = await json(`/api/v1/documentcollection/2/?uid=${HIDDEN_UID}`);
    expect(hidden).toMatchObject({ id: 2, listed: false, uid: HIDDEN_UID, document_count: 2, documents_uri: `/api/v1/document/?collection=2&uid=${HIDDEN_UID}` });
    expect(hidden.documents.map((d: { id: number }) => d.id)).toEqual([1]);
    const folder = await json(`/api/v1/documentcollection/2/?uid=${HIDDEN_UID}&directory=30`);
    expect(folder.documents.map((d: { id: number }) => d.id)).toEqual([2]);

    for (const path of ['/api/v1/documentcollection/3/', '/api/v1/documentcollection/99/']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ detail: 'No DocumentCollection matches the given query.' });
    }
  });

  it('resolves documents_uri and pages_uri to the collection\'s documents and pages, in collection order', async () => {
    const { documents_uri, pages_uri } = await json('/api/v1/documentcollection/1/');
    expect(ids(await json(documents_uri))).toEqual([2, 1]);
    const pages = await json(pages_uri);
    expect(pages.objects.map((p: { document: string; number: number }) => [p.document, p.number])).toEqual([
      [`${API}document/2/`, 1],
      [`${API}document/1/`, 1],
      [`${API}document/1/`, 2],
    ]);
    const hidden = await json(`/api/v1/documentcollection/2/?uid=${HIDDEN_UID}`);
    expect(ids(await json(hidden.documents_uri))).toEqual([2, 1]);
    expect(ids(await json('/api/v1/document/?collection=2'))).toEqual([]);
  });

  it('combines collection and directory with the other document filters; unknown ids are froide\'s 400', async () => {
    expect(ids(await json('/api/v1/document/?collection=1&ids=1,2,3'))).toEqual([2, 1]);
    expect(ids(await json('/api/v1/document/?collection=1&created_at_after=2024-01-15'))).toEqual([2]);
    expect(ids(await json('/api/v1/document/?directory=12'))).toEqual([1]);
    expect(ids(await json('/api/v1/document/?directory=-'))).toEqual([1, 2]);
    expect(ids(await json('/api/v1/document/?collection=1&directory=-'))).toEqual([2, 1]);
    expect(ids(await json('/api/v1/document/?collection=4'))).toEqual([]);
    expect(ids(await json(`/api/v1/document/?directory=30&uid=${HIDDEN_UID}`))).toEqual([2]);
    expect(ids(await json('/api/v1/document/?directory=30'))).toEqual([]);
    const invalid = 'Select a valid choice. That choice is not one of the available choices.';
    for (const [path, param] of [
      ['/api/v1/document/?collection=99', 'collection'],
      ['/api/v1/document/?collection=3', 'collection'],
      ['/api/v1/document/?collection=abc', 'collection'],
      ['/api/v1/document/?directory=99', 'directory'],
      ['/api/v1/page/?collection=99', 'collection'],
      ['/api/v1/page/?directory=abc', 'directory'],
    ] as const) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({ [param]: [invalid] });
    }
    expect((await json('/api/v1/page/?directory=12')).objects.map((p: { number: number }) => p.number)).toEqual([1, 2]);
  });
});

describe('pageannotation', () => {
  const KEYS = ['resource_uri', 'id', 'title', 'description', 'top', 'left', 'width', 'height', 'timestamp', 'can_delete', 'highlight', 'image', 'number'];

  it('lists nothing without ?document= (the static list file)', async () => {
    expect(await json('/api/v1/pageannotation/')).toEqual({ meta: { limit: 50, next: null, offset: 0, previous: null, total_count: 0 }, objects: [] });
    expect(await served.built.json('api/v1/pageannotation/index.json')).toEqual(await json('/api/v1/pageannotation/'));
  });

  it('lists a readable document\'s annotations oldest first, and ignores number as froide does', async () => {
    const list = await json('/api/v1/pageannotation/?document=1');
    expect(ids(list)).toEqual([10, 11]);
    for (const object of list.objects) expect(Object.keys(object)).toEqual(KEYS);
    const [whole, marked] = list.objects;
    expect(whole).toEqual({
      resource_uri: `${API}pageannotation/10/`, id: 10, title: 'Ganze Seite', description: '', top: null, left: null, width: null, height: null,
      timestamp: '2024-03-01T10:00:00+01:00', can_delete: false, highlight: '', image: null, number: 1,
    });
    expect(marked).toMatchObject({ top: 100, left: 50, width: 300, height: 120, highlight: '[]', number: 2 });
    expect(ids(await json('/api/v1/pageannotation/?document=1&number=1'))).toEqual([10, 11]);
    const second = await json('/api/v1/pageannotation/?document=1&limit=1&offset=1');
    expect(second.meta).toEqual({ limit: 1, next: null, offset: 1, previous: 'https://archiv.example.org/api/v1/pageannotation/?document=1&limit=1&offset=0', total_count: 2 });
    expect(await json('/api/v1/pageannotation/11/')).toEqual(marked);
  });

  it('publishes the cropped area as a PNG of the rectangle\'s size', async () => {
    const { image } = await json('/api/v1/pageannotation/11/');
    const document = await json('/api/v1/document/1/');
    expect(image).toBe(document.page_template.replace('{page}', '2').replace('{size}', 'original').replace(/\.png$/, '-annotation-11.png'));
    const response = await served.get(new URL(image).pathname);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 300, 120]);
  });

  it('needs the uid of an unlisted document, and never lists a private one\'s', async () => {
    expect(ids(await json('/api/v1/pageannotation/?document=3'))).toEqual([]);
    expect(ids(await json(`/api/v1/pageannotation/?document=3&uid=${UNLISTED_DOC_UID}`))).toEqual([30]);
    expect(ids(await json('/api/v1/pageannotation/?document=4'))).toEqual([]);
    expect(ids(await json('/api/v1/pageannotation/?document=abc'))).toEqual([]);
    expect((await get('/api/v1/pageannotation/40/')).status).toBe(404);
  });
});

describe('annotations outside their page', () => {
  it('fail the build at the annotation\'s key, naming the page size', async () => {
    const input = await tree();
    input['documents/1/annotations.yaml'] = [
      '- { id: 1, page: 3, timestamp: 2024-01-01T00:00:00+01:00 }',
      '- { id: 2, page: 1, timestamp: 2024-01-01T00:00:00+01:00, top: 10, left: 900, width: 200, height: 20 }',
      '- { id: 3, page: 1, timestamp: 2024-01-01T00:00:00+01:00, top: 600, left: 0, width: 20, height: 100 }',
    ].join('\n');
    const failure = (await buildTree(input, { cacheDir: join(process.cwd(), '.cache', 'archive') }).catch((error: unknown) => error)) as ContentError;
    expect(failure).toBeInstanceOf(ContentError);
    const errors = failure.problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.file}:${p.line}:${p.column} ${p.path}: ${p.message}`)).toEqual([
      'documents/1/annotations.yaml:1:18 [0].page: is 3, but documents/1/d.pdf has 2 pages',
      'documents/1/annotations.yaml:2:86 [1].width: is 200, so the area ends at 1100, right of the page: page 1 is 1000 x 667 pixels (width x height of its original image)',
      'documents/1/annotations.yaml:3:97 [2].height: is 100, so the area ends at 700, below the page: page 1 is 1000 x 667 pixels (width x height of its original image)',
    ]);
  }, 60_000);
});

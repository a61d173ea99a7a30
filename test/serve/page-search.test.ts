/**
 * Page search (docs/froide.md#page): `page/?q=` over real PDFs through a real build and the preview
 * over real sockets: every word must match (content, document title or description) after
 * German analysis, hits ordered by BM25 score, `query_highlight` as froide builds it (docs/search.md).
 */
import { describe, expect, it } from 'vitest';
import { writePdf } from '../../tools/pdf-writer.ts';
import { highlight } from '../../src/serve/api/highlight.ts';
import { serveTree } from '../helpers/build.ts';
import { minimalArchive } from '../helpers/content.ts';

const served = serveTree(async () =>
  minimalArchive({
    'documents/1/document.yaml': { id: 1, file: 'a.pdf', title: 'Protokoll', data: { year: 2020, category: 'protokoll', publisher: 'bt' } },
    'documents/1/a.pdf': await writePdf({ pages: [{ text: 'Akten Akten Akten.' }, { text: 'Nichts hier.' }, { text: 'Die Akten und Vermerke des Amtes.' }] }),
    'documents/2/document.yaml': { id: 2, file: 'b.pdf', title: 'Akten des Ministeriums', description: 'Vermerke', data: { year: 2021, category: 'protokoll', publisher: 'hh' } },
    'collections/1.yaml': {
      id: 1,
      title: 'Sammlung',
      created_at: '2024-05-01T10:00:00+02:00',
      settings: { filters: [{ id: 'publisher', key: 'data.publisher', type: 'choice', label: { de: 'Herausgeber' }, datatype: 'str' }] },
      documents: [{ document: 2 }, { document: 1 }],
    },
    'documents/2/b.pdf': await writePdf({ pages: [{ text: 'Leer.' }, { text: 'Auch leer.' }] }),
  }),
);

const search = async (query: string) => {
  const response = await served.get(`/api/v1/page/?${query}`);
  expect(response.status, query).toBe(200);
  const body = await response.json();
  if (!query.includes('limit=')) expect(body.meta.total_count).toBe(body.objects.length);
  return body.objects.map((page: { document: string; number: number; query_highlight: string }) => ({
    page: `${page.document.split('/').at(-2)}:${page.number}`,
    highlight: page.query_highlight,
  }));
};

describe('page search', () => {
  it('finds pages whose content, document title or description hold every word, best score first', async () => {
    // BM25 with froide's boosts (docs/search.md): the document title (×3) outweighs three
    // occurrences in a short page; equal scores keep the list order.
    expect(await search('q=akten')).toEqual([
      { page: '2:1', highlight: '' },
      { page: '2:2', highlight: '' },
      { page: '1:1', highlight: '<em>Akten</em> <em>Akten</em> <em>Akten</em>.' },
      { page: '1:3', highlight: 'Die <em>Akten</em> und Vermerke des Amtes.' },
    ]);
    // German stemming: another form of the word finds the same pages and marks the form the page has.
    expect((await search('q=Akte')).map((hit: { page: string }) => hit.page)).toEqual(['2:1', '2:2', '1:1', '1:3']);
    // Whole words, not substrings: `kten` is no word of any page.
    expect(await search('q=kten')).toEqual([]);
    expect((await search('q=AKTEN+vermerke')).map((hit: { page: string }) => hit.page)).toEqual(['2:1', '2:2', '1:3']);
    // `Nichts hier.` holds German stop words only: no query finds it by them.
    expect(await search('q=nichts')).toEqual([]);
    // A word rare in the pages' text (1 of 5) outweighs the description (×2) that every
    // described page shares: BM25's idf, per field.
    expect(await search('q=Vermerk')).toEqual([
      { page: '1:3', highlight: 'Die Akten und <em>Vermerke</em> des Amtes.' },
      { page: '2:1', highlight: '' },
      { page: '2:2', highlight: '' },
    ]);
  });

  it('combines with the other page filters and paginates; without q every page, highlight empty', async () => {
    expect((await search('q=akten&document=1')).map((hit: { page: string }) => hit.page)).toEqual(['1:1', '1:3']);
    expect((await search('q=akten&limit=1&offset=1')).map((hit: { page: string }) => hit.page)).toEqual(['2:2']);
    const all = await search('document=2');
    expect(all).toEqual([{ page: '2:1', highlight: '' }, { page: '2:2', highlight: '' }]);
  });
});

describe('query_highlight', () => {
  it('marks whole words around the match, keeps sections with context, at most 5, joined by " […] "', () => {
    expect(highlight('Der Bescheid vom Amt.', ['scheid'])).toBe('Der <em>Bescheid</em> vom Amt.');
    // A section that is only the match is dropped, as froide's filter_highlight_snippet does.
    expect(highlight('Akten', ['akten'])).toBe('');
    const long = Array.from({ length: 12 }, (_, i) => `Absatz ${i} mit dem Wort Akte darin, und viel anderer Text dazu.`).join('   ');
    const snippets = highlight(long, ['akte']).split(' […] ');
    expect(snippets).toHaveLength(5);
    for (const snippet of snippets) expect(snippet).toMatch(/<em>Akte<\/em>/);
    expect(highlight('Nichts davon.', ['akte'])).toBe('');
  });
});

describe('filters on things the archive does not model', () => {
  const get = async (path: string) => {
    const response = await served.get(path);
    return { status: response.status, body: await response.json() };
  };
  const MODEL_CHOICE = ['Select a valid choice. That choice is not one of the available choices.'];

  it('answers tag, user and portal values with froide’s 400 bodies; portal=- is every portal', async () => {
    expect(await get('/api/v1/page/?tag=akten')).toEqual({ status: 400, body: { tag: MODEL_CHOICE } });
    expect(await get('/api/v1/page/?user=jane')).toEqual({ status: 400, body: { user: MODEL_CHOICE } });
    expect(await get('/api/v1/page/?portal=3')).toEqual({ status: 400, body: { portal: ['Select a valid choice. 3 is not one of the available choices.'] } });
    expect((await get('/api/v1/page/?portal=-')).body.meta.total_count).toBe(5);
    expect(await get('/api/v1/document/?tag=akten&portal=1')).toEqual({ status: 400, body: { tag: MODEL_CHOICE, portal: MODEL_CHOICE } });
    expect((await get('/api/v1/document/?tag=')).status).toBe(200);
  });
});

describe('data.<key> filters of a collection (filingcabinet apply_data_filters)', () => {
  const ids = async (path: string) => (await (await served.get(path)).json()).objects.map((d: { id?: number; document?: string }) => d.id ?? d.document);

  it('keep the documents (and pages) whose data has the value, with collection=', async () => {
    expect(await ids('/api/v1/document/?collection=1')).toEqual([2, 1]);
    expect(await ids('/api/v1/document/?collection=1&data.publisher=hh')).toEqual([2]);
    expect(await ids('/api/v1/document/?collection=1&data.year=02020')).toEqual([1]);
    expect(await ids('/api/v1/document/?collection=1&data.year=2020&data.publisher=hh')).toEqual([]);
    expect((await ids('/api/v1/page/?collection=1&data.publisher=bt')).every((d: string) => d.endsWith('/document/1/'))).toBe(true);
  });

  it('do nothing without collection=, as in froide', async () => {
    expect(await ids('/api/v1/document/?data.publisher=hh&limit=50')).toEqual([1, 2]);
  });
});

/**
 * froide's page facets (docs/froide.md#page): `page/?q=…&collection=<id>` of a collection whose
 * settings declare facets carries froide's `terms` aggregations in `facets.fields`, counted
 * over every page found; a real build of real PDFs in both layouts, served by the preview.
 */
import { describe, expect, it } from 'vitest';
import { writePdf } from '../../tools/pdf-writer.ts';
import { LAYOUTS, serveTree } from '../helpers/build.ts';
import { minimalArchive, type Tree } from '../helpers/content.ts';

const HIDDEN_UID = '3f1c2b7a-9d4e-4c8b-a1f0-6e2d5c7b9a31';
const label = () => ({ de: 'Etwas' });

async function tree(): Promise<Tree> {
  const pdf = (...pages: string[]) => writePdf({ pages: pages.map((text) => ({ text })) });
  return minimalArchive({
    'documents/1/document.yaml': { id: 1, file: 'd.pdf', title: 'Eins', data: { year: 2023, category: 'gutachten', publisher: 'bundestag' } },
    'documents/1/d.pdf': await pdf('Nitrat im Wasser.', 'Mehr Nitrat.'),
    'documents/2/document.yaml': { id: 2, file: 'd.pdf', title: 'Zwei', data: { publisher: 'hamburg', document_type: 'written', legislative_term: '22' } },
    'documents/2/d.pdf': await pdf('Nitrat in Hamburg.'),
    'documents/3/document.yaml': { id: 3, file: 'd.pdf', title: 'Drei', data: { year: 2024, category: 'gutachten', publisher: 'bundestag' } },
    'documents/3/d.pdf': await pdf('Grundwasser.'),
    'documents/4/document.yaml': { id: 4, file: 'd.pdf', title: 'Vier', data: { year: 2020, category: 'x', publisher: 'berlin' } },
    'documents/4/d.pdf': await pdf('Nitrat in Berlin.'),
    'documents/5/document.yaml': { id: 5, file: 'd.pdf', title: 'Fünf' },
    'documents/5/d.pdf': await pdf(...Array.from({ length: 12 }, (_, i) => `Seite ${i + 1}.`)),
    'collections/1.yaml': {
      id: 1,
      title: 'Nitrat',
      created_at: '2024-05-01T10:00:00+02:00',
      settings: {
        filters: [
          { id: 'publisher', key: 'data.publisher', type: 'choice', label: label(), datatype: 'str', facet: true },
          { id: 'year', key: 'data__year', type: 'number', label: label(), datatype: 'int', facet: true, facet_config: { type: 'term' } },
          { id: 'term', key: 'data.legislative_term', type: 'choice', label: label(), facet: false },
          { id: 'category', key: 'data.category', type: 'choice', label: label(), facet: true },
          { id: 'document', key: 'document', type: 'choice', label: label(), facet: true },
          { id: 'when', key: 'data.date', type: 'daterange', label: label(), facet: true, facet_config: { type: 'date_histogram', interval: '1y', format: 'yyyy' } },
          { id: 'title', key: 'title', type: 'choice', label: label(), facet: true },
          { id: 'nothing', key: 'data.nothing', type: 'choice', label: label(), facet: true },
          { id: 'again', key: 'data.publisher', type: 'choice', label: label(), facet: true },
        ],
      },
      documents: [{ document: 1 }, { document: 2 }, { document: 3 }],
    },
    'collections/2.yaml': {
      id: 2,
      title: 'Versteckt',
      listed: false,
      uid: HIDDEN_UID,
      created_at: '2024-05-01T10:00:00+02:00',
      settings: { filters: [{ id: 'publisher', key: 'data.publisher', type: 'choice', label: label(), facet: true }] },
      documents: [{ document: 4 }, { document: 1 }],
    },
    'collections/3.yaml': {
      id: 3,
      title: 'Seiten',
      created_at: '2024-05-01T10:00:00+02:00',
      settings: { filters: [{ id: 'number', key: 'number', type: 'number', label: label(), facet: true }] },
      documents: [{ document: 5 }],
    },
    'collections/4.yaml': { id: 4, title: 'Ohne', created_at: '2024-05-01T10:00:00+02:00', documents: [{ document: 1 }] },
  });
}

describe.each(LAYOUTS)('page facets (%s layout)', (layout) => {
  const served = serveTree(tree, { layout });
  const search = async (query: string) => {
    const response = await served.get(`/api/v1/page/?${query}`);
    expect(response.status, query).toBe(200);
    const body = await response.json();
    const pages = body.objects.map((page: { document: string; number: number }) => `${page.document.split('/').at(-2)}:${page.number}`);
    return { total: body.meta.total_count, pages: pages.sort(), facets: body.facets, keys: Object.keys(body.facets.fields) };
  };

  it('counts, with q and a collection, every term facet of its settings over the pages found, in the order of the settings', async () => {
    const found = await search('q=nitrat&collection=1');
    expect(found.pages).toEqual(['1:1', '1:2', '2:1']);
    expect(found.facets).toEqual({
      fields: {
        'data.publisher': [['bundestag', 2], ['hamburg', 1]],
        'data.year': [[2023, 2]],
        'data.category': [['gutachten', 2]],
        document: [[1, 2], [2, 1]],
        'data.nothing': [],
      },
    });
    expect(found.keys).toEqual(['data.publisher', 'data.year', 'data.category', 'document', 'data.nothing']);
    // The list's other filters narrow what is counted, the collection's data filters among them.
    expect((await search('q=nitrat&collection=1&data.publisher=hamburg')).facets.fields['data.publisher']).toEqual([['hamburg', 1]]);
    expect((await search('q=nitrat&collection=1&document=1')).facets.fields.document).toEqual([[1, 2]]);
    expect((await search('q=grundwasser&collection=1')).facets.fields).toMatchObject({ 'data.publisher': [['bundestag', 1]], 'data.year': [[2024, 1]] });
    // Nothing found: every field, without buckets.
    const none = await search('q=zzzz&collection=1');
    expect(none.total).toBe(0);
    expect(none.facets.fields).toEqual({ 'data.publisher': [], 'data.year': [], 'data.category': [], document: [], 'data.nothing': [] });
  });

  it("gives the ten values most pages have, ties by value, as Elasticsearch's terms aggregation", async () => {
    const found = await search('q=seite&collection=3');
    expect(found.total).toBe(12);
    expect(found.facets.fields.number).toEqual(Array.from({ length: 10 }, (_, i) => [i + 1, 1]));
  });

  it('carries no facets without q, without a collection, or for a collection without them', async () => {
    expect((await search('collection=1')).facets).toEqual({ fields: {} });
    expect((await search('q=nitrat')).facets).toEqual({ fields: {} });
    expect((await search('q=nitrat&collection=4')).facets).toEqual({ fields: {} });
    // The static first page of the list, too.
    expect((await search('')).facets).toEqual({ fields: {} });
  });

  it("counts an unlisted collection's facets only with its uid", async () => {
    const locked = await search('q=nitrat&collection=2');
    expect(locked).toMatchObject({ total: 0, facets: { fields: {} } });
    const opened = await search(`q=nitrat&collection=2&uid=${HIDDEN_UID}`);
    expect(opened.pages).toEqual(['1:1', '1:2', '4:1']);
    expect(opened.facets).toEqual({ fields: { 'data.publisher': [['bundestag', 2], ['berlin', 1]] } });
  });

  it('warns, at the filter, about facets froide or the archive cannot count', () => {
    const warnings = served.built.result.warnings.filter((warning) => warning.kind?.startsWith('Facet'));
    expect(warnings.map(({ file, line, path, kind }) => ({ file, line, path, kind }))).toEqual([
      { file: 'collections/1.yaml', line: expect.any(Number), path: 'settings.filters[5].facet_config.type', kind: 'FacetTypeNotCounted' },
      { file: 'collections/1.yaml', line: expect.any(Number), path: 'settings.filters[6].key', kind: 'FacetNotCounted' },
    ]);
    expect(warnings[0]!.message).toContain("froide's page search answers a server error");
    expect(warnings[1]!.message).toContain("names title, a text field of froide's page index");
  });
});

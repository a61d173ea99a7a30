/**
 * Public body search (docs/search.md, "Public body search"): `publicbody/search/` as froide's
 * `PublicBodyViewSet.search` answers an anonymous caller, through a real build and the preview
 * over real sockets: the list envelope with froide's aggregations as `facets`, every word of
 * `q` after German analysis over name and content, by score, and froide's search filter set.
 */
import { describe, expect, it } from 'vitest';
import { serveTree } from '../helpers/build.ts';
import { minimalArchive } from '../helpers/content.ts';

const served = serveTree(
  minimalArchive({
    'jurisdictions.yaml': [
      { id: 1, name: 'Bund', slug: 'bund', rank: 1 },
      { id: 2, name: 'Berlin', slug: 'berlin', rank: 2 },
    ],
    'classifications.yaml': [
      { id: 1, name: 'Ministerium', slug: 'ministerium' },
      { id: 2, name: 'Landesamt', slug: 'landesamt', parent: 1 },
    ],
    'categories.yaml': [
      { id: 1, name: 'Inneres', slug: 'inneres', is_topic: true },
      { id: 2, name: 'Umwelt', slug: 'umwelt', is_topic: true, parent: 1 },
    ],
    'georegions/1.yaml': { id: 1, name: 'Deutschland', slug: 'deutschland', kind: 'country' },
    'georegions/2.yaml': { id: 2, name: 'Berlin', slug: 'berlin', kind: 'state', part_of: 1 },
    'georegions/3.yaml': { id: 3, name: 'Berlin-Mitte', slug: 'berlin-mitte', kind: 'borough', part_of: 2 },
    'publicbodies/1-bmi.yaml': { id: 1, name: 'Bundesministerium des Innern', slug: 'bmi', jurisdiction: 1, classification: 1, categories: [1], laws: [1], regions: [1] },
    'publicbodies/3.yaml': { id: 3, name: 'Umweltamt Berlin', slug: 'umweltamt', jurisdiction: 2, classification: 2, categories: [2], regions: [2], description: 'Prüft die Verträge der Entsorger.' },
    'publicbodies/4.yaml': { id: 4, name: 'Amt für Verträge', slug: 'vertragsamt', jurisdiction: 2, classification: 2, regions: [3] },
    'publicbodies/5.yaml': { id: 5, name: 'Landesarchiv Berlin', slug: 'landesarchiv', jurisdiction: 2, description: 'Akten des Landes.' },
  }),
);

interface Answer {
  meta: { limit: number; offset: number; total_count: number; next: string | null; previous: string | null };
  objects: { id: number; resource_uri: string }[];
  facets: { fields: Record<string, [number, number][]> };
}

const search = async (query: string): Promise<Answer> => {
  const response = await served.get(`/api/v1/publicbody/search/?${query}`);
  expect(response.status, query).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json');
  return response.json();
};
const ids = (answer: Answer) => answer.objects.map((object) => object.id);

describe('publicbody/search/', () => {
  it('without q: every public body in the list order, the list objects, and froide four aggregations over all of them', async () => {
    const answer = await search('');
    expect(Object.keys(answer)).toEqual(['meta', 'objects', 'facets']);
    expect(answer.meta).toEqual({ limit: 50, next: null, offset: 0, previous: null, total_count: 5 });
    // The list's order: name, then id.
    expect(ids(answer)).toEqual([4, 1, 2, 5, 3]);
    const list = await (await served.get('/api/v1/publicbody/')).json();
    expect(answer.objects).toEqual(list.objects);
    // Classification, categories and regions count with their ancestors, as froide indexes them;
    // most first, then by id.
    expect(answer.facets).toEqual({
      fields: {
        jurisdiction: [[2, 3], [1, 2]],
        classification: [[1, 3], [2, 2]],
        categories: [[1, 2], [2, 1]],
        regions: [[1, 3], [2, 2], [3, 1]],
      },
    });
  });

  it('with q: stemmed words over name and content, the name weighted over content; facets over what is found', async () => {
    const answer = await search('q=Vertrag');
    // `Verträge` in the name (×5) of 4 outweighs it in the description of 3.
    expect(ids(answer)).toEqual([4, 3]);
    expect(answer.meta.total_count).toBe(2);
    expect(answer.facets.fields).toEqual({ jurisdiction: [[2, 2]], classification: [[1, 2], [2, 2]], categories: [[1, 1], [2, 1]], regions: [[1, 2], [2, 2], [3, 1]] });
    // Every word must match.
    expect(ids(await search('q=Vertr%C3%A4ge+Entsorger'))).toEqual([3]);
    expect(ids(await search('q=Vertrag+Akten'))).toEqual([]);
    // The jurisdiction's name is part of the content; the shorter content (2's) scores higher (BM25).
    expect(ids(await search('q=bund'))).toEqual([2, 1]);
    const none = await search('q=Atomkraftwerk');
    expect(none.meta.total_count).toBe(0);
    expect(none.facets).toEqual({ fields: { jurisdiction: [], classification: [], categories: [], regions: [] } });
  });

  it('filters by id as froide search filter set does, trees with their descendants', async () => {
    expect(ids(await search('jurisdiction=2'))).toEqual([4, 5, 3]);
    expect(ids(await search('classification=1'))).toEqual([4, 1, 3]);
    expect(ids(await search('categories=2'))).toEqual([3]);
    // Any of the repeated regions, each with the regions inside it.
    expect(ids(await search('regions=2'))).toEqual([4, 3]);
    expect(ids(await search('regions=3&regions=1'))).toEqual([4, 1, 3]);
    // The kind of the body's own regions.
    expect(ids(await search('regions_kind=state'))).toEqual([3]);
    expect(ids(await search('q=Vertrag&regions=3'))).toEqual([4]);
  });

  it('pages like the list and refuses unknown ids and choices with froide 400', async () => {
    const page = await search('jurisdiction=2&limit=1&offset=1');
    expect(ids(page)).toEqual([5]);
    expect(page.meta).toMatchObject({ total_count: 3, next: 'https://archiv.example.org/api/v1/publicbody/search/?jurisdiction=2&limit=1&offset=2', previous: 'https://archiv.example.org/api/v1/publicbody/search/?jurisdiction=2&limit=1&offset=0' });
    const unknown = await served.get('/api/v1/publicbody/search/?jurisdiction=99&regions_kind=planet');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      jurisdiction: ['Select a valid choice. That choice is not one of the available choices.'],
      regions_kind: ['Select a valid choice. planet is not one of the available choices.'],
    });
  });
});

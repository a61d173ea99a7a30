/**
 * The local preview over real sockets against a real build (content -> build -> serve): what
 * `npm start` does, on an archive small enough to read in the test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPaths } from '../../src/api/build-paths.ts';
import { startPreviewServer } from '../../src/serve/preview/server.ts';
import { buildTree, type BuiltTree } from '../helpers/build.ts';
import { minimalArchive } from '../helpers/content.ts';

const API = 'https://archiv.example.org/api/v1/';
let built: BuiltTree;
let server: { url: string; close(): Promise<void> };

/** Requests 11..16 with costs 0, 10, 20, ... and created_at on the 1st of Jan..Jun 2024. */
function requests() {
  const tree: Record<string, object> = {};
  for (let i = 0; i < 6; i++) {
    const id = 11 + i;
    const month = String(i + 1).padStart(2, '0');
    tree[`requests/${id}/request.yaml`] = {
      id,
      slug: `anfrage-${id}`,
      title: `Anfrage ${id}`,
      description: 'x',
      public_body: 2,
      status: 'resolved',
      resolution: 'successful',
      costs: i * 10,
      created_at: `2024-${month}-01T08:00:00+01:00`,
    };
  }
  return tree;
}

const PLANS = {
  'governments.yaml': [{ id: 1, name: 'Bundesregierung', slug: 'ampel' }],
  'governmentplans/1.yaml': {
    id: 1, government: 1, title: 'Transparenzgesetz', slug: 'transparenzgesetz', status: 'started', rating: 2, reference: '2',
    properties: { ministry: 'BMI' }, updates: [{ id: 7, timestamp: '2024-01-02T10:00:00+01:00', title: 'Entwurf', status: 'started' }],
  },
  'governmentplans/2.yaml': { id: 2, government: 1, title: 'Lobbyregister', slug: 'lobbyregister', status: 'implemented', rating: 4, reference: '1' },
  'articletags.yaml': [
    { id: 1, name: 'Polizei', slug: 'polizei' },
    { id: 2, name: 'Politik', slug: 'politik' },
    { id: 3, name: 'Umwelt', slug: 'umwelt' },
  ],
  'categories.yaml': [
    { id: 1, name: 'Inneres', slug: 'inneres', is_topic: true },
    { id: 2, name: 'Polizei', slug: 'polizei', parent: 1 },
    { id: 3, name: 'Bildung', slug: 'bildung', is_topic: true },
  ],
};

beforeAll(async () => {
  const withReference = minimalArchive({ ...requests(), ...PLANS });
  withReference['requests/10-akten/request.yaml'] = { ...(withReference['requests/10-akten/request.yaml'] as object), reference: 'akten:2024-17' };
  built = await buildTree(withReference);
  server = await startPreviewServer({ buildDir: built.buildDir, port: 0, env: {} });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await built?.remove();
});

const get = (path: string, init?: RequestInit) => fetch(new URL(path, server.url), init);
const ids = (body: { objects: { id: number }[] }) => body.objects.map((object) => object.id).sort((a, b) => a - b);

describe('preview of a real build', () => {
  it('serves the static list and computes the same page byte for byte', async () => {
    const file = await built.text(buildPaths.list('request'));
    const statik = await get('/api/v1/request/');
    expect(statik.status).toBe(200);
    expect(await statik.text()).toBe(file);
    const computed = await get('/api/v1/request/?limit=50&offset=0');
    expect(await computed.text()).toBe(file);
  });

  it('serves details at their resource_uri path', async () => {
    const response = await get('/api/v1/request/13/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await response.json()).resource_uri).toBe(`${API}request/13/`);
  });

  it('writes costs as a JSON float, static and computed alike (docs/froide.md#values: 0.0)', async () => {
    const detail = await (await get('/api/v1/request/13/')).text();
    expect(detail).toMatch(/"costs":\d+\.\d+[,}]/);
    const computed = await (await get('/api/v1/request/?limit=3&offset=1')).text();
    expect(computed.match(/"costs":[^,}]*/g)).toHaveLength(3);
    expect(computed.match(/"costs":[^,}]*/g)!.every((field) => /^"costs":-?\d+\.\d+$/.test(field))).toBe(true);
  });

  it('filters by a range of costs (costs_min, costs_max inclusive)', async () => {
    const body = await (await get('/api/v1/request/?costs_min=10&costs_max=30')).json();
    expect(ids(body)).toEqual([12, 13, 14]);
    expect(body.meta.total_count).toBe(3);
    expect(body.meta.next).toBeNull();
  });

  it('filters by creation date (created_at_before is exclusive, like froide)', async () => {
    const body = await (await get('/api/v1/request/?created_at_after=2024-02-01&created_at_before=2024-04-01')).json();
    // Request 10 has no created_at of its own: it takes its first message's, 2024-02-01.
    expect(ids(body)).toEqual([10, 12, 13]);
    const open = await (await get('/api/v1/request/?created_at_after=2024-05-15')).json();
    expect(ids(open)).toEqual([16]);
  });

  it('combines a range with other filters and pagination', async () => {
    const body = await (await get('/api/v1/request/?costs_min=10&public_body=2&limit=2&offset=1')).json();
    expect(body.meta).toMatchObject({ total_count: 5, limit: 2, offset: 1 });
    expect(body.meta.next).toBe('http://localhost/api/v1/request/?costs_min=10&limit=2&offset=3&public_body=2'.replace('http://localhost/api/v1/', API));
  });

  it("answers bad bounds with froide's 400 body", async () => {
    const response = await get('/api/v1/request/?costs_min=viel&created_at_before=2024-02-30');
    expect(response.status).toBe(400);
    // costs is one RangeFilter (one key); request dates are two DateFilters (a key each).
    expect(await response.json()).toEqual({ costs: ['Enter a number.'], created_at_before: ['Enter a valid date.'] });
  });

  it('filters requests by reference prefix, as froide does', async () => {
    const body = await (await get('/api/v1/request/?reference=akten:')).json();
    expect(ids(body)).toEqual([10]);
    expect(ids(await (await get('/api/v1/request/?reference=akten:2024-17')).json())).toEqual([10]);
    expect((await (await get('/api/v1/request/?reference=xakten')).json()).meta.total_count).toBe(0);
  });

  it('serves government plans in froide-govplan order and shape, with their filters', async () => {
    const list = await (await get('/api/v1/governmentplan/')).json();
    expect(list.objects.map((plan: { id: number }) => plan.id)).toEqual([2, 1]);
    const plan = await (await get('/api/v1/governmentplan/1/')).json();
    expect(Object.keys(plan)).toEqual(['resource_uri', 'id', 'site_url', 'government', 'title', 'slug', 'description', 'quote', 'due_date', 'measure', 'status', 'rating', 'properties', 'updates']);
    expect(plan).toMatchObject({ site_url: 'https://fragdenstaat.example/koalitionstracker/ampel/vorhaben/transparenzgesetz/', government: 1 });
    expect(plan.updates).toEqual([
      { timestamp: '2024-01-02T10:00:00+01:00', title: 'Entwurf', content: '', site_url: 'https://fragdenstaat.example/koalitionstracker/ampel/vorhaben/transparenzgesetz/#update-7', url: '', status: 'started', rating: null },
    ]);
    expect(ids(await (await get('/api/v1/governmentplan/?status=implemented')).json())).toEqual([2]);
    expect(ids(await (await get('/api/v1/governmentplan/?properties=ministry:BMI')).json())).toEqual([1]);
    expect(ids(await (await get('/api/v1/governmentplan/?rating=4&government=1')).json())).toEqual([2]);
    expect(await (await get('/api/v1/governmentplan/?status=done')).json()).toEqual({ status: ['Select a valid choice. done is not one of the available choices.'] });
  });

  it('serves article tags', async () => {
    expect(await (await get('/api/v1/articletag/1/')).json()).toEqual({ resource_uri: `${API}articletag/1/`, id: 1, name: 'Polizei', slug: 'polizei' });
  });

  it("q on names: every word contained, any case (froide's make_search_filter)", async () => {
    const q = async (path: string) => ids(await (await get(path)).json());
    expect(await q('/api/v1/publicbody/?q=bund')).toEqual([1, 2]);
    expect(await q('/api/v1/publicbody/?q=polizei')).toEqual([2]);
    expect(await q('/api/v1/publicbody/?q=INNERN%20bundes')).toEqual([1]);
    expect(await q('/api/v1/publicbody/?q=innern+polizei')).toEqual([]);
    expect(await q('/api/v1/category/?q=liz')).toEqual([2]);
    expect(await q('/api/v1/law/?q=freiheit')).toEqual([1]);
    expect((await (await get('/api/v1/category/autocomplete/?q=i')).json()).objects.map((c: { value: string }) => c.value)).toEqual(['Bildung', 'Inneres', 'Polizei']);
  });

  it('serves the autocomplete actions froide offers, from the real build', async () => {
    const choices = async (path: string) => (await (await get(path)).json()).objects;
    // category: names, ordered by name (not the list's tree order), list filters apply.
    expect(await choices('/api/v1/category/autocomplete/')).toEqual(['Bildung', 'Inneres', 'Polizei'].map((n) => ({ value: n, label: n })));
    expect(await choices('/api/v1/category/autocomplete/?is_topic=true')).toEqual(['Bildung', 'Inneres'].map((n) => ({ value: n, label: n })));
    expect(await choices('/api/v1/category/autocomplete/?ancestor=1')).toEqual([{ value: 'Polizei', label: 'Polizei' }]);
    // law and publicbody: ids and names.
    expect(await choices('/api/v1/law/autocomplete/')).toEqual([{ value: 1, label: 'Informationsfreiheitsgesetz' }]);
    expect(await choices('/api/v1/publicbody/autocomplete/?jurisdiction=1')).toEqual(
      (await (await get('/api/v1/publicbody/?jurisdiction=1')).json()).objects.map((b: any) => ({ value: b.id, label: b.name })),
    );
    // articletag: names starting with q; nothing without q.
    expect(await choices('/api/v1/articletag/autocomplete/?q=pol')).toEqual(['Politik', 'Polizei'].map((n) => ({ value: n, label: n })));
    expect(await choices('/api/v1/articletag/autocomplete/')).toEqual([]);
    const options = await (await get('/api/v1/articletag/autocomplete/', { method: 'OPTIONS' })).json();
    expect(options).toMatchObject({ name: 'Autocomplete', description: '' });
  });

  it('filters messages of a request', async () => {
    const body = await (await get('/api/v1/message/?request=10')).json();
    expect(ids(body)).toEqual([100, 101]);
  });

  it('answers from a rebuild at once, without a restart (the cache follows manifest.build)', async () => {
    const before = await (await get('/api/v1/request/?limit=1&offset=0')).json();
    expect(before.meta.total_count).toBe(7);
    const { buildTree: rebuild } = await import('../helpers/build.ts');
    const tree = minimalArchive({ ...requests(), 'requests/17/request.yaml': { id: 17, slug: 'neu', title: 'Neu', description: 'x', public_body: 1, status: 'awaiting_response', created_at: '2024-07-01T08:00:00+02:00' } });
    const again = await rebuild(tree, { buildDir: built.buildDir });
    try {
      const after = await (await get('/api/v1/request/?limit=1&offset=0')).json();
      expect(after.meta.total_count).toBe(8);
    } finally {
      await again.remove();
    }
  });

  // froide's law serializer answers `?language=` with the translation it names when that is one
  // of settings.LANGUAGES, else the default language (docs/froide.md#law); content holds laws in
  // one language, so every value answers that language: the same bytes as without it.
  it.each(['language=de', 'language=en', 'language=xx', 'language=', 'language=en&language=de'])('law answers ?%s with the one language, the bytes of the plain answer', async (query) => {
    for (const path of ['/api/v1/law/', '/api/v1/law/1/', '/api/v1/law/autocomplete/']) {
      const plain = await get(path);
      expect(plain.status, path).toBe(200);
      const plainText = await plain.text();
      expect(plainText).toContain('Informationsfreiheitsgesetz');
      const asked = await get(`${path}?${query}`);
      expect(asked.status, `${path}?${query}`).toBe(200);
      expect(asked.headers.get('content-type')).toBe('application/json');
      expect(await asked.text(), `${path}?${query}`).toBe(plainText);
    }
  });

  describe('resources without archive content answer as froide answers an anonymous caller', () => {
    it('following: an empty list (default limit 150)', async () => {
      const response = await get('/api/v1/following/');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ meta: { limit: 150, next: null, offset: 0, previous: null, total_count: 0 }, objects: [] });
    });

    it('following?request=: one object per published request, follows and can_follow null', async () => {
      const body = await (await get('/api/v1/following/?request=10,999,12')).json();
      expect(body.meta.total_count).toBe(2);
      expect(body.objects).toEqual([
        { request: `${API}request/10/`, request_url: 'https://fragdenstaat.example/r/10', follow_count: 0, follows: null, can_follow: null },
        { request: `${API}request/12/`, request_url: 'https://fragdenstaat.example/r/12', follow_count: 0, follows: null, can_follow: null },
      ]);
    });

    it('venue: a bare [] without a location, froide-food results with one', async () => {
      expect(await (await get('/api/v1/venue/')).json()).toEqual([]);
      expect(await (await get('/api/v1/venue/?lat=52.52&lng=13.40&radius=5000')).json()).toEqual({ results: [], error: false });
    });

    it('campaigninformationobject: the 404 froide gives without a known campaign', async () => {
      const response = await get('/api/v1/campaigninformationobject/?campaign=1');
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: 'No Campaign matches the given query.' });
      expect((await get('/api/v1/campaigninformationobject/')).status).toBe(404);
    });

    it('upload and problemreport: 401 with the Bearer challenge', async () => {
      for (const path of ['/api/v1/upload/', '/api/v1/problemreport/']) {
        const response = await get(path);
        expect(response.status).toBe(401);
        expect(response.headers.get('www-authenticate')).toBe('Bearer realm="api"');
        expect(await response.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
      }
    });
  });
});

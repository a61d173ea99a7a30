/**
 * venue (froide-food) and campaigninformationobject (froide-campaign) over real sockets against
 * a real build: the answers the API function computes from the query (docs/froide.md#venue, docs/froide.md#campaigninformationobject).
 *
 * Distances from the point P = (52.5, 13.4), one degree of latitude being 111,195 m on the
 * haversine sphere: 0.0005° = 56 m, 0.001° = 111 m, 0.0089° = 990 m, 0.01° = 1,112 m,
 * 0.089° = 9,896 m (inside 10 km), 0.091° = 10,119 m (outside).
 */
import { describe, expect, it } from 'vitest';
import { serveTree } from '../helpers/build.ts';
import { minimalArchive } from '../helpers/content.ts';

const API = 'https://archiv.example.org/api/v1/';
const P = 'lat=52.5&lng=13.4';

const request = (id: number, status: string, resolution: string, created: string) => ({
  [`requests/${id}/request.yaml`]: { id, slug: `anfrage-${id}`, title: `Anfrage ${id}`, description: 'x', public_body: 2, status, resolution, created_at: created },
});

const TREE = minimalArchive({
  ...request(12, 'resolved', 'refused', '2024-03-01T10:00:00+01:00'),
  ...request(13, 'awaiting_response', '', '2024-04-01T10:00:00+02:00'),
  'venues.yaml': [
    { ident: 'amenity:1', name: 'Café Nah', address: 'Gasse 1\n10115 Berlin', city: 'Berlin', lat: 52.5005, lng: 13.4, category: 'cafe', publicbody: 1, requests: [10, 12] },
    { ident: 'amenity:2', name: 'Bäckerei Mitte', address: 'Weg 2\n10117 Berlin', lat: 52.5089, lng: 13.4, category: 'bakery' },
    { ident: 'amenity:3', name: 'Restaurant Rand', address: 'Allee 3\n13187 Berlin', lat: 52.589, lng: 13.4, category: 'restaurant', rating: 4.5, review_count: 12 },
    { ident: 'amenity:4', name: 'Imbiss Draußen', address: 'Chaussee 4\n13189 Berlin', lat: 52.591, lng: 13.4, category: 'fast_food' },
    { ident: 'custom:abc', name: 'Pizzeria Eigen', address: 'Platz 5\n10119 Berlin', lat: 52.499, lng: 13.4 },
  ],
  'foodauthorities.yaml': [{ id: 1, title: 'Behörde kooperiert', description: 'Antwortet schnell.', cooperative: true, publicbodies: [1] }],
  'infocampaigns/5-aemter.yaml': {
    id: 5,
    title: 'Ämter-Check',
    slug: 'aemter-check',
    description: 'Fragen an {{ title }} & Co',
    subject_template: 'Gutachten von {{ title }} ({{ context.kurz }})',
    template: 'Bitte senden Sie mir die Gutachten von {{ publicbody.name }}.',
    law_type: 'IFG',
    categories: [{ id: 1, title: 'Nord' }, { id: 2, title: 'Süd' }],
    objects: [
      { id: 1, ident: 'a1', title: 'Amt Nord', lat: 52.5, lng: 13.4, publicbody: 1, requests: [10], categories: [1], featured: true, context: { kurz: 'AN' } },
      { id: 2, ident: 'a2', title: 'Amt Süd', requests: [12], categories: [2] },
      { id: 3, ident: 'a3', title: 'Amt West', subtitle: 'Außenstelle', lat: 52.5089, lng: 13.4, requests: [13] },
      { id: 4, ident: 'a4', title: 'Behörde Ost & Söhne', lat: 52.51, lng: 13.4, categories: [1, 2], ordering: 'z' },
    ],
  },
  'infocampaigns/6-entwurf.yaml': { id: 6, title: 'Entwurf', slug: 'entwurf', public: false, objects: [{ id: 9, ident: 'x', title: 'X' }] },
});

const served = serveTree(TREE);

const get = (path: string) => served.get(path);
const json = async (path: string) => {
  const response = await get(path);
  return { status: response.status, allow: response.headers.get('allow'), body: await response.json() };
};
const idents = async (query: string) => (await json(`/api/v1/venue/?${query}`)).body.results.map((venue: { ident: string }) => venue.ident);
const objectIds = async (query: string) => (await json(`/api/v1/campaigninformationobject/?campaign=5&${query}`)).body.objects.map((o: { id: number }) => o.id);

describe('venue list', () => {
  it('is a bare [] without a usable point, and an error without results for a place name', async () => {
    for (const query of ['', '?lat=52.5', '?lat=x&lng=13.4', '?radius=500']) {
      const answer = await json(`/api/v1/venue/${query}`);
      expect([answer.status, answer.body]).toEqual([200, []]);
    }
    expect((await json(`/api/v1/venue/?location=Berlin&${P}`)).body).toEqual({ results: [], error: true });
    expect((await json('/api/v1/venue/')).allow).toBe('GET, POST, HEAD, OPTIONS');
  });

  it('lists the venues within 10 km, nearest first, with the keys a venue has', async () => {
    const { status, body } = await json(`/api/v1/venue/?${P}`);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['results', 'error']);
    expect(body.error).toBe(false);
    expect(body.results.map((venue: { ident: string }) => venue.ident)).toEqual(['amenity:1', 'custom:abc', 'amenity:2', 'amenity:3']);
    const [near, custom, , rated] = body.results;
    expect(near).toEqual({
      resource_uri: `${API}venue/amenity:1/`,
      ident: 'amenity:1',
      lat: 52.5005,
      lng: 13.4,
      name: 'Café Nah',
      address: 'Gasse 1\n10115 Berlin',
      city: 'Berlin',
      category: 'cafe',
      last_status: 'resolved',
      last_resolution: 'refused',
      last_request: '2024-03-01T10:00:00+01:00',
      custom: false,
      requests: [
        { id: 12, url: '/anfrage/anfrage-12/', status: 'resolved', resolution: 'refused', timestamp: '2024-03-01T10:00:00+01:00', documents: [] },
        { id: 10, url: '/anfrage/akten/', status: 'resolved', resolution: 'successful', timestamp: '2024-02-01T10:00:00+01:00', documents: [] },
      ],
      authority_cooperative: false,
    });
    expect(custom).toEqual({ resource_uri: `${API}venue/custom:abc/`, ident: 'custom:abc', lat: 52.499, lng: 13.4, name: 'Pizzeria Eigen', address: 'Platz 5\n10119 Berlin', custom: true, requests: [], authority_cooperative: false });
    expect(Object.keys(rated)).toEqual(['resource_uri', 'ident', 'lat', 'lng', 'name', 'address', 'rating', 'review_count', 'category', 'custom', 'requests', 'authority_cooperative']);
  });

  it('keeps a venue just inside the radius and drops one just outside; clamps the radius to 100 m..10 km', async () => {
    expect(await idents(`${P}&radius=10000`)).toEqual(['amenity:1', 'custom:abc', 'amenity:2', 'amenity:3']);
    expect(await idents(`${P}&radius=20000`)).toEqual(['amenity:1', 'custom:abc', 'amenity:2', 'amenity:3']);
    expect(await idents(`${P}&radius=1000`)).toEqual(['amenity:1', 'custom:abc', 'amenity:2']);
    expect(await idents(`${P}&radius=980`)).toEqual(['amenity:1', 'custom:abc']);
    // 50 m counts as 100 m: the café (56 m) is in, the pizzeria (111 m) is not.
    expect(await idents(`${P}&radius=50`)).toEqual(['amenity:1']);
    expect(await idents(`${P}&radius=abc`)).toEqual(['amenity:1', 'custom:abc', 'amenity:2', 'amenity:3']);
    // From 52.5905: Imbiss Draußen 56 m, Restaurant Rand 167 m.
    expect(await idents('lat=52.5905&lng=13.4&radius=200')).toEqual(['amenity:4', 'amenity:3']);
    expect(await idents('lat=52.5905&lng=13.4&radius=100')).toEqual(['amenity:4']);
  });

  it('filters by q (in the name, any case), requested=1 and categories (any of them)', async () => {
    expect(await idents(`${P}&q=CAF`)).toEqual(['amenity:1']);
    // "é" is not "e".
    expect(await idents(`${P}&q=e`)).toEqual(['custom:abc', 'amenity:2', 'amenity:3']);
    expect(await idents(`${P}&requested=1`)).toEqual(['amenity:1']);
    expect(await idents(`${P}&requested=0`)).toEqual(['amenity:1', 'custom:abc', 'amenity:2', 'amenity:3']);
    expect(await idents(`${P}&categories=bakery&categories=cafe`)).toEqual(['amenity:1', 'amenity:2']);
    expect(await idents(`${P}&categories=bar`)).toEqual([]);
  });
});

describe('venue resource_uri (docs/api.md#responses-and-links)', () => {
  it('is the venue detail, which answers the same venue', async () => {
    for (const venue of (await json(`/api/v1/venue/?${P}`)).body.results) {
      const detail = await json(venue.resource_uri.slice(API.length - '/api/v1/'.length));
      expect([detail.status, detail.body.error, detail.body.result.resource_uri]).toEqual([200, false, venue.resource_uri]);
    }
    expect((await json(`/api/v1/venue/amenity:1/?format=api`)).body.result.resource_uri).toBe(`${API}venue/amenity:1/?format=api`);
  });
});

describe('venue detail', () => {
  it('wraps the venue with its authority, its status, the prefilled request form and documents', async () => {
    const { status, allow, body } = await json('/api/v1/venue/amenity:1/');
    expect([status, allow]).toEqual([200, 'GET, HEAD, OPTIONS']);
    expect(Object.keys(body)).toEqual(['result', 'error']);
    expect(body.error).toBe(false);
    const venue = body.result;
    expect(Object.keys(venue)).toEqual([
      'resource_uri', 'ident', 'lat', 'lng', 'name', 'address', 'city', 'category', 'last_status', 'last_resolution', 'last_request', 'custom', 'requests',
      'publicbody', 'makeRequestURL', 'userRequestCount', 'authority_title', 'authority_description', 'authority_cooperative',
    ]);
    expect(venue.requests[1].documents).toEqual([{ name: 'liste.csv', url: 'https://fragdenstaat.example/anfrage/akten/101/anhang/liste.csv' }]);
    expect(venue.requests[0].documents).toEqual([]);
    expect(venue.publicbody.resource_uri).toBe(`${API}publicbody/1/`);
    expect(venue.publicbody.laws[0].resource_uri).toBe(`${API}law/1/`);
    expect([venue.userRequestCount, venue.authority_title, venue.authority_description, venue.authority_cooperative]).toEqual([0, 'Behörde kooperiert', 'Antwortet schnell.', true]);

    const url: string = venue.makeRequestURL;
    expect(url.startsWith('https://fragdenstaat.example/anfrage-stellen/an/bmi/?subject=Kontrollbericht%20zu%20Caf%C3%A9%20Nah%2C%20Berlin&body=')).toBe(true);
    expect(url).toContain('&ref=food%3Aamenity%3A1&law_type=VIG&redirect=%2Fk%2Flks&hide_public=1&hide_full_text=1&hide_similar=1&hide_publicbody=1&hide_draft=1&hide_editing=1');
    expect(new URL(url).searchParams.get('body')).toBe(
      '1. Wann haben die beiden letzten lebensmittelrechtlichen Betriebsüberprüfungen im folgenden Betrieb stattgefunden:\nCafé Nah\nGasse 1\n10115 Berlin\n\n' +
        '2. Kam es hierbei zu Beanstandungen? Falls ja, beantrage ich hiermit die Herausgabe des entsprechenden Kontrollberichts an mich.\n',
    );
  });

  it('leaves out the authority keys when no authority is known', async () => {
    const { body } = await json('/api/v1/venue/amenity:2/');
    expect(Object.keys(body.result)).toEqual(['resource_uri', 'ident', 'lat', 'lng', 'name', 'address', 'category', 'custom', 'requests', 'authority_cooperative']);
    expect(body.result.authority_cooperative).toBe(false);
  });

  it('answers {"result": null, "error": true} for ids without ":", unknown providers and unknown venues', async () => {
    for (const id of ['abc', '42', 'foo:1', 'amenity:99', 'custom:abd']) {
      const answer = await json(`/api/v1/venue/${id}/`);
      expect([answer.status, answer.body], id).toEqual([200, { result: null, error: true }]);
    }
    expect((await json('/api/v1/venue/custom%3Aabc/')).body.result.ident).toBe('custom:abc');
  });
});

describe('campaigninformationobject', () => {
  it('needs the id of a public campaign, as froide answers', async () => {
    const noMatch = { detail: 'No Campaign matches the given query.' };
    for (const query of ['', '?campaign=6', '?campaign=99', '?offset=2']) {
      expect(await json(`/api/v1/campaigninformationobject/${query}`)).toEqual({ status: 404, allow: 'GET, POST, HEAD, OPTIONS', body: noMatch });
    }
    expect((await json('/api/v1/campaigninformationobject/?campaign=abc')).body).toEqual({ detail: 'Not found.' });
    expect(await json('/api/v1/campaigninformationobject/a1/')).toEqual({ status: 404, allow: 'GET, HEAD, OPTIONS', body: noMatch });
    expect((await json('/api/v1/campaigninformationobject/a1/?campaign=x')).body).toEqual({ detail: 'Not found.' });
  });

  it('lists the objects of the campaign in the standard envelope, `ordering` descending, then id', async () => {
    const { status, body } = await json('/api/v1/campaigninformationobject/?campaign=5');
    expect(status).toBe(200);
    expect(body.meta).toEqual({ limit: 50, next: null, offset: 0, previous: null, total_count: 4 });
    expect(body.objects.map((o: { id: number }) => o.id)).toEqual([4, 1, 2, 3]);
    const [ost, nord, sued, west] = body.objects;
    expect(nord).toEqual({
      resource_uri: `${API}campaigninformationobject/a1/?campaign=5`,
      id: 1,
      ident: 'a1',
      title: 'Amt Nord',
      subtitle: '',
      address: '',
      request_url: '/kampagne/request/5/a1/',
      publicbody_name: 'Bundesministerium des Innern',
      description: 'Fragen an Amt Nord & Co',
      foirequest: 10,
      foirequests: [{ id: 10, resolution: 'successful', public: true, readable: true }],
      lat: 52.5,
      lng: 13.4,
      resolution: 'successful',
      public: true,
      readable: true,
      context: { kurz: 'AN' },
      categories: [{ id: 1, title: 'Nord' }],
      featured: true,
    });
    expect([ost.description, ost.resolution, ost.foirequest, ost.foirequests, ost.publicbody_name, ost.categories]).toEqual([
      'Fragen an Behörde Ost &amp; Söhne & Co', 'normal', null, [], null, [{ id: 1, title: 'Nord' }, { id: 2, title: 'Süd' }],
    ]);
    expect([sued.resolution, sued.lat, sued.lng]).toEqual(['refused', null, null]);
    expect([west.resolution, west.subtitle]).toEqual(['pending', 'Außenstelle']);
  });

  it('pages with the campaign kept in the links', async () => {
    const { body } = await json('/api/v1/campaigninformationobject/?campaign=5&limit=2&offset=2');
    expect(body.meta).toEqual({
      limit: 2,
      next: null,
      offset: 2,
      previous: `${API}campaigninformationobject/?campaign=5&limit=2&offset=0`,
      total_count: 4,
    });
    expect(body.objects.map((o: { id: number }) => o.id)).toEqual([2, 3]);
  });

  it('filters by status, category, featured, requested and q, ignoring values froide cannot read', async () => {
    expect(await objectIds('status=normal')).toEqual([4]);
    expect(await objectIds('status=pending')).toEqual([3]);
    expect(await objectIds('status=successful')).toEqual([1]);
    expect(await objectIds('status=refused')).toEqual([2]);
    expect(await objectIds('status=bogus')).toEqual([4, 1, 2, 3]);
    expect(await objectIds('category=2')).toEqual([4, 2]);
    expect(await objectIds('category=7')).toEqual([]);
    expect(await objectIds('category=x')).toEqual([4, 1, 2, 3]);
    expect(await objectIds('featured=1')).toEqual([1]);
    expect(await objectIds('featured=0')).toEqual([4, 2, 3]);
    expect(await objectIds('featured=yes')).toEqual([4, 1, 2, 3]);
    // froide-campaign: bool("0") is True.
    expect(await objectIds('requested=1')).toEqual([1, 2, 3]);
    expect(await objectIds('requested=0')).toEqual([1, 2, 3]);
    expect(await objectIds('q=am')).toEqual([1, 2, 3]);
    expect(await objectIds('q=amt%20s%C3%BC')).toEqual([2]);
    expect(await objectIds('q=au%C3%9Fen')).toEqual([3]);
    expect(await objectIds('order=random')).toEqual([4, 1, 2, 3]);
  });

  it('filters by 90 % of the radius, and orders by distance from zoom 8 on', async () => {
    expect(await objectIds(P)).toEqual([4, 1, 2, 3]);
    // 1,200 m x 0.9 = 1,080 m: Amt West (990 m) is in, Behörde Ost (1,112 m) is not.
    expect(await objectIds(`${P}&radius=1200`)).toEqual([1, 3]);
    expect(await objectIds(`${P}&radius=1300`)).toEqual([4, 1, 3]);
    expect(await objectIds(`${P}&radius=1300&zoom=8`)).toEqual([1, 3, 4]);
    expect(await objectIds(`${P}&radius=1300&zoom=7`)).toEqual([4, 1, 3]);
    expect(await objectIds(`${P}&radius=1300&zoom=8&q=amt`)).toEqual([1, 3]);
    expect(await objectIds(`${P}&radius=1300&zoom=8&limit=1&offset=2`)).toEqual([4]);
  });

  it('answers a detail with the public body and the prefilled request form', async () => {
    const { status, allow, body } = await json('/api/v1/campaigninformationobject/a1/?campaign=5');
    expect([status, allow]).toEqual([200, 'GET, HEAD, OPTIONS']);
    expect(Object.keys(body)).toEqual(['resource_uri', 'ident', 'lat', 'lng', 'address', 'publicbody', 'publicbodies', 'makeRequestURL', 'userRequestCount', 'public']);
    expect([body.ident, body.lat, body.lng, body.address, body.userRequestCount, body.public]).toEqual(['a1', 52.5, 13.4, '', 0, true]);
    expect(body.publicbody.resource_uri).toBe(`${API}publicbody/1/`);
    expect(body.publicbodies).toEqual([body.publicbody]);
    expect(body.makeRequestURL).toBe(
      'https://fragdenstaat.example/anfrage-stellen/an/bmi/?subject=Gutachten%20von%20Amt%20Nord%20%28AN%29' +
        '&body=Bitte%20senden%20Sie%20mir%20die%20Gutachten%20von%20Bundesministerium%20des%20Innern.' +
        '&ref=campaign%3A5%40a1&law_type=IFG&hide_public=1&hide_full_text=1&hide_similar=1&hide_draft=1&hide_editing=1&hide_publicbody=1',
    );
    const bare = (await json('/api/v1/campaigninformationobject/a2/?campaign=5')).body;
    expect([bare.publicbody, bare.publicbodies, bare.lat]).toEqual([null, [], null]);
    expect(bare.makeRequestURL.startsWith('https://fragdenstaat.example/anfrage-stellen/?subject=Gutachten%20von%20Amt%20S%C3%BCd%20%28%29&body=Bitte')).toBe(true);
    expect(bare.makeRequestURL).not.toContain('hide_publicbody');
  });

  it('gives every object a resource_uri that answers its detail (docs/api.md#responses-and-links), carrying format= like every API link', async () => {
    for (const object of (await json('/api/v1/campaigninformationobject/?campaign=5')).body.objects) {
      const detail = await json(object.resource_uri.slice(API.length - '/api/v1/'.length));
      expect([detail.status, detail.body.resource_uri, detail.body.ident]).toEqual([200, object.resource_uri, object.ident]);
    }
    const formatted = (await json('/api/v1/campaigninformationobject/?campaign=5&format=json&limit=1')).body.objects[0];
    expect(formatted.resource_uri).toBe(`${API}campaigninformationobject/a4/?campaign=5&format=json`);
  });

  it('answers an unknown ident with the model 404', async () => {
    expect(await json('/api/v1/campaigninformationobject/zz/?campaign=5')).toEqual({
      status: 404,
      allow: 'GET, HEAD, OPTIONS',
      body: { detail: 'No InformationObject matches the given query.' },
    });
  });
});

/**
 * Georegions over real HTTP against a real build (content -> build -> preview server): the
 * list and detail shapes, every filter of froide's GeoRegionFilter, public body `regions` and
 * `lnglat`, and jurisdiction `region`.
 */
import { describe, expect, it } from 'vitest';
import { buildPaths } from '../../src/api/build-paths.ts';
import { serveTree } from '../helpers/build.ts';
import { minimalArchive } from '../helpers/content.ts';

const API = 'https://archiv.example.org/api/v1/';

/** A closed ring around a lng/lat rectangle. */
const box = (west: number, south: number, east: number, north: number) => [[west, south], [east, south], [east, north], [west, north], [west, south]];
const polygon = (...rings: number[][][]) => ({ type: 'Polygon', coordinates: rings });

/**
 * Deutschland (0..20 E, 40..60 N) holds Niedersachsen (north half of the west, with a hole at
 * 4..6 E, 54..56 N) and Hessen (south half of the west; the two share the edge at 50 N);
 * Hannover lies in Niedersachsen; Bremen lies in Niedersachsen's hole.
 */
const REGIONS = {
  'georegions/1.yaml': { id: 1, name: 'Deutschland', slug: 'deutschland', kind: 'country', region_identifier: 'DE', geom_file: '1.geojson', gov_seat: [13.4, 52.5] },
  'georegions/1.geojson': JSON.stringify({ type: 'Feature', properties: {}, geometry: polygon(box(0, 40, 20, 60)) }),
  'georegions/2.yaml': { id: 2, name: 'Niedersachsen', slug: 'niedersachsen', kind: 'state', part_of: 1, region_identifier: '03', geom: polygon(box(0, 50, 10, 60), box(4, 54, 6, 56).reverse()) },
  'georegions/3.yaml': { id: 3, name: 'Hessen', slug: 'hessen', kind: 'state', part_of: 1, region_identifier: '06', geom: polygon(box(0, 40, 10, 50)) },
  'georegions/4.yaml': {
    id: 4, name: 'Hannover', slug: 'hannover', kind: 'district', kind_detail: 'Region', part_of: 2, region_identifier: '03241',
    population: 1_170_000, valid_on: '2001-11-01T00:00:00+01:00', geom: polygon(box(1, 51, 2, 52)),
  },
  'georegions/5.yaml': { id: 5, name: 'Bremen', slug: 'bremen', kind: 'state', part_of: 1, region_identifier: '04', geom: { type: 'MultiPolygon', coordinates: [[box(4.5, 54.5, 5.5, 55.5)]] } },
};

const served = serveTree(() => {
  const tree = minimalArchive({
    ...REGIONS,
    'jurisdictions.yaml': [{ id: 1, name: 'Bund', slug: 'bund', rank: 1, region: 1 }],
    'publicbodies/3-landesamt.yaml': { id: 3, name: 'Gemeinsames Landesamt', slug: 'landesamt', jurisdiction: 1, regions: [3, 5] },
  });
  tree['publicbodies/1-bmi.yaml'] = { ...(tree['publicbodies/1-bmi.yaml'] as object), regions: [1] };
  tree['publicbodies/2-bpol.yaml'] = { ...(tree['publicbodies/2-bpol.yaml'] as object), regions: [4] };
  return tree;
});

const get = (path: string) => served.get(path);
const json = async (path: string) => (await get(path)).json();
/** Ids in answer order (the list order), not sorted: order is part of what froide answers. */
const ids = async (path: string) => {
  const body = await json(path);
  expect(body.meta.total_count, path).toBe(body.objects.length);
  return body.objects.map((object: { id: number }) => object.id);
};

const LIST_KEYS = ['resource_uri', 'id', 'name', 'slug', 'kind', 'kind_detail', 'level', 'region_identifier', 'global_identifier', 'area', 'population', 'valid_on', 'part_of', 'centroid'];

describe('georegion list and detail', () => {
  it('lists in tree order: each region before the regions inside it, siblings by name', async () => {
    expect(await ids('/api/v1/georegion/')).toEqual([1, 5, 3, 2, 4]);
  });

  it('serves the static list, and a computed page is the same bytes', async () => {
    const file = await served.built.text(buildPaths.list('georegion'));
    expect(await (await get('/api/v1/georegion/')).text()).toBe(file);
    expect(await (await get('/api/v1/georegion/?limit=50&offset=0')).text()).toBe(file);
  });

  it('list items carry froide\'s keys, no geometry, GeoJSON centroid as [lng, lat]', async () => {
    const body = await json('/api/v1/georegion/');
    for (const object of body.objects) expect(Object.keys(object)).toEqual(LIST_KEYS);
    const hannover = body.objects.find((object: { id: number }) => object.id === 4);
    expect(hannover).toMatchObject({
      resource_uri: `${API}georegion/4/`,
      name: 'Hannover',
      kind: 'district',
      kind_detail: 'Region',
      level: 2,
      region_identifier: '03241',
      global_identifier: '',
      population: 1170000,
      valid_on: '2001-11-01T00:00:00+01:00',
      part_of: `${API}georegion/2/`,
      centroid: { type: 'Point', coordinates: [1.5, 51.5] },
    });
    // 1° × 1° between 51° and 52° N on the authalic sphere, in whole m²: R² · Δλ · (sin 52° − sin 51°).
    expect(hannover.area).toBe(7_696_884_671);
    expect(body.objects[0]).toMatchObject({ id: 1, level: 0, part_of: null, population: null, valid_on: null });
  });

  it('details add geom (always a MultiPolygon, holes kept) and gov_seat', async () => {
    const niedersachsen = await json('/api/v1/georegion/2/');
    expect(Object.keys(niedersachsen)).toEqual([...LIST_KEYS, 'geom', 'gov_seat']);
    expect(niedersachsen.geom).toEqual({ type: 'MultiPolygon', coordinates: [[box(0, 50, 10, 60), box(4, 54, 6, 56).reverse()]] });
    expect(niedersachsen.gov_seat).toBeNull();
    // Centroid of the square minus the hole: the hole is centred, so the centre stays.
    expect(niedersachsen.centroid).toEqual({ type: 'Point', coordinates: [5, 55] });
    const deutschland = await json('/api/v1/georegion/1/');
    expect(deutschland.geom).toEqual({ type: 'MultiPolygon', coordinates: [[box(0, 40, 20, 60)]] });
    expect(deutschland.gov_seat).toEqual({ type: 'Point', coordinates: [13.4, 52.5] });
    expect((await get('/api/v1/georegion/99/')).status).toBe(404);
  });
});

describe('georegion filters', () => {
  it('id: a comma list; a part that is not a number drops the filter, as in froide', async () => {
    expect(await ids('/api/v1/georegion/?id=4,2')).toEqual([2, 4]);
    expect(await ids('/api/v1/georegion/?id=2,x')).toEqual([1, 5, 3, 2, 4]);
    expect(await ids('/api/v1/georegion/?id=98')).toEqual([]);
  });

  it('q: name contains (any case) or region_identifier starts with', async () => {
    expect(await ids('/api/v1/georegion/?q=SACHSEN')).toEqual([2]);
    expect(await ids('/api/v1/georegion/?q=han')).toEqual([4]);
    expect(await ids('/api/v1/georegion/?q=03')).toEqual([2, 4]);
    expect(await ids('/api/v1/georegion/?q=0324')).toEqual([4]);
    // "de" is in "Deutschland" and "Niedersachsen"; "DE" also starts Deutschland's identifier.
    expect(await ids('/api/v1/georegion/?q=de')).toEqual([1, 2]);
    expect(await ids('/api/v1/georegion/?q=241')).toEqual([]);
  });

  it('kind (comma list), kind_detail, level, region_identifier, slug', async () => {
    expect(await ids('/api/v1/georegion/?kind=state')).toEqual([5, 3, 2]);
    expect(await ids('/api/v1/georegion/?kind=country,district')).toEqual([1, 4]);
    expect(await ids('/api/v1/georegion/?kind=city')).toEqual([]);
    expect(await ids('/api/v1/georegion/?kind_detail=Region')).toEqual([4]);
    expect(await ids('/api/v1/georegion/?level=1')).toEqual([5, 3, 2]);
    expect(await ids('/api/v1/georegion/?region_identifier=03')).toEqual([2]);
    expect(await ids('/api/v1/georegion/?slug=hessen')).toEqual([3]);
  });

  it('ancestor: the descendants, without the region itself', async () => {
    expect(await ids('/api/v1/georegion/?ancestor=1')).toEqual([5, 3, 2, 4]);
    expect(await ids('/api/v1/georegion/?ancestor=2')).toEqual([4]);
    expect(await ids('/api/v1/georegion/?ancestor=4')).toEqual([]);
  });

  it('name: exact, else capitalised as Python does', async () => {
    expect(await ids('/api/v1/georegion/?name=Bremen')).toEqual([5]);
    expect(await ids('/api/v1/georegion/?name=bremen')).toEqual([5]);
    expect(await ids('/api/v1/georegion/?name=BREMEN')).toEqual([5]);
    expect(await ids('/api/v1/georegion/?name=Brem')).toEqual([]);
  });

  it('latlng: the regions whose geometry covers the point, holes and shared edges included', async () => {
    expect(await ids('/api/v1/georegion/?latlng=51.5,1.5')).toEqual([1, 2, 4]);
    // In Niedersachsen's hole: Bremen, not Niedersachsen.
    expect(await ids('/api/v1/georegion/?latlng=55,5')).toEqual([1, 5]);
    expect(await ids('/api/v1/georegion/?latlng=54.2,5')).toEqual([1]);
    // On the edge Niedersachsen and Hessen share: both cover it (ST_Covers).
    expect(await ids('/api/v1/georegion/?latlng=50,5')).toEqual([1, 3, 2]);
    // A space after the comma is fine: Python's float() strips it.
    expect(await ids('/api/v1/georegion/?latlng=45,%2015')).toEqual([1]);
    expect(await ids('/api/v1/georegion/?latlng=45,25')).toEqual([]);
  });

  it('latlng that is not two numbers is ignored, as froide ignores it', async () => {
    for (const value of ['abc', '51.5', '51.5,x', '51.5;1.5']) {
      expect(await ids(`/api/v1/georegion/?latlng=${value}`), value).toEqual([1, 5, 3, 2, 4]);
    }
  });

  it('combines filters (AND) and paginates the result', async () => {
    expect(await ids('/api/v1/georegion/?latlng=51.5,1.5&level=1')).toEqual([2]);
    expect(await ids('/api/v1/georegion/?ancestor=1&kind=state&q=e')).toEqual([5, 3, 2]);
    const page = await json('/api/v1/georegion/?kind=state&limit=2&offset=1');
    expect(page.objects.map((object: { id: number }) => object.id)).toEqual([3, 2]);
    expect(page.meta).toEqual({ limit: 2, next: null, offset: 1, previous: `${API}georegion/?kind=state&limit=2&offset=0`, total_count: 3 });
  });

  it("answers bad values with froide's 400 bodies", async () => {
    const response = await get('/api/v1/georegion/?level=zwei&ancestor=99');
    expect(response.status).toBe(400);
    // Both at once, in the order froide declares the filters (Django validates the whole form).
    expect(await response.text()).toBe('{"level":["Enter a number."],"ancestor":["Select a valid choice. That choice is not one of the available choices."]}');
    expect(await json('/api/v1/georegion/?ancestor=abc')).toEqual({ ancestor: ['Select a valid choice. That choice is not one of the available choices.'] });
  });
});

describe('public body and jurisdiction links to georegions', () => {
  it('public bodies link their regions in tree order; jurisdictions their region and its kind', async () => {
    const body = await json('/api/v1/publicbody/3/');
    expect(body.regions).toEqual([`${API}georegion/5/`, `${API}georegion/3/`]);
    expect(body.jurisdiction).toMatchObject({ region: `${API}georegion/1/`, region_kind: 'country', region_kind_detail: '' });
    const jurisdiction = await json('/api/v1/jurisdiction/1/');
    expect(jurisdiction).toMatchObject({ region: `${API}georegion/1/`, region_kind: 'country', region_kind_detail: '' });
  });

  it('regions: one id is that region and the regions inside it; a comma list is exactly these', async () => {
    expect(await ids('/api/v1/publicbody/?regions=2')).toEqual([2]);
    expect(await ids('/api/v1/publicbody/?regions=1')).toEqual([1, 2, 3]);
    expect(await ids('/api/v1/publicbody/?regions=4,5')).toEqual([2, 3]);
    expect(await ids('/api/v1/publicbody/?regions=2,1')).toEqual([1]);
    expect(await ids('/api/v1/publicbody/?regions=98,99')).toEqual([]);
  });

  it('regions: an unknown single id is ignored (froide), a value that is not a number is a 400', async () => {
    expect(await ids('/api/v1/publicbody/?regions=99')).toEqual([1, 2, 3]);
    const response = await get('/api/v1/publicbody/?regions=nord');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ regions: ['Enter a number.'] });
  });

  it('lnglat: bodies with a region covering the point (lng first!)', async () => {
    expect(await ids('/api/v1/publicbody/?lnglat=1.5,51.5')).toEqual([1, 2]);
    expect(await ids('/api/v1/publicbody/?lnglat=5,55')).toEqual([1, 3]);
    expect(await ids('/api/v1/publicbody/?lnglat=25,45')).toEqual([]);
    expect(await ids('/api/v1/publicbody/?lnglat=51.5')).toEqual([1, 2, 3]);
    expect(await ids('/api/v1/publicbody/?lnglat=1.5,51.5&regions=2')).toEqual([2]);
  });
});

describe('georegion/autocomplete/', () => {
  it('offers {value: id, label: "<name> (<kind> - <identifier>)"} by level, then name; list filters apply', async () => {
    const body = await json('/api/v1/georegion/autocomplete/');
    expect(body.meta).toEqual({ limit: 50, next: null, offset: 0, previous: null, total_count: 5 });
    expect(body.objects).toEqual([
      { value: 1, label: 'Deutschland (Land - DE)' },
      { value: 5, label: 'Bremen (Bundesland - 04)' },
      { value: 3, label: 'Hessen (Bundesland - 06)' },
      { value: 2, label: 'Niedersachsen (Bundesland - 03)' },
      { value: 4, label: 'Hannover (Region - 03241)' },
    ]);
    expect((await json('/api/v1/georegion/autocomplete/?q=hann')).objects).toEqual([{ value: 4, label: 'Hannover (Region - 03241)' }]);
    expect((await json('/api/v1/georegion/autocomplete/?latlng=55,5&kind=state')).objects.map((c: { value: number }) => c.value)).toEqual([5]);
    const bad = await get('/api/v1/georegion/autocomplete/?level=x');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ level: ['Enter a number.'] });
  });
});

/**
 * The answers of the QUERY_ANSWERED resources (src/api/routes.ts), read from what the build
 * wrote for them (list pages, filter indexes and details under `_data/`) through the same
 * filter engine as every other list. Only their envelopes and refusals are their own:
 *
 * - venue (froide-food api_views.py, facts §5.20): not paginated. Without a location a bare
 *   `[]`; with `lat`+`lng` `{"results": [...], "error": false}`, nearest first; `location`
 *   (text to geocode) cannot be answered offline: `{"results": [], "error": true}`, what
 *   froide-food answers when its provider fails. Detail `{"result": …, "error": …}`, always 200.
 * - campaigninformationobject (froide-campaign api_views.py, facts §5.21): every answer needs
 *   `?campaign=<id>` of a public campaign; the list is the standard envelope.
 */
import { envelope } from '../../api/envelope.ts';
import { filtersOf, parseNear, type NearParse } from '../../api/filters/index.ts';
import { distanceMeters } from '../../api/geo.ts';
import { pythonFloat, pythonInt } from '../../api/python.ts';
import type { Manifest } from '../../api/manifest.ts';
import { RESOURCES } from '../../api/resource-table.ts';
import { buildPaths, UrlBuilder, type ResourceName } from '../../api/routes.ts';
import { applyFilters } from './filter-engine.ts';
import { lastValue, pageRequest, readJson, readPositions } from './pagination.ts';
import { MESSAGES } from './responses.ts';
import type { Store } from '../shared/store.ts';
import type { Answer, ResourceViews } from './views.ts';


type Located = { lat: number; lng: number };

/** Nearest first; equal distances keep list order (the sort is stable). */
function byDistance<T extends Located>(objects: T[], from: { lat: number; lng: number }): T[] {
  const distance = new Map(objects.map((object) => [object, distanceMeters(from.lat, from.lng, object.lat, object.lng)]));
  return [...objects].sort((a, b) => distance.get(a)! - distance.get(b)!);
}

// --- venue -----------------------------------------------------------------------------------

/** froide-food's amenity search returns at most 100 places. */
const VENUE_LIMIT = 100;

/** The provider names froide-food knows; another prefix is `{"result": null, "error": true}`. */
const FOOD_PROVIDERS = new Set(['google', 'yelp', 'foursquare', 'custom', 'amenity', 'requested']);

const venue: ResourceViews = {
  async list(url, store) {
    const query = url.searchParams;
    if (lastValue(query, 'location')) return { body: { results: [], error: true } };
    const lat = pythonFloat(lastValue(query, 'lat'));
    const lng = pythonFloat(lastValue(query, 'lng'));
    if (lat === null || lng === null || !Number.isFinite(lat) || !Number.isFinite(lng)) return { body: [] };
    const filtered = await applyFilters(store, 'venue', query);
    if (filtered.kind === 'invalid') return { status: 400, error: filtered.errors };
    const positions = filtered.kind === 'positions' ? filtered.positions : [];
    const objects = (await readPositions(store, 'venue', positions)) as Located[];
    return { body: { results: byDistance(objects, { lat, lng }).slice(0, VENUE_LIMIT), error: false } };
  },

  async detail(id, _url, store) {
    const missing = { body: { result: null, error: true } };
    const colon = id.indexOf(':');
    if (colon < 0 || !FOOD_PROVIDERS.has(id.slice(0, colon)) || id.includes('/')) return missing;
    const result = await readJson(store, buildPaths.dataDetail('venue', id));
    return result === null ? missing : { body: { result, error: false } };
  },
};

// --- campaigninformationobject -------------------------------------------------------------------

const CAMPAIGN_OBJECTS: ResourceName = 'campaigninformationobject';

/** froide-campaign orders by distance only from this zoom on, and only without `q`. */
const ORDER_ZOOM_LEVEL = 8;

/** `get_object_or_404(Campaign.objects.get_public(), id=…)`: the campaign id, or froide's 404. */
async function campaignOf(query: URLSearchParams, store: Store): Promise<number | Answer> {
  const raw = lastValue(query, 'campaign');
  const noMatch = { status: 404, error: { detail: MESSAGES.noMatch('Campaign') } };
  if (raw === null) return noMatch;
  const id = pythonInt(raw);
  // Django raises ValueError for a non-numeric id; froide-campaign turns it into a bare Http404.
  if (id === null) return { status: 404, error: { detail: MESSAGES.notFound } };
  const campaigns = ((await readJson(store, buildPaths.data(CAMPAIGN_OBJECTS, 'campaigns'))) ?? []) as number[];
  return campaigns.includes(id) ? id : noMatch;
}

const campaignInformationObject: ResourceViews = {
  async list(url, store, manifest) {
    const query = url.searchParams;
    const campaign = await campaignOf(query, store);
    if (typeof campaign !== 'number') return campaign;
    const filtered = await applyFilters(store, CAMPAIGN_OBJECTS, query);
    if (filtered.kind === 'invalid') return { status: 400, error: filtered.errors };
    const positions = filtered.kind === 'positions' ? filtered.positions : [];
    const { limit, offset, others } = pageRequest(query, RESOURCES[CAMPAIGN_OBJECTS]);

    const spec = filtersOf(CAMPAIGN_OBJECTS).find((filter) => filter.parse.kind === 'near');
    const near = spec ? parseNear(spec.parse as NearParse, query) : null;
    const zoom = pythonInt(lastValue(query, 'zoom'));
    const nearestFirst = near !== null && zoom !== null && zoom >= ORDER_ZOOM_LEVEL && !lastValue(query, 'q');
    const objects = nearestFirst
      ? byDistance((await readPositions(store, CAMPAIGN_OBJECTS, positions)) as Located[], near).slice(offset, offset + limit)
      : await readPositions(store, CAMPAIGN_OBJECTS, positions.slice(offset, offset + limit));

    const urls = new UrlBuilder(manifest.urls);
    return { body: envelope(urls, CAMPAIGN_OBJECTS, { query: others, offset, limit, total: positions.length, objects }) };
  },

  async detail(ident, url, store) {
    const campaign = await campaignOf(url.searchParams, store);
    if (typeof campaign !== 'number') return campaign;
    const body = ident.includes('/') ? null : await readJson(store, buildPaths.dataDetail(CAMPAIGN_OBJECTS, `${campaign}/${ident}`));
    // froide-campaign lets InformationObject.DoesNotExist escape (a 500); the model's 404 is what it means.
    return body === null ? { status: 404, error: { detail: MESSAGES.noMatch(RESOURCES[CAMPAIGN_OBJECTS].model) } } : { body };
  },
};

export { venue as venueViews, campaignInformationObject as campaignObjectViews };

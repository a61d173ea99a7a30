/**
 * venue (froide-food api_views.py, docs/froide.md#venue), answered whole by the function from what the
 * build wrote under `_data/` (list positions, filter indexes, details) through the same filter
 * engine as every other list. Not paginated. Without a location a bare `[]`; with `lat`+`lng`
 * `{"results": [...], "error": false}`, nearest first; `location` (text to geocode) cannot be
 * answered offline: `{"results": [], "error": true}`, what froide-food answers when its
 * provider fails. Detail `{"result": …, "error": …}`, always 200.
 */
import { pythonFloat } from '../../../formats/python.ts';
import { buildPaths } from '../../../api/build-paths.ts';
import { applyFilters } from '../filter-engine.ts';
import { lastValue, readJson, readPositions } from '../pagination.ts';
import { byDistance, type Located } from './located.ts';
import type { ResourceViews } from './view-spec.ts';

/** froide-food's amenity search returns at most 100 places. */
const VENUE_LIMIT = 100;

/** The provider names froide-food knows; another prefix is `{"result": null, "error": true}`. */
const FOOD_PROVIDERS = new Set(['google', 'yelp', 'foursquare', 'custom', 'amenity', 'requested']);

export const venueViews: ResourceViews = {
  async list(url, store, manifest) {
    const query = url.searchParams;
    if (lastValue(query, 'location')) return { body: { results: [], error: true } };
    const lat = pythonFloat(lastValue(query, 'lat'));
    const lng = pythonFloat(lastValue(query, 'lng'));
    if (lat === null || lng === null || !Number.isFinite(lat) || !Number.isFinite(lng)) return { body: [] };
    const total = manifest.lists.venue?.total ?? 0;
    const filtered = await applyFilters(store, 'venue', query, total);
    if (filtered.kind === 'invalid') return { status: 400, error: filtered.errors };
    const positions = filtered.kind === 'positions' ? filtered.positions : [];
    const objects = (await readPositions(store, 'venue', positions, total)) as Located[];
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

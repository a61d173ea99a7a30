/**
 * campaigninformationobject (froide-campaign api_views.py, docs/froide.md#campaigninformationobject), answered whole by the
 * function from what the build wrote under `_data/` through the same filter engine as every
 * other list: every answer needs `?campaign=<id>` of a public campaign; the list is the
 * standard envelope, by distance from `lat`/`lng` at `zoom` >= 8 without `q`.
 */
import { envelope } from '../../../api/envelope.ts';
import { parseNear, type NearParse } from '../../../api/filters/index.ts';
import { pythonInt } from '../../../formats/python.ts';
import { filtersOf, RESOURCES } from '../../../api/resources/declaration-registry.ts';
import type { ResourceName } from '../../../formats/resource-names.ts';
import { buildPaths } from '../../../api/build-paths.ts';
import { UrlBuilder } from '../../../api/urls.ts';
import { applyFilters } from '../filter-engine.ts';
import { lastValue, pageRequest, readJson, readPositions } from '../pagination.ts';
import { MESSAGES } from '../responses.ts';
import type { BuildStore } from '../../shared/build-store.ts';
import { byDistance, type Located } from './located.ts';
import type { Answer, ResourceViews } from './view-spec.ts';

const CAMPAIGN_OBJECTS: ResourceName = 'campaigninformationobject';

/** froide-campaign orders by distance only from this zoom on, and only without `q`. */
const ORDER_ZOOM_LEVEL = 8;

/** `get_object_or_404(Campaign.objects.get_public(), id=…)`: the campaign id, or froide's 404. */
async function campaignOf(query: URLSearchParams, store: BuildStore): Promise<number | Answer> {
  const raw = lastValue(query, 'campaign');
  const noMatch = { status: 404, error: { detail: MESSAGES.noMatch('Campaign') } };
  if (raw === null) return noMatch;
  const id = pythonInt(raw);
  // Django raises ValueError for a non-numeric id; froide-campaign turns it into a bare Http404.
  if (id === null) return { status: 404, error: { detail: MESSAGES.notFound } };
  const campaigns = ((await readJson(store, buildPaths.data(CAMPAIGN_OBJECTS, 'campaigns'))) ?? []) as number[];
  return campaigns.includes(id) ? id : noMatch;
}

export const campaigninformationobjectViews: ResourceViews = {
  async list(url, store, manifest) {
    const query = url.searchParams;
    const campaign = await campaignOf(query, store);
    if (typeof campaign !== 'number') return campaign;
    const total = manifest.lists[CAMPAIGN_OBJECTS]?.total ?? 0;
    const filtered = await applyFilters(store, CAMPAIGN_OBJECTS, query, total);
    if (filtered.kind === 'invalid') return { status: 400, error: filtered.errors };
    const positions = filtered.kind === 'positions' ? filtered.positions : [];
    const { limit, offset, others } = pageRequest(query, RESOURCES[CAMPAIGN_OBJECTS]);

    const spec = filtersOf(CAMPAIGN_OBJECTS).find((filter) => filter.parse.kind === 'near');
    const near = spec ? parseNear(spec.parse as NearParse, query) : null;
    const zoom = pythonInt(lastValue(query, 'zoom'));
    const nearestFirst = near !== null && zoom !== null && zoom >= ORDER_ZOOM_LEVEL && !lastValue(query, 'q');
    const objects = nearestFirst
      ? byDistance((await readPositions(store, CAMPAIGN_OBJECTS, positions, total)) as Located[], near).slice(offset, offset + limit)
      : await readPositions(store, CAMPAIGN_OBJECTS, positions.slice(offset, offset + limit), total);

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

/**
 * froide's search actions (`request/search/`; okfde/froide `ESQueryMixin.search_view`,
 * docs/search.md): the resource's list objects that the action's filter set selects, within
 * the action's scope (froide's public search index), by relevance when `q` is given and by
 * `sort` (or the list's order) otherwise, paginated as froide's list.
 */
import { envelope } from '../../api/envelope.ts';
import { FILTER_MESSAGES } from '../../api/filters/filter-spec.ts';
import { RANGE_FILE } from '../../api/filters/range.ts';
import type { Manifest } from '../../formats/manifest.ts';
import { RESOURCES } from '../../api/resources/declaration-registry.ts';
import type { ResourceName } from '../../formats/resource-names.ts';
import type { ListAction } from '../../api/resources/declaration-spec.ts';
import { buildPaths } from '../../api/build-paths.ts';
import { UrlBuilder } from '../../api/urls.ts';
import { decodeNumbers, SEARCH_FILTER_PREFIX, type SearchFacets } from '../../formats/search/layout.ts';
import { countingOf } from '../../api/resources/list-counting.ts';
import { applyFilters } from './filter-engine.ts';
import { MESSAGES } from './responses.ts';
import { lastValue, pageRequest, readJson, readPositions } from './pagination.ts';
import type { BuildStore } from '../shared/build-store.ts';
import type { Answer } from './views/view-spec.ts';
import { isAscending } from '../../lib/radix-order.ts';

/**
 * The scopes worked out, per store and build: a scope is the same for every answer of one build
 * (at 50,000 requests, two index files of 50,000 positions each, read, counted and intersected),
 * so a warm instance works it out once, not per answer.
 */
const scopes = new WeakMap<BuildStore, { build: string; byAction: Map<string, Promise<number[] | null>> }>();

/** The positions a search action sees at all: its scope's list filters, ascending; null when it has no scope (every position). */
function scopePositions(store: BuildStore, manifest: Manifest, resource: ResourceName, action: ListAction, total: number): Promise<number[] | null> {
  const scope = action.scope;
  if (!scope) return Promise.resolve(null);
  let kept = scopes.get(store);
  if (kept?.build !== manifest.build) scopes.set(store, (kept = { build: manifest.build, byAction: new Map() }));
  const key = `${resource}/${action.path}`;
  const known = kept.byAction.get(key);
  if (known) return known;
  const byAction = kept.byAction;
  const working = (async () => {
    const outcome = await applyFilters(store, resource, new URLSearchParams(scope), total);
    if (outcome.kind === 'invalid') throw new Error(`${resource}/${action.path}: scope ${JSON.stringify(scope)} is invalid: ${JSON.stringify(outcome.errors)}`);
    return outcome.kind === 'positions' ? outcome.positions : null;
  })();
  // A failed read is tried again by the next answer.
  working.catch(() => byAction.delete(key));
  byAction.set(key, working);
  return working;
}

/** A range index's positions in its order (ascending by value), decoded once per parsed file. */
const rangeOrders = new WeakMap<object, Int32Array>();

function rangeOrder(pairs: readonly [unknown, number][]): Int32Array {
  let order = rangeOrders.get(pairs);
  if (!order) rangeOrders.set(pairs, (order = Int32Array.from(pairs, ([, position]) => position)));
  return order;
}

/** Positions in the order `sort` names (one of the action's sorts). */
async function sorted(store: BuildStore, resource: ResourceName, action: ListAction, sort: string, positions: number[], total: number): Promise<number[]> {
  const how = action.sorts![sort]!;
  if (how === 'list') return positions;
  if (how === 'reverse') return [...positions].reverse();
  const path = buildPaths.filterIndex(resource, `${SEARCH_FILTER_PREFIX}${how.range}`, RANGE_FILE);
  const order = rangeOrder(((await readJson(store, path)) ?? []) as [unknown, number][]);
  // 1: wanted, 2: wanted and placed by the index.
  const state = new Uint8Array(total);
  for (const position of positions) state[position] = 1;
  const ordered: number[] = [];
  for (const position of order) {
    if (state[position] !== 1) continue;
    state[position] = 2;
    ordered.push(position);
  }
  // Objects without the value (no date) come last, in list order, as Elasticsearch sorts missing values.
  const missing = positions.filter((position) => state[position] === 1);
  return [...(how.descending ? ordered.reverse() : ordered), ...missing];
}

export async function searchAction(resource: ResourceName, action: ListAction, url: URL, store: BuildStore, manifest: Manifest): Promise<Answer> {
  const total = manifest.lists[resource]?.total;
  if (total === undefined) return { status: 404, error: { detail: MESSAGES.notFound } };
  const query = url.searchParams;
  const { limit, offset, others } = pageRequest(query, RESOURCES[resource]);
  const scope = await scopePositions(store, manifest, resource, action, total);
  // Within the scope, and ordered by score only as far as the page reaches.
  const filtered = await applyFilters(store, resource, query, total, action.filters, SEARCH_FILTER_PREFIX, { within: scope ?? undefined, ranked: offset + limit });
  const errors = filtered.kind === 'invalid' ? { ...filtered.errors } : {};
  const sort = lastValue(query, 'sort') ?? '';
  if (sort !== '' && !(action.sorts && sort in action.sorts)) errors.sort = [FILTER_MESSAGES.invalidChoice(sort)];
  if (Object.keys(errors).length) return { status: 400, error: errors };

  const q = (lastValue(query, 'q') ?? '').trim();
  let positions: number[];
  if (filtered.kind === 'positions' && q) {
    positions = filtered.positions;
  } else {
    // A filter's positions are within the scope already (`within`).
    positions = filtered.kind === 'positions' ? ascending(filtered.positions) : (scope ?? Array.from({ length: total }, (_, i) => i));
    if (sort !== '') positions = await sorted(store, resource, action, sort, positions, total);
  }
  const objects = await readPositions(store, resource, positions.slice(offset, offset + limit), total);
  const facets = action.facets ? await aggregations(store, resource, positions, total) : undefined;
  const urls = new UrlBuilder(manifest.urls);
  return { body: envelope(urls, { resource, action: action.path }, { query: others, offset, limit, total: positions.length, objects, facets }) };
}

/** The positions ascending (a filter that orders its result gives them in its own order). */
function ascending(positions: number[]): number[] {
  return isAscending(positions) ? positions : Array.from(Int32Array.from(positions).sort());
}

/** Elasticsearch's `terms` aggregation's default size: the ten most frequent keys. */
const FACET_SIZE = 10;

/**
 * froide's aggregations (SearchQuerySetWrapper.get_aggregations) over the objects found: per
 * facet the ten keys most of them have, as `[key, count]`, by count (most first), then by key,
 * as Elasticsearch's `terms` aggregation orders its buckets; keys no object found has are left out.
 */
async function aggregations(store: BuildStore, resource: ResourceName, positions: readonly number[], total: number): Promise<{ fields: Record<string, [number, number][]> }> {
  const path = buildPaths.searchFacets(resource);
  const file = (await readJson(store, path)) as SearchFacets | null;
  if (file === null) throw new Error(`${path} is missing; run the build`);
  const count = countingOf(resource, total);
  const found = new Uint8Array(total);
  for (const position of positions) found[count(position)] = 1;
  const fields: Record<string, [number, number][]> = {};
  for (const [facet, keys] of decodedFacets(file)) {
    const buckets: [number, number][] = [];
    for (const { key, stored } of keys) {
      let n = 0;
      for (const position of stored) n += found[position]!;
      if (n > 0) buckets.push([key, n]);
    }
    fields[facet] = buckets.sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, FACET_SIZE);
  }
  return { fields };
}

type DecodedFacets = [string, { key: number; stored: Int32Array }[]][];

/** A facets file's stored positions per facet and key, decoded once per parsed file. */
const facetFiles = new WeakMap<SearchFacets, DecodedFacets>();

function decodedFacets(file: SearchFacets): DecodedFacets {
  let decoded = facetFiles.get(file);
  if (decoded) return decoded;
  decoded = Object.entries(file).map(([facet, keys]) => [
    facet,
    Object.entries(keys).map(([key, encoded]) => {
      const stored: number[] = [];
      let position = 0;
      decodeNumbers(encoded, (delta) => stored.push((position += delta)));
      return { key: Number(key), stored: Int32Array.from(stored) };
    }),
  ]);
  facetFiles.set(file, decoded);
  return decoded;
}

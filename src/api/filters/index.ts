/**
 * List filters: the kinds by name, and the two generic passes over
 * a resource's filters (ResourceSpec.filters, declared in src/api/resources/<name>/declaration.ts).
 * The build asks `filterIndex` for each filter's index files (src/output/filter-reuse.ts, for a list's filters and its search actions'); the serving layer asks `filterPositions` which
 * positions of the ordered list a query keeps (src/serve/api/filter-engine.ts reads the files).
 * A request touches one index file per filter value, never the collection.
 */
import type { Archive } from '../../model/types.ts';
import { descendingOrder, isAscending } from '../../lib/radix-order.ts';
import { countingOf } from '../resources/list-counting.ts';
import { filtersOf, RESOURCES } from '../resources/declaration-registry.ts';
import { RESOURCE_NAMES, type ResourceName } from '../../formats/resource-names.ts';
import { booleanKind } from './boolean.ts';
import { choiceKind } from './choice.ts';
import { data } from './data.ts';
import { fulltext } from './fulltext.ts';
import { id } from './id.ts';
import { ids } from './ids.ts';
import { integerKind } from './integer.ts';
import { intersect, type FilterKind, type FilterReader, type GrownFile, type IndexFile, type Positions, type PreviousIndex, type Ranking } from './kind.ts';
import { lenient } from './lenient.ts';
import { near } from './near.ts';
import { nochoice } from './nochoice.ts';
import { point } from './point.ts';
import { range } from './range.ts';
import { scan } from './scan.ts';
import { errorKeysOf, queryParamsOf, type FilterSpec } from './filter-spec.ts';
import type { FilterKindName, FilterParse } from './parses.ts';
import { textKind } from './text.ts';
import { wordsKind } from './words.ts';

export type { FilterReader } from './kind.ts';
export { parseNear } from './near.ts';
export { queryParamsOf, type FilterSpec } from './filter-spec.ts';
export type { FilterParse, NearParse } from './parses.ts';

export const KINDS: { [K in FilterKindName]: FilterKind<Extract<FilterParse, { kind: K }>> } = {
  id,
  ids,
  integer: integerKind,
  choice: choiceKind,
  boolean: booleanKind,
  text: textKind,
  range,
  nochoice,
  data,
  scan,
  fulltext,
  point,
  words: wordsKind,
  lenient,
  near,
};

function kindOf(parse: FilterParse): FilterKind<FilterParse> {
  return KINDS[parse.kind];
}

/**
 * The index files of one filter over a resource's ordered list: its own filters, or a search
 * action's over the list's objects. `ordered` must be the exact list the resource's list chunks
 * hold: a position is the object's 0-based index in it (keyed files store it counted as the
 * chunks count it, keyed.ts). `archive` gives `known` filters their keys; without it they index
 * only what the objects have.
 */
export function filterIndex<T>(resource: ResourceName, spec: FilterSpec<T>, ordered: readonly T[], archive?: Archive): IndexFile[] {
  return kindOf(spec.parse).index(spec, ordered, archive, countingOf(resource, ordered.length));
}

/**
 * filterIndex's files over a list that grew at its growing end from its first `length` objects
 * (as its files count them: the previous build's list, src/output/filter-values.ts), from the
 * files the filter wrote over those (`previous`): every file in filterIndex's order, null where
 * it stays. Undefined for a kind that indexes its list again (FilterKind.grow) and for a filter
 * with its own order.
 */
export function filterGrow<T>(resource: ResourceName, spec: FilterSpec<T>, ordered: readonly T[], length: number, previous: PreviousIndex): GrownFile[] | undefined {
  const kind = kindOf(spec.parse);
  if (!kind.grow || spec.order) return undefined;
  const added = ordered.length - length;
  const growth = RESOURCES[resource].newestFirst === true ? { from: 0, to: added, moved: added } : { from: length, to: ordered.length, moved: 0 };
  return kind.grow(spec, ordered, growth, previous, countingOf(resource, ordered.length));
}

export interface FilterOptions {
  /** Positions (ascending) that any answer stays within when a filter applies: a search action's scope. */
  within?: readonly number[];
  /**
   * Only the first `ranked` positions of a ranked answer need their order (a page ends there);
   * the rest follow in any order, so a search that matches most of a list selects its best
   * instead of ordering all of them.
   */
  ranked?: number;
}

export type FilterOutcome =
  /** No filter parameter applies: the whole list. */
  | { kind: 'all' }
  /** `positions` in answer order: list order, a filter's own order (`order`), or by score (`rank`). */
  | { kind: 'positions'; positions: number[] }
  /** froide's 400 body: `{"<param>": ["<message>"]}`. */
  | { kind: 'invalid'; errors: Record<string, string[]> };

/** The positions a query keeps; `readerFor` gives each filter (by its `param`) its index files. */
export async function filterPositions(
  resource: ResourceName,
  query: URLSearchParams,
  readerFor: (param: string) => FilterReader,
  total: number,
  specs: readonly FilterSpec[] = filtersOf(resource),
  options: FilterOptions = {},
): Promise<FilterOutcome> {
  const count = countingOf(resource, total);
  const errors: Record<string, string[]> = {};
  const sets: Promise<Positions>[] = [];
  const params: string[] = [];
  /** Index into `sets` of the first filter that orders its result (spec.order), if any. */
  let ordering = -1;
  /** Scores of a ranking search (scan `rank`): they order the answer, over any other order. */
  const scores = new Map<number, number>();
  const rankings: Ranking[] = [];
  for (const spec of specs) {
    const reading = kindOf(spec.parse).read(spec, query);
    if ('errors' in reading) {
      Object.assign(errors, reading.errors);
      continue;
    }
    if (reading.lookups.length === 0) continue;
    if (spec.order && ordering < 0) ordering = sets.length;
    const reader = readerFor(spec.param);
    for (const lookup of reading.lookups) {
      params.push(lookup.param);
      sets.push(lookup.positions({ reader, count, query, scores, rankings }));
    }
  }
  // Django validates the whole form: a bad number and an unknown id are reported together,
  // in the order the filters are declared.
  const results = await Promise.all(sets);
  results.forEach((result, i) => {
    if (typeof result === 'string') errors[params[i]!] = [result];
  });
  if (Object.keys(errors).length) return { kind: 'invalid', errors: inTableOrder(specs, errors) };
  // null: the parameter turned out not to apply (an unknown `regions` id in froide).
  const ordered = ordering >= 0 && Array.isArray(results[ordering]) ? (results[ordering] as number[]) : null;
  const lists = results.filter((result, i): result is number[] => Array.isArray(result) && !(ordered && i === ordering));
  if (!ordered && lists.length === 0) return { kind: 'all' };
  lists.sort((a, b) => a.length - b.length);
  // The scope (`within`, as many positions as the list at most) is taken in last and not copied: a
  // search action hands the same one to every answer.
  const within = options.within;
  let positions: number[];
  if (!ordered) {
    positions = lists.reduce(intersect);
    if (within) positions = intersect(positions, within);
  } else {
    // The ordering filter's list keeps its order; the others only remove positions from it.
    const rest: (readonly number[])[] = within ? [...lists, within] : lists;
    const others = rest.length ? new Set(rest.reduce(intersect)) : null;
    positions = others ? ordered.filter((position) => others.has(position)) : ordered;
  }
  // Stable: equal scores keep the order above.
  if (scores.size || rankings.length) positions = byScore(positions, scoresOf(positions, scores, rankings), options.ranked);
  return { kind: 'positions', positions };
}

/** The score of each position (0 where none is given): the rankings' and the scores' summed. */
function scoresOf(positions: readonly number[], scores: Map<number, number>, rankings: readonly Ranking[]): Float64Array {
  const ascending = isAscending(positions);
  // One search and nothing else taken away: its own scores, in its own order.
  if (!scores.size && rankings.length === 1 && ascending && rankings[0]!.positions.length === positions.length) return rankings[0]!.scores;
  const out = new Float64Array(positions.length);
  if (scores.size) positions.forEach((position, i) => (out[i] = scores.get(position) ?? 0));
  for (const ranking of rankings) {
    if (ascending) {
      // Both ascending: one walk.
      for (let i = 0, j = 0; i < positions.length; i++) {
        while (j < ranking.positions.length && ranking.positions[j]! < positions[i]!) j++;
        if (j < ranking.positions.length && ranking.positions[j] === positions[i]) out[i]! += ranking.scores[j]!;
      }
    } else {
      const byPosition = new Map<number, number>();
      ranking.positions.forEach((position, j) => byPosition.set(position, ranking.scores[j]!));
      positions.forEach((position, i) => (out[i]! += byPosition.get(position) ?? 0));
    }
  }
  return out;
}

/**
 * `positions` by score, highest first, equal scores in the given order (a stable radix order,
 * src/lib/radix-order.ts). When only the first `ranked` are asked for and they are few, those
 * are selected (the `ranked`-th highest score found in linear time) and ordered, and the rest
 * follow in the given order.
 */
function byScore(positions: readonly number[], scores: Float64Array, ranked = positions.length): number[] {
  const n = positions.length;
  if (ranked * 4 >= n) return permuted(positions, descendingOrder(scores));
  const threshold = kthHighest(scores, Math.max(1, ranked));
  // Every score above the threshold, and the first scores equal to it up to `ranked` in all.
  let equal = Math.max(1, ranked);
  for (let i = 0; i < n; i++) if (scores[i]! > threshold) equal--;
  const top: number[] = [];
  for (let i = 0; i < n; i++) if (scores[i]! > threshold || (scores[i] === threshold && equal-- > 0)) top.push(i);
  const order = descendingOrder(top.map((i) => scores[i]!));
  const out = new Array<number>(n);
  const taken = new Uint8Array(n);
  let k = 0;
  for (const j of order) {
    out[k++] = positions[top[j]!]!;
    taken[top[j]!] = 1;
  }
  for (let i = 0; i < n; i++) if (!taken[i]) out[k++] = positions[i]!;
  return out;
}

function permuted(positions: readonly number[], order: Uint32Array): number[] {
  const out = new Array<number>(order.length);
  for (let k = 0; k < order.length; k++) out[k] = positions[order[k]!]!;
  return out;
}

/** The k-th highest of `values` (1-based, counting equal values), by quickselect on a copy: linear on average. */
function kthHighest(values: Float64Array, k: number): number {
  const a = Float64Array.from(values);
  const target = k - 1;
  let low = 0;
  let high = a.length - 1;
  while (low < high) {
    const pivot = a[(low + high) >> 1]!;
    let i = low;
    let j = high;
    while (i <= j) {
      while (a[i]! > pivot) i++;
      while (a[j]! < pivot) j--;
      if (i <= j) {
        const swap = a[i]!;
        a[i++] = a[j]!;
        a[j--] = swap;
      }
    }
    if (target <= j) high = j;
    else if (target >= i) low = i;
    else break;
  }
  return a[target]!;
}

function inTableOrder(specs: readonly FilterSpec[], errors: Record<string, string[]>): Record<string, string[]> {
  const order = specs.flatMap(errorKeysOf);
  return Object.fromEntries(order.filter((param) => param in errors).map((param) => [param, errors[param]!]));
}

/** Every filter parameter of any resource, sorted: the query rules the host needs (src/output/routing.ts). */
function allFilterParams(): string[] {
  return [...new Set(RESOURCE_NAMES.flatMap((name) => filtersOf(name).flatMap(queryParamsOf)))].sort();
}

/** Query parameters every list understands besides its filters (docs/api.md#list-envelope). */
const PAGINATION_PARAMS = ['format', 'limit', 'offset'] as const;

/** What the `names` autocomplete actions read (src/api/autocomplete.ts). */
export const ACTION_PARAMS = ['q'] as const;

/** What a detail reads from the query: `uid` opens an unlisted document (BuiltResource `files`, buildPaths.unlistedDetail). */
const DETAIL_PARAMS = ['uid'] as const;

/**
 * Every query parameter that makes an answer differ from the static file: the host sends a
 * request carrying any of them to the API function (src/output/routing.ts, src/serve/host-routing.ts).
 */
export function functionQueryParams(): string[] {
  return [...new Set([...PAGINATION_PARAMS, ...ACTION_PARAMS, ...DETAIL_PARAMS, ...allFilterParams()])].sort();
}

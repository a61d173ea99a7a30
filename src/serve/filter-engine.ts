/**
 * The generic filter engine (issue 4 #3): request parameters -> positions in the ordered list,
 * driven by the table in src/api/filters.ts and the index files the build wrote.
 * Touches one index file per filter value, never the collection.
 */
import { dataKey, filtersOf, indexFile, parseBound, parseNear, parseValue, queryParamsOf, FILTER_MESSAGES, NEAR_FILE, RANGE_FILE, SCAN_FILE, type FilterParse, type FilterSpec, type Near, type ParsedFilter } from '../api/filters.ts';
import { distanceMeters } from '../api/geo.ts';
import { buildPaths, type ResourceName } from '../api/routes.ts';
import { coveringIds, type ShapeRecord } from '../model/geometry.ts';
import { readJson } from './pagination.ts';
import type { Store } from './store.ts';

export type FilterOutcome =
  /** No filter parameter applies: the whole list. */
  | { kind: 'all' }
  /** `positions` in answer order: list order, a filter's own order (`order`), or by score (`rank`). */
  | { kind: 'positions'; positions: number[] }
  /** froide's 400 body: `{"<param>": ["<message>"]}`. */
  | { kind: 'invalid'; errors: Record<string, string[]> };

export async function applyFilters(store: Store, resource: ResourceName, query: URLSearchParams): Promise<FilterOutcome> {
  const errors: Record<string, string[]> = {};
  const sets: Promise<number[] | string | null>[] = [];
  const params: string[] = [];
  /** Index into `sets` of the first filter that orders its result (spec.order), if any. */
  let ordering = -1;
  /** Scores of a ranking search (scan `rank`): they order the answer, over any other order. */
  const scores = new Map<number, number>();
  for (const spec of filtersOf(resource)) {
    if (spec.parse.kind === 'range') {
      const range = parseRange(spec.parse, query);
      if ('errors' in range) Object.assign(errors, range.errors);
      else if (range.min !== undefined || range.max !== undefined) {
        params.push(spec.parse.min);
        sets.push(rangePositions(store, resource, spec, range));
      }
      continue;
    }
    if (spec.parse.kind === 'data') {
      const { prefix, requires } = spec.parse;
      if (!query.getAll(requires).at(-1)?.trim()) continue;
      for (const name of new Set(query.keys())) {
        const value = query.getAll(name).at(-1)!;
        if (!name.startsWith(prefix) || !value.trim()) continue;
        params.push(name);
        sets.push(keyPositions(store, resource, spec, [dataKey(name.slice(prefix.length), value)], 'and'));
      }
      continue;
    }
    if (spec.parse.kind === 'near') {
      const near = parseNear(spec.parse, query);
      if (near) {
        params.push(spec.param);
        sets.push(nearPositions(store, resource, spec, near));
      }
      continue;
    }
    const raw = query.getAll(spec.param);
    if (raw.length === 0) continue;
    const values = (spec.repeat ?? 'last') === 'last' ? [raw[raw.length - 1]!] : raw;
    const parsed = values.map((value) => parseValue(spec.parse, value));
    const error = parsed.find((p) => 'error' in p);
    if (error && 'error' in error) {
      errors[spec.param] = [error.error];
      continue;
    }
    const applied = parsed.filter((p) => 'apply' in p && p.apply) as Extract<(typeof parsed)[number], { apply: true }>[];
    if (applied.length === 0) continue;
    if (spec.order && ordering < 0) ordering = sets.length;
    params.push(spec.param);
    sets.push(resolveSpec(store, resource, spec, applied, spec.repeat === 'or' ? 'or' : 'and', query, scores));
  }
  // Django validates the whole form: a bad number and an unknown id are reported together,
  // in the order the filters are declared.
  const results = await Promise.all(sets);
  results.forEach((result, i) => {
    if (typeof result === 'string') errors[params[i]!] = [result];
  });
  if (Object.keys(errors).length) return { kind: 'invalid', errors: inTableOrder(resource, errors) };
  // null: the parameter turned out not to apply (an unknown `regions` id in froide).
  const ordered = ordering >= 0 && Array.isArray(results[ordering]) ? (results[ordering] as number[]) : null;
  const lists = results.filter((result, i): result is number[] => Array.isArray(result) && !(ordered && i === ordering));
  if (!ordered && lists.length === 0) return { kind: 'all' };
  lists.sort((a, b) => a.length - b.length);
  let positions: number[];
  if (!ordered) positions = lists.reduce(intersect);
  else {
    // The ordering filter's list keeps its order; the others only remove positions from it.
    const others = lists.length ? new Set(lists.reduce(intersect)) : null;
    positions = others ? ordered.filter((position) => others.has(position)) : ordered;
  }
  // Stable: equal scores keep the order above.
  if (scores.size) positions = [...positions].sort((a, b) => (scores.get(b) ?? 0) - (scores.get(a) ?? 0));
  return { kind: 'positions', positions };
}

function inTableOrder(resource: ResourceName, errors: Record<string, string[]>): Record<string, string[]> {
  const order = filtersOf(resource).flatMap((spec) => (spec.parse.kind === 'range' && spec.parse.errorKey ? [spec.parse.errorKey] : queryParamsOf(spec)));
  return Object.fromEntries(order.filter((param) => param in errors).map((param) => [param, errors[param]!]));
}

type Applied = Extract<ParsedFilter, { apply: true }>;

/** Positions for one parameter (possibly repeated), a 400 message, or null when it does not apply after all. */
async function resolveSpec(
  store: Store,
  resource: ResourceName,
  spec: FilterSpec<any>,
  applied: Applied[],
  across: 'and' | 'or',
  query: URLSearchParams,
  scores: Map<number, number>,
): Promise<number[] | string | null> {
  const perValue = (await Promise.all(applied.map((parsed) => resolveValue(store, resource, spec, parsed, query, scores)))).filter((value) => value !== null);
  const error = perValue.find((value) => typeof value === 'string');
  if (error !== undefined) return error as string;
  const lists = perValue as number[][];
  if (lists.length === 0) return null;
  return across === 'or' ? lists.reduce(union, []) : lists.reduce(intersect);
}

async function resolveValue(
  store: Store,
  resource: ResourceName,
  spec: FilterSpec<any>,
  parsed: Applied,
  query: URLSearchParams,
  scores: Map<number, number>,
): Promise<number[] | string | null> {
  if (parsed.scan !== undefined) return scanPositions(store, resource, spec, parsed.scan, scores);
  const parse = spec.parse;
  if ((parse.kind === 'id' && (parse.known || parse.secret)) || (parse.kind === 'text' && parse.known)) return knownIdPositions(store, resource, spec, parsed, query);
  const point = parsed.point;
  const keys = point ? coveringIds(await readShapes(store, point.shapes), point.lng, point.lat).map(String) : parsed.keys;
  const positions = await keyPositions(store, resource, spec, keys, parsed.combine);
  if (positions.length > 0) return positions;
  if (parsed.check) {
    const exists = await store.read(buildPaths.detail(parsed.check.ref, parsed.check.id));
    if (exists === null) return parsed.check.missing === 'ignore' ? null : FILTER_MESSAGES.invalidModelChoice;
  }
  if (parsed.fallback) return keyPositions(store, resource, spec, parsed.fallback, parsed.combine);
  return positions;
}

/**
 * An id filter with `known` keys (every valid id is a key, so a missing key is a 400 and no
 * `ref` detail needs reading; the collection filters have no `ref`) and/or a
 * `secret` companion parameter (objects also indexed under `<id>:<secret>`, looked up only
 * when the request carries it). With `spec.order` the key's positions keep the index's order.
 */
async function knownIdPositions(store: Store, resource: ResourceName, spec: FilterSpec<any>, parsed: Applied, query: URLSearchParams): Promise<number[] | string> {
  const parse = spec.parse as Extract<FilterParse, { kind: 'id' | 'text' }>;
  const key = parsed.keys[0]!;
  const found = await lookup(store, resource, spec, key);
  if (parse.known && found === null) return FILTER_MESSAGES.invalidModelChoice;
  let positions = found ?? [];
  const secret = 'secret' in parse && parse.secret ? query.getAll(parse.secret).at(-1) : undefined;
  // A secret-keyed object is indexed under `<key>:<secret>` only; one of the two lists is empty.
  if (secret) positions = [...positions, ...((await lookup(store, resource, spec, `${key}:${secret}`)) ?? [])];
  return positions;
}

async function keyPositions(store: Store, resource: ResourceName, spec: FilterSpec<any>, keys: readonly string[], combine: 'and' | 'or'): Promise<number[]> {
  if (keys.length === 0) return [];
  const lists = (await Promise.all(keys.map((key) => lookup(store, resource, spec, key)))).map((list) => list ?? []);
  return combine === 'or' ? lists.reduce(union, []) : lists.reduce(intersect);
}

async function readShapes(store: Store, resource: ResourceName): Promise<ShapeRecord[]> {
  return ((await readJson(store, buildPaths.shapes(resource))) ?? []) as ShapeRecord[];
}

/** Positions whose strings match the value in any `match` slot (see FilterParse `scan`); a `rank` scan also scores them. */
async function scanPositions(store: Store, resource: ResourceName, spec: FilterSpec<any>, value: string, scores: Map<number, number>): Promise<number[]> {
  const { match, bits, rank } = spec.parse as Extract<FilterParse, { kind: 'scan' }>;
  const rows = ((await readJson(store, buildPaths.filterIndex(resource, spec.param, SCAN_FILE))) ?? []) as string[][];
  const parts = bits ? value.split(/\s+/).filter(Boolean) : [value];
  const folded = parts.map((part) => part.toLowerCase());
  const positions: number[] = [];
  rows.forEach((row, position) => {
    const hit = parts.every((part, i) =>
      match.some((mode, slot) => (mode === 'icontains' ? row[slot]!.includes(folded[i]!) : row[slot]!.startsWith(part))),
    );
    if (!hit) return;
    positions.push(position);
    if (rank) scores.set(position, folded.reduce((sum, part) => sum + rank.reduce((acc, weight, slot) => acc + weight * occurrences(row[slot]!, part), 0), 0));
  });
  return positions;
}

function occurrences(text: string, part: string): number {
  let count = 0;
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length)) count++;
  return count;
}

type Range = { min?: number | string; max?: number | string };

function parseRange(parse: Extract<FilterParse, { kind: 'range' }>, query: URLSearchParams): Range | { errors: Record<string, string[]> } {
  const range: Range = {};
  const errors: Record<string, string[]> = {};
  for (const side of ['min', 'max'] as const) {
    const raw = query.getAll(parse[side]).at(-1);
    if (raw === undefined) continue;
    const bound = parseBound(parse, raw);
    if (!('error' in bound)) {
      if (bound.apply) range[side] = bound.bound;
      continue;
    }
    const key = parse.errorKey ?? parse[side];
    // Django's MultiValueField lists each distinct message once.
    if (!errors[key]?.includes(bound.error)) (errors[key] ??= []).push(bound.error);
  }
  return Object.keys(errors).length ? { errors } : range;
}

/** Positions whose value lies in the range: two binary searches in the sorted index, O(log n + matches). */
async function rangePositions(store: Store, resource: ResourceName, spec: FilterSpec<any>, range: Range): Promise<number[]> {
  const parse = spec.parse as Extract<FilterParse, { kind: 'range' }>;
  const pairs = ((await readJson(store, buildPaths.filterIndex(resource, spec.param, RANGE_FILE))) ?? []) as [number | string, number][];
  const firstAtLeast = (bound: number | string, strict: boolean) => {
    let lo = 0;
    let hi = pairs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const value = pairs[mid]![0];
      if (value < bound || (strict && value === bound)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const start = range.min === undefined ? 0 : firstAtLeast(range.min, false);
  const end = range.max === undefined ? pairs.length : firstAtLeast(range.max, !parse.maxExclusive);
  return pairs
    .slice(start, Math.max(start, end))
    .map(([, position]) => position)
    .sort((a, b) => a - b);
}

/** Positions within the radius: one scan of the points file, O(objects with a point). */
async function nearPositions(store: Store, resource: ResourceName, spec: FilterSpec<any>, near: Near): Promise<number[]> {
  const points = ((await readJson(store, buildPaths.filterIndex(resource, spec.param, NEAR_FILE))) ?? []) as [number, number, number][];
  return points.filter(([lat, lng]) => distanceMeters(near.lat, near.lng, lat, lng) <= near.radius).map(([, , position]) => position);
}

/** The positions under a key; null when the index has no such key. */
async function lookup(store: Store, resource: ResourceName, spec: FilterSpec<any>, key: string): Promise<number[] | null> {
  const file = (await readJson(store, buildPaths.filterIndex(resource, spec.param, indexFile(spec.parse, key)))) as Record<
    string,
    number[]
  > | null;
  return file && Object.hasOwn(file, key) ? file[key]! : null;
}

/** Both inputs ascending; output ascending. */
export function intersect(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      out.push(a[i]!);
      i++;
      j++;
    }
  }
  return out;
}

export function union(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) out.push(a[i++]!);
    else if (i >= a.length || b[j]! < a[i]!) out.push(b[j++]!);
    else {
      out.push(a[i]!);
      i++;
      j++;
    }
  }
  return out;
}

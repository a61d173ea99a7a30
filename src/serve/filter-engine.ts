/**
 * The generic filter engine (issue 4 #3): request parameters -> positions in the ordered list,
 * driven by the table in src/api/filters.ts and the index files the build wrote.
 * Touches one index file per filter value, never the collection.
 */
import { filtersOf, indexFile, parseBound, parseValue, FILTER_MESSAGES, RANGE_FILE, type FilterParse, type FilterSpec } from '../api/filters.ts';
import { buildPaths, type ResourceName } from '../api/routes.ts';
import { readJson } from './pagination.ts';
import type { Store } from './store.ts';

export type FilterOutcome =
  /** No filter parameter applies: the whole list. */
  | { kind: 'all' }
  | { kind: 'positions'; positions: number[] }
  /** froide's 400 body: `{"<param>": ["<message>"]}`. */
  | { kind: 'invalid'; errors: Record<string, string[]> };

export async function applyFilters(store: Store, resource: ResourceName, query: URLSearchParams): Promise<FilterOutcome> {
  const errors: Record<string, string[]> = {};
  const sets: Promise<number[] | string>[] = [];
  const params: string[] = [];
  /** Index into `sets` of the first filter that orders its result, if any. */
  let ordering = -1;
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
    sets.push(resolveSpec(store, resource, spec, applied, spec.repeat === 'or' ? 'or' : 'and', query));
  }
  if (Object.keys(errors).length) return { kind: 'invalid', errors };
  if (sets.length === 0) return { kind: 'all' };
  const results = await Promise.all(sets);
  results.forEach((result, i) => {
    if (typeof result === 'string') errors[params[i]!] = [result];
  });
  if (Object.keys(errors).length) return { kind: 'invalid', errors };
  const lists = results as number[][];
  const ordered = ordering >= 0 ? lists.splice(ordering, 1)[0]! : null;
  lists.sort((a, b) => a.length - b.length);
  if (!ordered) return { kind: 'positions', positions: lists.reduce(intersect) };
  // The ordering filter's list keeps its order; the others only remove positions from it.
  const others = lists.length ? new Set(lists.reduce(intersect)) : null;
  return { kind: 'positions', positions: others ? ordered.filter((position) => others.has(position)) : ordered };
}

/** Positions for one parameter (possibly repeated), or a 400 message. */
async function resolveSpec(
  store: Store,
  resource: ResourceName,
  spec: FilterSpec<any>,
  applied: Extract<ReturnType<typeof parseValue>, { apply: true }>[],
  across: 'and' | 'or',
  query: URLSearchParams,
): Promise<number[] | string> {
  const parse = spec.parse;
  const secret = parse.kind === 'id' && parse.secret ? query.getAll(parse.secret).at(-1) : undefined;
  const perValue = await Promise.all(
    applied.map(async (parsed) => {
      const found = await Promise.all(parsed.keys.map((key) => lookup(store, resource, spec, key)));
      if (parse.kind === 'id' && parse.known && found[0] === null) return FILTER_MESSAGES.invalidModelChoice;
      const lists = found.map((list) => list ?? []);
      if (parsed.check && lists[0]!.length === 0) {
        const exists = await store.read(buildPaths.detail(parsed.check.ref, parsed.check.id));
        if (exists === null) return FILTER_MESSAGES.invalidModelChoice;
      }
      // A secret-keyed object is indexed under `<key>:<secret>` only; one of the two lists is empty.
      if (secret) lists[0] = [...lists[0]!, ...((await lookup(store, resource, spec, `${parsed.keys[0]}:${secret}`)) ?? [])];
      if (spec.order) return lists[0]!;
      return parsed.combine === 'or' ? lists.reduce(union, []) : lists.reduce(intersect);
    }),
  );
  const error = perValue.find((value) => typeof value === 'string');
  if (error !== undefined) return error as string;
  const lists = perValue as number[][];
  return across === 'or' ? lists.reduce(union, []) : lists.reduce(intersect);
}

type Range = { min?: number | string; max?: number | string };

function parseRange(parse: Extract<FilterParse, { kind: 'range' }>, query: URLSearchParams): Range | { errors: Record<string, string[]> } {
  const range: Range = {};
  const errors: Record<string, string[]> = {};
  for (const side of ['min', 'max'] as const) {
    const raw = query.getAll(parse[side]).at(-1);
    if (raw === undefined) continue;
    const bound = parseBound(parse, raw);
    if ('error' in bound) errors[parse[side]] = [bound.error];
    else if (bound.apply) range[side] = bound.bound;
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

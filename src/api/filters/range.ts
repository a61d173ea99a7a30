/**
 * range: two query parameters, `min` and `max`, bound one value (number, or date
 * `YYYY-MM-DD`); `max` is exclusive where froide's is (request `created_at_before`, a `lt`
 * DateFilter). `errorKey` is the one 400 key of a django-filter range field (RangeFilter,
 * DateFromToRangeFilter: `costs`, `created_at`); without it each parameter has its own (two
 * DateFilters). The spec's `param` names the index, not a query parameter.
 *
 * Index: one file of `[value, position]` pairs sorted by value, which both bounds search.
 */
import { djangoDate, djangoDecimal } from '../../formats/python.ts';
import type { FilterKind, FilterReader, IndexFile } from './kind.ts';
import { FILTER_MESSAGES, type FilterSpec } from './filter-spec.ts';
import type { RangeParse } from './parses.ts';

export const RANGE_FILE = 'sorted';

type Bound = number | string;
type Range = { min?: Bound; max?: Bound };

/** One bound: null when empty, else a 400 message or the bound. */
export function parseBound(parse: RangeParse, raw: string): null | { error: string } | { bound: Bound } {
  const value = raw.trim();
  if (value === '') return null;
  if (parse.value === 'number') {
    const number = djangoDecimal(value);
    return number === null ? { error: FILTER_MESSAGES.number } : { bound: number };
  }
  const date = djangoDate(value);
  return date === null ? { error: FILTER_MESSAGES.date } : { bound: date };
}

/** Both bounds from the query (the last value of each), or the 400 errors. */
function parseRange(parse: RangeParse, query: URLSearchParams): Range | { errors: Record<string, string[]> } {
  const range: Range = {};
  const errors: Record<string, string[]> = {};
  for (const side of ['min', 'max'] as const) {
    const raw = query.getAll(parse[side]).at(-1);
    if (raw === undefined) continue;
    const bound = parseBound(parse, raw);
    if (bound === null) continue;
    if ('bound' in bound) {
      range[side] = bound.bound;
      continue;
    }
    const key = parse.errorKey ?? parse[side];
    // Django's MultiValueField lists each distinct message once.
    if (!errors[key]?.includes(bound.error)) (errors[key] ??= []).push(bound.error);
  }
  return Object.keys(errors).length ? { errors } : range;
}

/** Each value of the objects at positions [from, to) as a `[value, position]` pair, added to `pairs`. */
function addPairs<T>(spec: FilterSpec<T, RangeParse>, ordered: readonly T[], from: number, to: number, pairs: [Bound, number][]): void {
  for (let position = from; position < to; position++) {
    const value = spec.values(ordered[position]!);
    if (typeof value === 'number' || typeof value === 'string') pairs.push([value, position]);
  }
}

/** The file: the pairs by value, then position (so two builds of the same content write the same bytes). */
function sortedFile(pairs: [Bound, number][]): IndexFile {
  pairs.sort(([a, p], [b, q]) => (a < b ? -1 : a > b ? 1 : p - q));
  return { file: RANGE_FILE, body: JSON.stringify(pairs) };
}

export const range: FilterKind<RangeParse> = {
  index(spec, ordered) {
    const pairs: [Bound, number][] = [];
    addPairs(spec, ordered, 0, ordered.length, pairs);
    return [sortedFile(pairs)];
  },
  // The file holds positions, not stored numbers: the earlier pairs move with their objects.
  grow(spec, ordered, growth, previous) {
    const before = previous.read(RANGE_FILE);
    const pairs = before === undefined ? [] : (JSON.parse(before) as [Bound, number][]);
    if (growth.moved) for (const pair of pairs) pair[1] += growth.moved;
    addPairs(spec, ordered, growth.from, growth.to, pairs);
    return [sortedFile(pairs)];
  },
  read(spec, query) {
    const parsed = parseRange(spec.parse, query);
    if ('errors' in parsed) return parsed;
    if (parsed.min === undefined && parsed.max === undefined) return { lookups: [] };
    return { lookups: [{ param: spec.parse.min, positions: ({ reader }) => rangePositions(spec, parsed, reader) }] };
  },
};

/** Positions whose value lies in the range: two binary searches in the sorted index, O(log n + matches). */
async function rangePositions(spec: FilterSpec<never, RangeParse>, range: Range, reader: FilterReader): Promise<number[]> {
  const pairs = ((await reader.index(RANGE_FILE)) ?? []) as [Bound, number][];
  const firstAtLeast = (bound: Bound, strict: boolean) => {
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
  const end = range.max === undefined ? pairs.length : firstAtLeast(range.max, !spec.parse.maxExclusive);
  return pairs
    .slice(start, Math.max(start, end))
    .map(([, position]) => position)
    .sort((a, b) => a - b);
}

/**
 * data: every query parameter `<prefix><key>` (`data.year=2020`) keeps the objects whose
 * `data` has that value under that key (index key `<key>=<value>`); applied only when the
 * `requires` parameter is given too (froide applies a collection's data filters with its
 * `collection=` filter, which also routes the request to the function). A collection's
 * `settings.filters` on `data.<key>` (filingcabinet `apply_data_filters`).
 */
import { pythonInt } from '../../formats/python.ts';
import { keyedParts, keyPositions } from './keyed.ts';
import type { FilterKind, Lookup } from './kind.ts';
import type { DataParse } from './parses.ts';

/** One data filter's key; an integer value is normalised as Python's int() reads it. */
export function dataKey(key: string, value: string): string {
  const number = pythonInt(value);
  return `${key}=${number === null ? value.trim() : String(number)}`;
}

/** Index keys of a document's `data`: `<key>=<value>` for every scalar value. */
export function dataKeys(data: Record<string, unknown> | null | undefined): string[] {
  return Object.entries(data ?? {}).flatMap(([key, value]) =>
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? [dataKey(key, String(value))] : [],
  );
}

export const data: FilterKind<DataParse> = {
  ...keyedParts(() => 'hash'),
  read(spec, query) {
    const { prefix, requires } = spec.parse;
    if (!query.getAll(requires).at(-1)?.trim()) return { lookups: [] };
    const lookups: Lookup[] = [];
    for (const name of new Set(query.keys())) {
      const value = query.getAll(name).at(-1)!;
      if (!name.startsWith(prefix) || !value.trim()) continue;
      const keys = [dataKey(name.slice(prefix.length), value)];
      lookups.push({ param: name, positions: (context) => keyPositions(context, 'hash', { keys, combine: 'and' }) });
    }
    return { lookups };
  },
};

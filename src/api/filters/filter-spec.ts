/**
 * What a list filter is (docs/froide.md#resources): one entry of a resource's
 * filters (`filters` in src/api/resources/<name>/declaration.ts) says which query parameter it reads, how (its `parse`, one of the
 * kinds below, each in its own module with its parse, index and lookup parts), and which
 * index keys a model object has for it.
 *
 * Index files: `buildPaths.filterIndex(resource, param, file)`, positions 0-based into the
 * resource's ordered list (the list its list chunks hold). The keyed kinds write
 * `{ "<key>": [positions] }` files (keyed.ts); range, scan and near write one file each.
 */
import type { Archive } from '../../model/types.ts';
import type { FilterParse } from './parses.ts';

export type IndexValue = string | number | boolean | null | undefined;

/**
 * A filter of objects of type `T` (the item type of its resource's list, ResourceSpec<T>).
 * `T` appears only as a parameter, so `FilterSpec<never>` (the default) is any filter, for
 * code that reads its parameter and parse but gives it no object (the query side, OpenAPI).
 */
export interface FilterSpec<T = never, P extends FilterParse = FilterParse> {
  param: string;
  /**
   * A search filter whose answers mark the matches in a field of each object, as froide's
   * `query_highlight` (src/serve/api/highlight.ts).
   */
  highlight?: { field: string; target: string };
  parse: P;
  /** The object's value(s) for this filter; each becomes one index key. null/undefined: no key. */
  values: (object: T) => IndexValue | readonly IndexValue[];
  /** Several values of the parameter: django's last value wins, or all must match, or any. */
  repeat?: 'last' | 'and' | 'or';
  /**
   * The filter orders its result (froide: `order_by` inside the filter, e.g. collection order):
   * positions under a key are stored sorted by this rank, not ascending, and the engine keeps
   * that order while intersecting with the other filters.
   */
  order?: (object: T, key: string) => number;
  /** Every valid key, for `known` id and text filters (id.ts). */
  known?: (archive: Archive) => readonly IndexValue[];
}

/** Django/DRF error texts (English source strings, see docs/serving.md). */
export const FILTER_MESSAGES = {
  invalidModelChoice: 'Select a valid choice. That choice is not one of the available choices.',
  invalidChoice: (value: string) => `Select a valid choice. ${value} is not one of the available choices.`,
  number: 'Enter a number.',
  date: 'Enter a valid date.',
} as const;

/** The query parameters a filter reads: its own name, a range's two bounds, or a point and radius. */
export function queryParamsOf(spec: FilterSpec): string[] {
  if (spec.parse.kind === 'data') return [];
  if (spec.parse.kind === 'near') return [spec.parse.lat, spec.parse.lng, spec.parse.radius];
  return spec.parse.kind === 'range' ? [spec.parse.min, spec.parse.max] : [spec.param];
}

/** The keys of a filter's 400 errors: a django-filter range field reports both bounds under one. */
export function errorKeysOf(spec: FilterSpec): string[] {
  return spec.parse.kind === 'range' && spec.parse.errorKey ? [spec.parse.errorKey] : queryParamsOf(spec);
}

/**
 * froide's page facets (okfde/froide:froide/document/filters.py, `PageDocumentFilterset`
 * `filter_collection` and `apply_data_filters`): a page search with `q` and `collection=<id>`
 * asks, for every filter of the collection's `settings.filters` with `facet: true` and a
 * `facet_config` of type `term` (the default), Elasticsearch's `terms` aggregation of the
 * field its `key` names (`__` read as `.`) over every page the search found. The answer's
 * `facets.fields` holds, per field in the order of the settings, the ten values most of those
 * pages have, `[value, pages]`, by count (most first), then by value
 * (`SearchQuerySetWrapper.get_aggregations`, froide/helper/search/queryset.py).
 *
 * The fields are those of froide's page index (froide/document/documents.py, `PageDocument`):
 * the document's `data` (`data.<key>`, nested keys with more dots) and the ids below. Pure:
 * the build writes one file per collection with such facets (planned in
 * src/output/page-facets.ts), the API function counts from it (src/serve/api/views/page.ts).
 */
import { facetValues, type FacetedPage } from '../model/collection-facets.ts';
import { decodeNumbers, encodeNumbers } from '../formats/search/layout.ts';

/** Elasticsearch's `terms` aggregation's default size: the ten most frequent values. */
const FACET_SIZE = 10;

type Scalar = string | number | boolean;


/**
 * One field's values as Elasticsearch's one mapping of the field gives them keys: booleans
 * alone are 1 and 0 (a `boolean` field's bucket keys), numbers alone numbers, and where any
 * value is text every value is its text (a `keyword` field: 22 and "22" are one key).
 */
function keyer(values: readonly Scalar[]): (value: Scalar) => string | number {
  if (values.every((value) => typeof value === 'boolean')) return (value) => (value ? 1 : 0);
  if (values.every((value) => typeof value === 'number')) return (value) => value as number;
  return (value) => String(value);
}

/** Per field, per key (ascending), the list positions of the pages that have it (as base-64 varint deltas). */
export interface PageFacetsFile {
  fields: [field: string, keys: [key: string | number, positions: string][]][];
}

/** Keys ascending as Elasticsearch orders bucket keys that tie: numbers by value, text by its characters. */
function compareKeys(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The facets file of one collection: its pages, each with its position as the list's files store it (countingOf). */
export function pageFacetsFile(fields: readonly string[], pages: readonly { page: FacetedPage; stored: number }[]): PageFacetsFile {
  return {
    fields: fields.map((field) => {
      const found = pages.map(({ page }) => facetValues(page, field));
      const key = keyer(found.flat());
      const byKey = new Map<string | number, number[]>();
      found.forEach((values, i) => {
        for (const k of new Set(values.map(key))) {
          let list = byKey.get(k);
          if (!list) byKey.set(k, (list = []));
          list.push(pages[i]!.stored);
        }
      });
      const keys = [...byKey]
        .sort((a, b) => compareKeys(a[0], b[0]))
        .map(([k, positions]): [string | number, string] => {
          positions.sort((a, b) => a - b);
          return [k, encodeNumbers(positions.map((position, i) => position - (i ? positions[i - 1]! : 0)))];
        });
      return [field, keys];
    }),
  };
}

/** Decoded stored positions per field and key, once per parsed file. */
const decodedFiles = new WeakMap<PageFacetsFile, [string, { key: string | number; stored: Int32Array }[]][]>();

/**
 * `facets` of the answer: per field, the buckets of the pages found (`found[stored position]`
 * is 1 for a page the search found), the ten largest, by count, then by key.
 */
export function pageFacets(file: PageFacetsFile, found: Uint8Array): { fields: Record<string, [string | number, number][]> } {
  let decoded = decodedFiles.get(file);
  if (!decoded) {
    decoded = file.fields.map(([field, keys]) => [
      field,
      keys.map(([key, encoded]) => {
        const stored: number[] = [];
        let position = 0;
        decodeNumbers(encoded, (delta) => stored.push((position += delta)));
        return { key, stored: Int32Array.from(stored) };
      }),
    ]);
    decodedFiles.set(file, decoded);
  }
  const fields: Record<string, [string | number, number][]> = {};
  for (const [field, keys] of decoded) {
    const buckets: [string | number, number][] = [];
    for (const { key, stored } of keys) {
      let n = 0;
      for (const position of stored) n += found[position] ?? 0;
      if (n > 0) buckets.push([key, n]);
    }
    fields[field] = buckets.sort((a, b) => b[1] - a[1] || compareKeys(a[0], b[0])).slice(0, FACET_SIZE);
  }
  return { fields };
}


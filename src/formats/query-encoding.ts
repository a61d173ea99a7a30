/**
 * Query strings and path segments as froide writes them in links: DRF's sorted, repeated-key
 * query encoding and the percent-encoding of one path segment.
 */

/** A repeated parameter (`?category=1&category=2`) is an array, its values in request order. */
export type Query = Record<string, string | number | readonly string[] | undefined>;

/**
 * Encodes a query the way DRF's `replace_query_param` does (`urlencode(sorted(...),
 * doseq=True)`): keys sorted, every value of a repeated key kept in order, `+` for spaces
 * (docs/froide.md#paging). Undefined values are dropped.
 */
export function encodeQuery(query: Query): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value === undefined) continue;
    for (const item of typeof value === 'object' ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Percent-encodes one path segment (file names in media and site URLs). */
export function encodeSegment(segment: string): string {
  return encodeURIComponent(segment);
}

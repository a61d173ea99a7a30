/**
 * Reading froide's values back into content values: ids from hyperlinks, points from GeoJSON,
 * date-times from Django's `str()` of a datetime, and the tolerance that answers of other froide
 * versions need (a key missing, a number sent as a string). Every reader takes `unknown` and
 * says what it expected when the value is not that (ApiShapeError, reported with its URL).
 */

/** A value of an answer that is not what froide sends there. */
export class ApiShapeError extends Error {
  override name = 'ApiShapeError';
}

export type Json = Record<string, unknown>;

export function object(value: unknown, what: string): Json {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Json;
  throw new ApiShapeError(`${what}: expected an object, got ${JSON.stringify(value)?.slice(0, 80)}`);
}

export function list(value: unknown, what: string): unknown[] {
  if (Array.isArray(value)) return value;
  throw new ApiShapeError(`${what}: expected a list, got ${JSON.stringify(value)?.slice(0, 80)}`);
}

/** The id a froide hyperlink ends in (`…/api/v1/law/4/`, with or without query). */
export function idOf(link: unknown, what: string): number {
  if (typeof link === 'number' && Number.isInteger(link)) return link;
  if (link && typeof link === 'object' && 'id' in link) return idOf((link as Json).id, what);
  if (typeof link === 'string') {
    const match = /\/(\d+)\/?(?:[?#].*)?$/.exec(link) ?? /^(\d+)$/.exec(link);
    if (match) return Number(match[1]);
  }
  throw new ApiShapeError(`${what}: expected a link ending in an id, got ${JSON.stringify(link)}`);
}

export function idOrNull(link: unknown, what: string): number | null {
  return link === null || link === undefined || link === '' ? null : idOf(link, what);
}

export function idsOf(links: unknown, what: string): number[] {
  return links === undefined || links === null ? [] : list(links, what).map((link, index) => idOf(link, `${what}[${index}]`));
}

export function textOf(value: unknown, what: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new ApiShapeError(`${what}: expected text, got ${JSON.stringify(value)?.slice(0, 80)}`);
}

export function textOrNull(value: unknown, what: string): string | null {
  return value === null || value === undefined ? null : textOf(value, what);
}

export function bool(value: unknown, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'True') return true;
  if (value === 'false' || value === 'False') return false;
  return fallback;
}

/** A number, also when an instance sends it as a string (`"12.50"`); undefined when absent. */
export function numberOf(value: unknown, what: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const parsed = typeof value === 'string' ? Number(value) : value;
  if (typeof parsed === 'number' && Number.isFinite(parsed)) return parsed;
  throw new ApiShapeError(`${what}: expected a number, got ${JSON.stringify(value)}`);
}

/** `[longitude, latitude]` from a GeoJSON Point (froide's `geo`, `gov_seat`, `centroid`). */
export function pointOf(value: unknown, what: string): [number, number] | null {
  if (value === null || value === undefined) return null;
  const coordinates = object(value, what).coordinates;
  const [lng, lat] = list(coordinates, `${what}.coordinates`);
  if (typeof lng === 'number' && typeof lat === 'number') return [lng, lat];
  throw new ApiShapeError(`${what}: expected a GeoJSON point`);
}

/**
 * A date-time as content writes it. DRF writes ISO 8601 (`2024-03-01T09:12:00+01:00`);
 * filingcabinet's document `last_modified_at` is Python's `str()` of an aware datetime
 * (`2024-03-01 08:12:00.000000+00:00`), and UTC may come as `Z`.
 */
export function dateTimeOf(value: unknown, what: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  const raw = textOf(value, what);
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/.exec(raw);
  if (!match) throw new ApiShapeError(`${what}: expected a date-time with time zone, got ${JSON.stringify(raw)}`);
  const [, day, clock, fraction = '', zone] = match;
  const digits = fraction.replace(/0+$/, '').slice(0, 7);
  const offset = zone === 'Z' ? '+00:00' : zone!.includes(':') ? zone : `${zone!.slice(0, 3)}:${zone!.slice(3)}`;
  return `${day}T${clock}${digits === '.' ? '' : digits}${offset}`;
}

/** A plain date (`2024-03-01`); a date-time is cut to its day. */
export function dateOf(value: unknown, what: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(textOf(value, what));
  if (!match) throw new ApiShapeError(`${what}: expected a date, got ${JSON.stringify(value)}`);
  return match[1]!;
}

/** An absolute http(s) URL, or ApiShapeError. */
export function absoluteUrl(value: string, what: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ApiShapeError(`${what}: expected an absolute URL, got ${JSON.stringify(value.slice(0, 80))}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ApiShapeError(`${what}: expected an http(s) URL, got ${JSON.stringify(value.slice(0, 80))}`);
  return url.href;
}

/** The last path segment of a URL, percent-decoded (a file name, still to be cleaned by names.ts). */
export function fileNameOf(url: string, what: string): string {
  const path = new URL(absoluteUrl(url, what)).pathname;
  const segment = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new ApiShapeError(`${what}: the last segment ${JSON.stringify(segment.slice(0, 80))} is not percent-encoded text`);
  }
}

/** The slug of a froide page URL whose last segment is `<id>-<slug>` (collections' site_url). */
export function slugFromSiteUrl(url: unknown, id: number): string {
  if (typeof url !== 'string') return '';
  const segment = url.replace(/\/+$/, '').split('/').pop() ?? '';
  return segment.startsWith(`${id}-`) ? segment.slice(`${id}-`.length) : '';
}

/** The sha256 an instance may announce for a file (froide's serializers send none; an instance that adds one gets it checked). */
export function hexDigestOf(value: unknown, what: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  const text = textOf(value, what);
  if (!/^[0-9a-fA-F]{64}$/.test(text)) throw new ApiShapeError(`${what}: expected 64 hex digits, got ${JSON.stringify(text.slice(0, 80))}`);
  return text;
}

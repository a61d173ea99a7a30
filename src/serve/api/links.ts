/**
 * The one place that puts `format=` on links (docs/froide.md#formats-and-links).
 */
import type { UrlBuilder } from '../../api/urls.ts';

/** Formats this archive renders (`atom` is its own: feeds). froide also has jsonp/rss; see docs/serving.md. */
const FORMATS = ['json', 'api', 'csv', 'atom'] as const;
export type Format = (typeof FORMATS)[number];

export function isFormat(value: string): value is Format {
  return (FORMATS as readonly string[]).includes(value);
}

/** Sets `key=value` in a URL's query, re-encoding the query sorted by key as DRF does. */
export function withQueryParam(url: string, key: string, value: string): string {
  const mark = url.indexOf('?');
  const params = new URLSearchParams(mark < 0 ? '' : url.slice(mark + 1));
  params.set(key, value);
  params.sort();
  return `${mark < 0 ? url : url.slice(0, mark)}?${params.toString()}`;
}

/**
 * Keys whose values are text people wrote, never links. froide adds `format` to hyperlinked
 * fields only (docs/froide.md#formats-and-links), so a message whose whole content is an API URL keeps it as written.
 */
const TEXT_KEYS = new Set(['subject', 'content', 'redacted_subject', 'redacted_content', 'sender', 'title', 'description', 'redacted_description', 'summary']);

/**
 * Adds `format` to every absolute API link in a JSON value (resource_uri, references, root
 * links, next/previous). site_url, media URLs and relative links such as pages_uri are not API
 * links by `UrlBuilder.isApiLink` and stay as they are (docs/froide.md#formats-and-links). Free text is never touched:
 * a link is a string that is an API URL and nothing else, outside the TEXT_KEYS.
 */
export function withFormat(value: unknown, urls: UrlBuilder, format: string): unknown {
  if (typeof value === 'string') {
    return urls.isApiLink(value) && !/\s/.test(value) ? withQueryParam(value, 'format', format) : value;
  }
  if (Array.isArray(value)) return value.map((item) => withFormat(item, urls, format));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = TEXT_KEYS.has(key) ? item : withFormat(item, urls, format);
    return out;
  }
  return value;
}

/**
 * The pretty-printed JSON of the browsable API, value by value, with every URL a link:
 * absolute URLs as they are, froide's relative links resolved (linkOf), and a
 * page's `{size}` image template followed by a link per size. The text shown is the
 * JSON the API answers, character for character.
 */
import { numberText } from '../../../formats/json.ts';
import { API_PREFIX } from '../../../api/route-shapes.ts';
import { type UrlBuilder } from '../../../api/urls.ts';
import { withQueryParam } from '../links.ts';
import { escapeHtml, isWebUrl } from './escape.ts';
import { hasPlaceholder, sizeLinks } from './document-media.ts';

/**
 * Where a JSON string links to, or null when it is no URL (or a template that names no file).
 * froide writes some links relative to its host: API paths (`pages_uri`) resolve against the
 * archive's base URL, every other path (`url`, `zip_download_url`) against the public site's.
 */
export function linkOf(value: string, urls: UrlBuilder): string | null {
  if (isWebUrl(value)) return hasPlaceholder(value, 'page') || hasPlaceholder(value, 'size') ? null : value;
  if (!/^\/[^/\s][^\s]*$/.test(value)) return null;
  if (value.startsWith(API_PREFIX)) return withQueryParam(`${urls.settings.baseUrl}${value}`, 'format', 'api');
  const site = `${urls.settings.siteUrl}${value}`;
  return isWebUrl(site) ? site : null;
}

/**
 * The attributes of a link that leaves the archive (its origin is neither the archive's nor the
 * media host's): a class that draws an arrow after it (style.ts, `a.out`), rel, and a title
 * that says where it leads. froide's `url` and `site_url` lead to the original site's pages,
 * which the archive does not have (docs/serving.md, "Browsable API").
 */
function outboundAttributes(href: string, urls: UrlBuilder): string {
  const target = new URL(href);
  const own = [urls.settings.baseUrl, urls.settings.mediaUrl].map((url) => new URL(url).origin);
  if (own.includes(target.origin)) return '';
  const site = new URL(urls.settings.siteUrl);
  const title = target.origin === site.origin ? `The page on the original site, ${site.host}: not part of this archive` : `Leaves the archive for ${target.host}`;
  return ` class="out" rel="external noopener noreferrer" title="${escapeHtml(title)}"`;
}

function renderString(value: string, urls: UrlBuilder): string {
  const quoted = escapeHtml(JSON.stringify(value));
  const href = linkOf(value, urls);
  if (href !== null) return `<a href="${escapeHtml(href)}"${outboundAttributes(href, urls)}>${quoted}</a>`;
  const sizes = isWebUrl(value) && !hasPlaceholder(value, 'page') && hasPlaceholder(value, 'size') ? sizeLinks(value) : '';
  return `<span class="s">${quoted}</span>${sizes ? ` <span class="sizes">${sizes}</span>` : ''}`;
}

export function renderJson(value: unknown, urls: UrlBuilder, indent = '', key: string | null = null): string {
  if (typeof value === 'string') return renderString(value, urls);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const inner = `${indent}  `;
    return `[\n${value.map((item) => inner + renderJson(item, urls, inner)).join(',\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const inner = `${indent}  `;
    const lines = entries.map(
      ([name, item]) => `${inner}<span class="k">${escapeHtml(JSON.stringify(name))}</span>: ${renderJson(item, urls, inner, name)}`,
    );
    return `{\n${lines.join(',\n')}\n${indent}}`;
  }
  const text = typeof value === 'number' ? numberText(key, value) : JSON.stringify(value);
  return `<span class="l">${escapeHtml(text)}</span>`;
}

/**
 * A readable HTML page of a JSON answer for browsers that ask for `?format=api` (issue 4 #2),
 * in the spirit of DRF's Browsable API: the view name, the request line, the response headers
 * and the pretty-printed body with every API link clickable. Only http(s) URLs become links.
 */
import { numberText } from '../api/json.ts';
import type { UrlBuilder } from '../api/routes.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** Accept prefers HTML: text/html (or application/xhtml+xml) is listed explicitly with q > 0. */
export function prefersHtml(accept: string | null): boolean {
  if (!accept) return false;
  let html = 0;
  let json = 0;
  for (const part of accept.split(',')) {
    const [type = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) || 0 : 1;
    if (type === 'text/html' || type === 'application/xhtml+xml') html = Math.max(html, q);
    if (type === 'application/json') json = Math.max(json, q);
  }
  return html > 0 && html >= json;
}

function renderValue(value: unknown, urls: UrlBuilder, indent: string, key: string | null = null): string {
  if (typeof value === 'string') {
    const quoted = escapeHtml(JSON.stringify(value));
    return /^https?:\/\/\S+$/.test(value) && urls.isApiLink(value)
      ? `<a href="${escapeHtml(value)}">${quoted}</a>`
      : `<span class="s">${quoted}</span>`;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const inner = `${indent}  `;
    return `[\n${value.map((item) => inner + renderValue(item, urls, inner)).join(',\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const inner = `${indent}  `;
    const lines = entries.map(
      ([key, item]) => `${inner}<span class="k">${escapeHtml(JSON.stringify(key))}</span>: ${renderValue(item, urls, inner, key)}`,
    );
    return `{\n${lines.join(',\n')}\n${indent}}`;
  }
  const text = typeof value === 'number' ? numberText(key, value) : JSON.stringify(value);
  return `<span class="l">${escapeHtml(text)}</span>`;
}

export interface BrowsablePage {
  title: string;
  method: string;
  path: string;
  status: string;
  headers: Record<string, string>;
  body: unknown;
}

export function renderBrowsable(page: BrowsablePage, urls: UrlBuilder): string {
  const headerLines = Object.entries(page.headers)
    .map(([name, value]) => `<b>${escapeHtml(name)}:</b> ${escapeHtml(value)}`)
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<style>body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:70rem;padding:0 1rem;color:#222}
pre{background:#f6f8fa;border:1px solid #ddd;padding:1rem;overflow:auto;white-space:pre-wrap;word-break:break-all}
.k{color:#881391}.s{color:#1a1aa6}.l{color:#0a7d32}a{color:#0645ad}.req{color:#555}</style></head>
<body><h1>${escapeHtml(page.title)}</h1>
<p class="req"><b>${escapeHtml(page.method)}</b> ${escapeHtml(page.path)}</p>
<pre><b>HTTP ${escapeHtml(page.status)}</b>
${headerLines}

${renderValue(page.body, urls, '')}</pre>
</body></html>
`;
}

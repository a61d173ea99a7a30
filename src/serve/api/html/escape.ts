/**
 * Escaping for the browsable API (src/serve/api/html.ts). Every text and attribute value of the
 * page goes through `escapeHtml`; only URLs that `safeHref` accepts become `href`/`src`, so a
 * `javascript:` value in content can never become a link.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** An absolute http(s) URL without whitespace: the only strings that become links or image sources. */
export function isWebUrl(value: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(value);
}

/** `name="value"` pairs, escaped; undefined and false values are left out, true is a bare attribute. */
export function attributes(values: Record<string, string | number | boolean | undefined>): string {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined && value !== false)
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${escapeHtml(String(value))}"`))
    .join('');
}

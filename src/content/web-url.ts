/**
 * Links of the content that the API publishes as links (a public body's website, a law's text,
 * a document's source): only absolute http(s) URLs, or "" for none. froide keeps them in
 * Django URLFields (docs/froide.md#html-fields); a `javascript:` or `data:` value would be a
 * script in every client that shows it as a link, so `check` refuses it and says what to write.
 */
import { describe, ERRORS, type Described } from './errors.ts';

/** What is wrong with a link field's value, or null when it is "" or an absolute http(s) URL. */
export function webUrlProblem(value: string): Described | null {
  if (value === '') return null;
  if (hasBlankOrControl(value)) {
    const trimmed = value.trim();
    return describe(ERRORS.UrlWithSpaces, { fixed: trimmed !== value && !hasBlankOrControl(trimmed) ? trimmed : null });
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (scheme === undefined) return describe(ERRORS.UrlNotAbsolute, { value });
  if (scheme !== 'http' && scheme !== 'https') return describe(ERRORS.UrlScheme, { scheme, mailto: scheme === 'mailto' ? value.slice('mailto:'.length) : null });
  try {
    const url = new URL(value);
    if (url.hostname === '') return describe(ERRORS.UrlNotAbsolute, { value });
  } catch {
    return describe(ERRORS.UrlNotAbsolute, { value });
  }
  return null;
}

/** White space or a control character (U+0000-U+001F, U+007F) anywhere in the text. */
function hasBlankOrControl(text: string): boolean {
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code <= 0x20 || code === 0x7f || /\s/.test(text[at]!)) return true;
  }
  return false;
}

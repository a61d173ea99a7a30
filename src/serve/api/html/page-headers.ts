/**
 * The headers of every HTML answer (the browsable API, Swagger UI): a Content-Security-Policy
 * that lets the page load only what it is made of, no framing, no Referer. Web-standard (the
 * schema page is answered in an Edge Function too). docs/serving.md, "Headers of HTML answers".
 *
 * - Scripts: only the page's own inline scripts, each by its SHA-256 (a script injected through
 *   content, which the escaping already prevents, would not run), and files of the site where
 *   the page loads them (Swagger UI's bundle).
 * - Styles: the inline style sheet by its hash, or the site's files; `style-src-attr` is left to
 *   the page (Swagger UI sets style attributes from its bundle).
 * - Images: the site, the media host (page images, covers) and `data:` (the empty favicon, Swagger UI's icons).
 * - `frame-ancestors 'none'` and `X-Frame-Options: DENY` (for browsers without CSP level 2):
 *   no page of the archive can be framed for clickjacking.
 * - `Referrer-Policy: no-referrer`: a link from an unlisted document's page (its URL holds the
 *   uid) tells the site it leads to nothing.
 */
import { sha256 } from '@noble/hashes/sha2.js';

const encoder = new TextEncoder();

/** A CSP source that allows exactly this inline script or style (CSP level 2 hash source). */
export function hashSource(text: string): string {
  let binary = '';
  for (const byte of sha256(encoder.encode(text))) binary += String.fromCharCode(byte);
  return `'sha256-${btoa(binary)}'`;
}

export interface PagePolicy {
  /** Inline scripts the page holds, as written between <script> and </script>. */
  inlineScripts?: readonly string[];
  /** Inline style sheets, as written between <style> and </style>. */
  inlineStyles?: readonly string[];
  /** The page loads scripts and style sheets from the site ('self'). */
  siteFiles?: boolean;
  /** Origins images may come from besides the site and data: (the media host). */
  imageOrigins?: readonly string[];
  /** The page fetches from the site (Swagger UI reads the schema). */
  fetches?: boolean;
  /** Origins forms may be sent to besides the site (the archive's base URL). */
  formOrigins?: readonly string[];
  /** The page sets style attributes from script (Swagger UI). */
  styleAttributes?: boolean;
}

const list = (...sources: (string | false | undefined)[]) => sources.filter((source): source is string => !!source).join(' ');

export function contentSecurityPolicy(policy: PagePolicy): string {
  const scripts = list(policy.siteFiles && "'self'", ...(policy.inlineScripts ?? []).map(hashSource)) || "'none'";
  const styles = list(policy.siteFiles && "'self'", ...(policy.inlineStyles ?? []).map(hashSource)) || "'none'";
  const images = list("'self'", 'data:', ...new Set(policy.imageOrigins ?? []));
  const forms = list("'self'", ...new Set(policy.formOrigins ?? []));
  return [
    "default-src 'none'",
    `script-src ${scripts}`,
    `style-src ${styles}`,
    ...(policy.styleAttributes ? ["style-src-attr 'unsafe-inline'"] : []),
    `img-src ${images}`,
    `connect-src ${policy.fetches ? "'self'" : "'none'"}`,
    `form-action ${forms}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers an HTML answer adds to the API's. */
export function htmlPageHeaders(policy: PagePolicy): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(policy),
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
  };
}

/** The origin of an absolute URL, or nothing (a relative media URL is the site's own). */
export function originOf(url: string): string[] {
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

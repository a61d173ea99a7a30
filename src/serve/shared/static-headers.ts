/**
 * The headers the CDN adds to the static files of build/, by path: the one table.
 * netlify.toml's `[[headers]]` blocks say the same for Netlify, which reads them before any
 * code runs; test/netlify/static-headers.test.ts fails when the two differ. The API core and
 * the Edge Functions set the same values in code (apiHeaders in ../api/responses.ts), because
 * custom headers do not apply to their answers (docs/netlify.md#edge-functions), and the preview gives its
 * static files the same (../preview/router.ts). `Allow` differs per view: build/_headers
 * (src/output/routing.ts) and apiHeaders add it.
 */

/**
 * Every answer may be revalidated at any time (ETag + 304), but a client never uses a stored
 * copy without asking: a rebuild can change any list. The CDN purges on deploy.
 */
const API_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

export interface StaticHeaderRule {
  /** A Netlify path: exact, or ending in `/*` for everything below. */
  for: string;
  /** Header names as netlify.toml spells them. */
  values: Readonly<Record<string, string>>;
}

export const STATIC_HEADERS: readonly StaticHeaderRule[] = [
  {
    for: '/api/v1/*',
    values: { 'Access-Control-Allow-Origin': '*', Vary: 'Accept', 'Cache-Control': API_CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' },
  },
  // Build data is JSON and binary packs: never sniffed into a page or a script.
  { for: '/_data/*', values: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': API_CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' } },
  // The data downloads (src/downloads/paths.ts, docs/downloads.md): readable from any origin (DuckDB-Wasm,
  // notebooks in a browser), each format typed by its folder (no Content-Encoding: a .gz stays a gzip file).
  { for: '/downloads/*', values: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': API_CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' } },
  { for: '/downloads/ndjson/*', values: { 'Content-Type': 'application/gzip' } },
  { for: '/downloads/parquet/*', values: { 'Content-Type': 'application/vnd.apache.parquet' } },
];

/** The headers the rules give a path, names in lower case (as fetch's Headers has them). */
export function staticHeadersOf(path: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of STATIC_HEADERS) {
    const matches = rule.for.endsWith('/*') ? path.startsWith(rule.for.slice(0, -1)) : path === rule.for;
    if (matches) for (const [name, value] of Object.entries(rule.values)) headers[name.toLowerCase()] = value;
  }
  return headers;
}

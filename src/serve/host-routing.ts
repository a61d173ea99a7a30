/**
 * Where a request goes on the host, as one pure function. The local preview
 * routes with it; the Netlify configuration (netlify.toml, the Edge Function declarations and
 * the rules from src/output/routing.ts) encodes the same decisions, and test/netlify checks
 * both against one URL table with Netlify's own redirect engine.
 *
 * Order, as on Netlify: Edge Functions (media gate; API methods other than GET/HEAD; API
 * paths without trailing slash), then forced query rules to the function, then views the
 * function answers (detail paths of resources it answers among them), then the detail Edge
 * Function for every other detail path (from its pack), then static files with the index.json
 * rewrites, then the function as the JSON 404 under /api/v1/.
 *
 * A loose build (`loose`: its lists' sizes, from the manifest; src/output/layout.ts) answers a
 * default-limit page (`?limit=50&offset=<n>` and no other parameter the function understands)
 * and a detail from their files, and the details without a file (those that mint tokens,
 * unknown ids) from the function: the generated rules say the same (src/output/routing.ts).
 */
import { functionQueryParams } from '../api/filters/index.ts';
import { API_PREFIX } from '../api/route-shapes.ts';
import { decodeUriComponentOrNull } from '../formats/uri.ts';
import { apiRouteAnsweredByFunction, matchApiRoute, staticFileOf } from './api/api-route.ts';
import { SLASHLESS_API_PATH } from './api/early.ts';
import { MEDIA_MOUNT } from './media/gate.ts';
import { buildPaths } from '../api/build-paths.ts';
import { PAGE_SIZE } from '../api/resources/declaration-spec.ts';
import { hasLooseDetails, hasLoosePages, type ListTotals } from '../api/loose-answers.ts';

export type Destination =
  /** The media gate (Netlify: Edge Function `media`). */
  | { kind: 'media' }
  /** The build-data-free API answers (Netlify: Edge Functions `api-methods`, `api-slash`). */
  | { kind: 'api-early' }
  /** The API core with build data (Netlify: Functions v2 `api`). */
  | { kind: 'function' }
  /** An object's detail, from its pack (Netlify: Edge Function `api-detail`; src/serve/api/detail-rewrite.ts). */
  | { kind: 'detail' }
  /** A file of build/ (relative path); if it is missing, `missing` says who answers. */
  | { kind: 'static'; file: string; missing: 'function' | 'not-found' };

const QUERY_PARAMS: ReadonlySet<string> = new Set(functionQueryParams());
const SLASHLESS = new RegExp(SLASHLESS_API_PATH);
const API_ROOT = API_PREFIX.slice(0, -1);

/**
 * True when the query has one of the parameters with a value (`?limit=` counts, a bare `?limit`
 * does not: Netlify's query rules need `key=`; docs/netlify.md#query-rules).
 */
function hasFunctionParam(search: string): boolean {
  return functionParams(search).length > 0;
}

/** The parameters of the query that a query rule matches, with their raw values, in order. */
function functionParams(search: string): [key: string, value: string][] {
  const found: [string, string][] = [];
  for (const part of search.replace(/^\?/, '').split('&')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const key = decodeUriComponentOrNull(part.slice(0, eq).replace(/\+/g, ' '));
    if (key !== null && QUERY_PARAMS.has(key)) found.push([key, part.slice(eq + 1)]);
  }
  return found;
}

/**
 * The file of a loose build's default-limit page a list URL names: its query has `limit=50` and
 * `offset=<n>` (n a page's offset) and no other parameter the function understands, as the
 * page rules match it (literal values; docs/netlify.md#query-rules). Null for any other URL.
 */
function loosePageFile(url: URL, path: string, loose: ListTotals): string | null {
  const view = matchApiRoute(path);
  if (view.kind !== 'list' || !hasLoosePages(view.resource)) return null;
  const total = loose[view.resource]?.total;
  const params = functionParams(url.search);
  if (total === undefined || params.length !== 2) return null;
  const limit = params.find(([key]) => key === 'limit')?.[1];
  const offset = params.find(([key]) => key === 'offset')?.[1];
  if (limit !== String(PAGE_SIZE) || offset === undefined || !/^(0|[1-9][0-9]*)$/.test(offset)) return null;
  const n = Number(offset);
  if (n === 0) return buildPaths.list(view.resource);
  return n % PAGE_SIZE === 0 && n < total ? buildPaths.loosePage(view.resource, n) : null;
}

export function routeRequest(method: string, url: URL, loose?: ListTotals): Destination {
  const path = url.pathname;
  if (path.startsWith(MEDIA_MOUNT)) return { kind: 'media' };
  const api = path === API_ROOT || path.startsWith(API_PREFIX);
  if (api && (SLASHLESS.test(path) || (method !== 'GET' && method !== 'HEAD'))) return { kind: 'api-early' };
  if (api && hasFunctionParam(url.search)) {
    const page = loose && path.endsWith('/') ? loosePageFile(url, path, loose) : null;
    return page ? { kind: 'static', file: page, missing: 'function' } : { kind: 'function' };
  }
  const view = api ? matchApiRoute(path) : null;
  if (view && apiRouteAnsweredByFunction(view)) return { kind: 'function' };
  // A loose build's detail file shadows the rule that sends the others to the function.
  if (loose && view?.kind === 'detail' && hasLooseDetails(view.resource)) return { kind: 'static', file: buildPaths.looseDetail(view.resource, view.id), missing: 'function' };
  if (view?.kind === 'detail') return { kind: 'detail' };
  const relative = decodeUriComponentOrNull(path.slice(1));
  if (relative === null) return { kind: 'static', file: '', missing: api ? 'function' : 'not-found' };
  if (api && path.endsWith('/')) return { kind: 'static', file: staticApiFile(relative), missing: 'function' };
  return { kind: 'static', file: relative, missing: api ? 'function' : 'not-found' };
}


/** The file the host rewrites a slashed API path to; paths that name no view keep Netlify's index.json rule. */
function staticApiFile(relative: string): string {
  return staticFileOf(matchApiRoute(`/${relative}`)) ?? `${relative}index.json`;
}

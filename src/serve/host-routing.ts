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
 */
import { functionQueryParams } from '../api/filters/index.ts';
import { API_PREFIX } from '../api/route-shapes.ts';
import { decodeUriComponentOrNull } from '../lib/uri.ts';
import { apiRouteAnsweredByFunction, matchApiRoute, staticFileOf } from './api/api-route.ts';
import { SLASHLESS_API_PATH } from './api/early.ts';
import { MEDIA_MOUNT } from './media/gate.ts';

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
  for (const part of search.replace(/^\?/, '').split('&')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const key = decodeUriComponentOrNull(part.slice(0, eq).replace(/\+/g, ' '));
    if (key !== null && QUERY_PARAMS.has(key)) return true;
  }
  return false;
}

export function routeRequest(method: string, url: URL): Destination {
  const path = url.pathname;
  if (path.startsWith(MEDIA_MOUNT)) return { kind: 'media' };
  const api = path === API_ROOT || path.startsWith(API_PREFIX);
  if (api && (SLASHLESS.test(path) || (method !== 'GET' && method !== 'HEAD'))) return { kind: 'api-early' };
  if (api && hasFunctionParam(url.search)) return { kind: 'function' };
  const view = api ? matchApiRoute(path) : null;
  if (view && apiRouteAnsweredByFunction(view)) return { kind: 'function' };
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

/**
 * The part of the API core that needs no build data: trailing-slash redirects,
 * unknown paths and formats, OPTIONS, and every method other than GET/HEAD, in DRF's order:
 * format, then the permission check, then the method (docs/froide.md#errors). The full handler
 * runs it first; on Netlify two small Edge Functions run it for what redirect rules cannot
 * select (methods, a missing trailing slash). Free of node: imports and npm packages (Deno).
 */
import { apiRouteAnsweredByFunction, matchApiRoute, missingDetailError, slashRedirect, type ApiRoute } from './api-route.ts';
import { CSV_TYPE } from './csv.ts';
import { isFormat } from './links.ts';
import { optionsBody, rendersOf } from './metadata.ts';
import { acceptable } from './negotiation.ts';
import { schemaRenders } from './schema-view.ts';
import { apiHeaders, ATOM_TYPE, errorResponse, JSON_TYPE, jsonBytes, MESSAGES, okResponse } from './responses.ts';
import { anonymousWrite, unauthenticated } from './write-refusals.ts';
import { ACCOUNT_PERMISSION, ACCOUNT_VIEWS, ACTION_METHODS, type Method, type Permission, ROOT_METHODS, ROOT_PERMISSION, SCHEMA_METHODS, SCHEMA_PERMISSION, WRITE_ACTION_METHODS } from '../../api/resources/declaration-spec.ts';
import { RESOURCES } from '../../api/resources/declaration-registry.ts';

/** TemplateHTMLRenderer's media type (format `html`), the only renderer of the schema page. */
const HTML = 'text/html';

export type View = Exclude<ApiRoute, { kind: 'none' }>;

export function methodsOf(view: View): readonly Method[] {
  if (view.kind === 'root') return ROOT_METHODS;
  if (view.kind === 'schema' || view.kind === 'schema-ui') return SCHEMA_METHODS;
  if (view.kind === 'action') return ACTION_METHODS;
  if (view.kind === 'write-action') return WRITE_ACTION_METHODS;
  if (view.kind === 'account') return ACCOUNT_VIEWS[view.account].methods;
  const spec = RESOURCES[view.resource];
  return view.kind === 'list' ? spec.listMethods : (spec.detailMethods ?? []);
}

function permissionOf(view: View): Permission {
  if (view.kind === 'schema' || view.kind === 'schema-ui') return SCHEMA_PERMISSION;
  if (view.kind === 'account') return ACCOUNT_PERMISSION;
  return view.kind === 'root' ? ROOT_PERMISSION : RESOURCES[view.resource].permission;
}

/** DRF's SAFE_METHODS: what IsAuthenticatedOrReadOnly lets an anonymous caller do. */
const SAFE: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Paths the Netlify slash Edge Function is declared for: under /api/v1, no trailing slash, no dot. */
export const SLASHLESS_API_PATH = '^/api/v1(/[^/.]+)*$';

/** Paths the Netlify detail Edge Function is declared for: `/api/v1/<resource>/<id>/`. */
export const DETAIL_API_PATH = '^/api/v1/[^/]+/[^/]+/$';

/**
 * The JSON 404 for a detail path no detail pack holds (on Netlify a rewrite to a missing file
 * would end in the host's HTML 404 page; docs/netlify.md#rule-order). Null for paths that are no detail.
 */
export function missingDetail(request: Request): Response | null {
  const url = new URL(request.url);
  const view = matchApiRoute(url.pathname);
  // The function answers these itself, its 404s included ("No Campaign matches…"), and every
  // request with `format=` (a forced rule): its 404 for `format=api` is the browsable page.
  if (apiRouteAnsweredByFunction(view) || /(?:^|&)format=/.test(url.search.slice(1))) return null;
  return view.kind === 'detail' ? errorResponse(request, 404, missingDetailError(view), methodsOf(view)) : null;
}

/**
 * The renderers `?format=` leaves (DRF's `filter_renderers`): JSON, CSV or the browsable HTML. With
 * `format=api` JSON stays acceptable too, because the archive answers it with `format=api`
 * links to a client that does not ask for HTML (docs/api.md#responses-and-links; froide's only renderer there is HTML).
 * Empty for a format the view does not render (a 404).
 */
function negotiated(view: View, format: string | undefined): readonly string[] {
  if (view.kind === 'schema') return schemaRenders(format);
  if (view.kind === 'schema-ui') return !format || format === 'html' ? [HTML] : [];
  if (format && !isFormat(format)) return [];
  if (format === 'json') return [JSON_TYPE];
  if (format === 'api') return [JSON_TYPE, 'text/html'];
  if (format === 'csv') return [CSV_TYPE];
  // Feeds (docs/serving.md, "Feeds"): of lists, actions and details; the root has none.
  if (format === 'atom') return view.kind === 'root' ? [] : [ATOM_TYPE];
  return rendersOf(view);
}

/**
 * DRF's content negotiation for a view (docs/froide.md#formats-and-links, docs/froide.md#errors): an unknown `format` is a 404, an
 * `Accept` none of the view's renderers satisfies a 406. Null when the view can answer.
 */
function negotiationRefusal(request: Request, view: View, url = new URL(request.url)): Response | null {
  const allow = methodsOf(view);
  // Django's QueryDict.get: the last value; an empty one selects no format.
  const format = url.searchParams.getAll('format').at(-1) || undefined;
  const renders = negotiated(view, format);
  if (renders.length === 0) return errorResponse(request, 404, { detail: MESSAGES.notFound }, allow);
  if (!acceptable(request.headers.get('accept'), renders)) {
    return errorResponse(request, 406, { detail: MESSAGES.notAcceptable }, allow);
  }
  return null;
}

/**
 * The 406 (or unknown-format 404) for a request a static file would answer: the CDN cannot
 * choose by `Accept`, so the preview and the detail Edge Function ask this first. Null for
 * paths that are no API view.
 */
export function unacceptable(request: Request): Response | null {
  const view = matchApiRoute(new URL(request.url).pathname);
  return view.kind === 'none' ? null : negotiationRefusal(request, view);
}

/** The answer when it does not depend on build data; null for a GET/HEAD the data must answer. */
export async function earlyAnswer(request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  const view = matchApiRoute(url.pathname);
  if (view.kind === 'none') {
    const location = slashRedirect(url);
    if (location) {
      return new Response(null, {
        status: 301,
        headers: { location, 'access-control-allow-origin': '*', vary: 'Accept', 'cache-control': 'public, max-age=3600' },
      });
    }
    return errorResponse(request, 404, { detail: MESSAGES.notFound }, []);
  }
  const allow = methodsOf(view);
  // DRF negotiates the format and the Accept header before it checks permissions (docs/froide.md#formats-and-links, docs/froide.md#errors).
  const refused = negotiationRefusal(request, view, url);
  if (refused) return refused;

  const method = request.method.toUpperCase();
  // DRF authenticates and checks permissions before it looks up the method (docs/froide.md#errors).
  const permission = permissionOf(view);
  if (permission === 'login' || (permission === 'read-only' && !SAFE.has(method))) {
    return unauthenticated(request, allow);
  }
  if (!allow.includes(method as Method)) return errorResponse(request, 405, { detail: MESSAGES.methodNotAllowed(method) }, allow);
  if (method === 'OPTIONS') return okResponse(request, jsonBytes(optionsBody(view)), apiHeaders(allow));
  if (!SAFE.has(method)) return anonymousWrite(request, view, method as Method, allow);
  return null;
}

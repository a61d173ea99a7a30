/**
 * The part of the API core that needs no build data (issue 4 #4–#5): trailing-slash redirects,
 * unknown paths and formats, OPTIONS, and every method other than GET/HEAD. The full handler
 * runs it first; on Netlify two small Edge Functions run it for what redirect rules cannot
 * select (methods, a missing trailing slash). Free of node: imports and npm packages (Deno).
 */
import { ACTION_METHODS, RESOURCES, ROOT_METHODS, type Method } from '../api/resource-table.ts';
import type { ResourceName } from '../api/routes.ts';
import { answeredByFunction, matchApiRoute, slashRedirect, type ApiRoute } from './api-route.ts';
import { isFormat } from './links.ts';
import { optionsBody } from './metadata.ts';
import { apiHeaders, errorResponse, jsonBytes, MESSAGES, okResponse } from './responses.ts';

export type View = Exclude<ApiRoute, { kind: 'none' }>;

export function methodsOf(view: View): readonly Method[] {
  if (view.kind === 'root') return ROOT_METHODS;
  if (view.kind === 'action') return ACTION_METHODS;
  const spec = RESOURCES[view.resource];
  return view.kind === 'list' ? spec.listMethods : (spec.detailMethods ?? []);
}

/**
 * Views whose permission class has no `has_permission`: an anonymous write with a method the
 * view does not have is a 405 there, a 401 everywhere else (facts §3, "ordering rule").
 */
const NO_PERMISSION_CHECK: ReadonlySet<ResourceName> = new Set(['document', 'documentcollection', 'pageannotation']);

const WRITES: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Paths the Netlify slash Edge Function is declared for: under /api/v1, no trailing slash, no dot. */
export const SLASHLESS_API_PATH = '^/api/v1(/[^/.]+)*$';

/** Paths the Netlify detail Edge Function is declared for: `/api/v1/<resource>/<id>/`. */
export const DETAIL_API_PATH = '^/api/v1/[^/]+/[^/]+/$';

/** froide's body for a detail that does not exist (facts §3): the model's "No X matches…", "Not found." for a non-numeric id. */
export function missingDetailError(view: Extract<View, { kind: 'detail' }>): { detail: string } {
  return { detail: /^\d+$/.test(view.id) ? MESSAGES.noMatch(RESOURCES[view.resource].model) : MESSAGES.notFound };
}

/**
 * The JSON 404 for a detail path whose file the host did not find (on Netlify a rewrite to a
 * missing file ends in the host's HTML 404 page; facts A2). Null for paths that are no detail.
 */
export function missingDetail(request: Request): Response | null {
  const view = matchApiRoute(new URL(request.url).pathname);
  // The function answers these itself, its 404s included ("No Campaign matches…").
  if (answeredByFunction(view)) return null;
  return view.kind === 'detail' ? errorResponse(request, 404, missingDetailError(view), methodsOf(view)) : null;
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
  // DRF negotiates the format before it checks permissions (facts §1.2, §3).
  const format = url.searchParams.getAll('format').at(-1);
  if (format && !isFormat(format)) return errorResponse(request, 404, { detail: MESSAGES.notFound }, allow);

  const method = request.method.toUpperCase();
  const anonymousBlocked = view.kind !== 'root' && RESOURCES[view.resource].anonymous === 'unauthorized';
  if (WRITES.has(method) || anonymousBlocked) {
    const answersDirectly = view.kind === 'root' || NO_PERMISSION_CHECK.has(view.resource);
    if (answersDirectly && !allow.includes(method as Method)) {
      return errorResponse(request, 405, { detail: MESSAGES.methodNotAllowed(method) }, allow);
    }
    return errorResponse(request, 401, { detail: MESSAGES.unauthenticated }, allow, { 'www-authenticate': 'Bearer realm="api"' });
  }
  if (method === 'OPTIONS') return okResponse(request, jsonBytes(optionsBody(view)), apiHeaders(allow));
  if (method !== 'GET' && method !== 'HEAD') {
    return errorResponse(request, 405, { detail: MESSAGES.methodNotAllowed(method) }, allow);
  }
  return null;
}

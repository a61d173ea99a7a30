/**
 * Which API view a path names (docs/froide.md#routes): the root, a list, a detail, or nothing, read with
 * the route shapes of src/api/route-shapes.ts (matchRoute), the ones the URL builder and the Netlify
 * rules use too; DRF's detail pk segment is `[^/.]+`.
 */
import { RESOURCES } from '../../api/resources/declaration-registry.ts';
import { buildPaths } from '../../api/build-paths.ts';
import { answeredByFunction as routeAnsweredByFunction, matchRoute, type RouteView } from '../../api/route-shapes.ts';
import { MESSAGES } from './responses.ts';

/** A route view with the values of its path: the object's id (still quoted as in the path). */
export type ApiRoute =
  | Exclude<RouteView, { kind: 'detail' | 'write-action' }>
  | (Extract<RouteView, { kind: 'detail' }> & { id: string })
  /** A POST-only extra action, of the list (`id` null) or of one object. */
  | (Extract<RouteView, { kind: 'write-action' }> & { id: string | null })
  | { kind: 'none' };

/** Matches a path that ends with a slash. */
export function matchApiRoute(pathname: string): ApiRoute {
  const match = matchRoute(pathname);
  if (!match) return { kind: 'none' };
  const { view, id } = match;
  if (view.kind === 'detail') return { ...view, id: id! };
  if (view.kind === 'write-action') return { ...view, id };
  return view;
}

/** froide's body for a detail that does not exist (docs/froide.md#errors): the model's "No X matches…", "Not found." for a non-numeric id. */
export function missingDetailError(view: Extract<ApiRoute, { kind: 'detail' }>): { detail: string } {
  return { detail: /^\d+$/.test(view.id) ? MESSAGES.noMatch(RESOURCES[view.resource].model) : MESSAGES.notFound };
}

/** Views no static file answers, so the host sends them to the API function (src/api/route-shapes.ts answeredByFunction). */
export function apiRouteAnsweredByFunction(view: ApiRoute): boolean {
  return view.kind !== 'none' && routeAnsweredByFunction(view);
}

/** The precomputed file of a view (the host rewrites the view's path to it), or null. */
export function staticFileOf(view: ApiRoute): string | null {
  if (apiRouteAnsweredByFunction(view)) return null;
  switch (view.kind) {
    case 'root':
      return buildPaths.apiRoot;
    case 'list':
      return buildPaths.list(view.resource);
    case 'action':
      return buildPaths.action(view.resource, view.action.path);
    default:
      return null;
  }
}

/** The view a static API file answers, for its headers (the inverse of staticFileOf). */
export function viewOfFile(relative: string): ApiRoute {
  const path = `/${relative}`;
  // index.html and offset-<n>.json: a loose build's directory index and page files (buildPaths.looseDetail, loosePage).
  const index = /\/(index\.json|index\.html|offset-[0-9]+\.json)$/.exec(path);
  if (index) return matchApiRoute(path.slice(0, -index[1]!.length));
  return { kind: 'none' };
}

/**
 * Django's APPEND_SLASH (docs/froide.md#routes): a path without its trailing slash is redirected when the
 * slashed path is a view. Returns the relative Location, query kept, or null.
 */
export function slashRedirect(url: URL): string | null {
  if (url.pathname.endsWith('/')) return null;
  const slashed = `${url.pathname}/`;
  return matchApiRoute(slashed).kind === 'none' ? null : `${slashed}${url.search}`;
}

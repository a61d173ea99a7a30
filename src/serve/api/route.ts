/**
 * Which API view a path names (facts §1.1): the root, a list, a detail, or nothing. Shapes
 * follow src/api/routes.ts; DRF's detail pk segment is `[^/.]+`.
 */
import { hasStaticDetail, RESOURCES } from '../../api/resource-table.ts';
import {
  API_PREFIX,
  buildPaths,
  isResourceName,
  listActionsOf,
  QUERY_ANSWERED,
  SCHEMA_PATH,
  SCHEMA_UI_PATH,
  writeActionsOf,
  type ListAction,
  type ResourceName,
  type WriteAction,
} from '../../api/routes.ts';
import { MESSAGES } from './responses.ts';

export type ApiRoute =
  | { kind: 'root' }
  /** The OpenAPI document (froide's `/api/v1/schema/`, beside the router). */
  | { kind: 'schema' }
  /** The page that shows it (froide's `/api/v1/schema/swagger-ui/`). */
  | { kind: 'schema-ui' }
  | { kind: 'list'; resource: ResourceName }
  /** A list-level extra action (autocomplete); DRF routes these before the detail pattern. */
  | { kind: 'action'; resource: ResourceName; action: ListAction }
  | { kind: 'detail'; resource: ResourceName; id: string }
  /** A POST-only extra action, of the list (`id` null) or of one object. */
  | { kind: 'write-action'; resource: ResourceName; action: WriteAction; id: string | null }
  | { kind: 'none' };

/** Matches a path that ends with a slash. */
export function matchApiRoute(pathname: string): ApiRoute {
  if (!pathname.startsWith(API_PREFIX)) return { kind: 'none' };
  const segments = pathname.slice(API_PREFIX.length).split('/');
  if (segments.pop() !== '') return { kind: 'none' };
  const [resource, id] = segments;
  if (segments.length === 0) return { kind: 'root' };
  if (resource === SCHEMA_PATH && segments.length === 1) return { kind: 'schema' };
  if (resource === SCHEMA_PATH && segments.length === 2 && id === SCHEMA_UI_PATH) return { kind: 'schema-ui' };
  if (!isResourceName(resource!)) return { kind: 'none' };
  if (segments.length === 1) return { kind: 'list', resource: resource! };
  const rest = segments.slice(1).join('/');
  const action = listActionsOf(resource!).find((candidate) => candidate.path === rest);
  if (action) return { kind: 'action', resource: resource!, action };
  const writes = writeActionsOf(resource!);
  const listWrite = writes.find((candidate) => !candidate.detail && candidate.path === rest);
  if (listWrite) return { kind: 'write-action', resource: resource!, action: listWrite, id: null };
  if (!/^[^/.]+$/.test(id!) || RESOURCES[resource!].detailMethods === null) return { kind: 'none' };
  if (segments.length === 2) return { kind: 'detail', resource: resource!, id: id! };
  const detailWrite = writes.find((candidate) => candidate.detail && candidate.path === segments[2]);
  if (segments.length === 3 && detailWrite) return { kind: 'write-action', resource: resource!, action: detailWrite, id: id! };
  return { kind: 'none' };
}

/** froide's body for a detail that does not exist (facts §3): the model's "No X matches…", "Not found." for a non-numeric id. */
export function missingDetailError(view: Extract<ApiRoute, { kind: 'detail' }>): { detail: string } {
  return { detail: /^\d+$/.test(view.id) ? MESSAGES.noMatch(RESOURCES[view.resource].model) : MESSAGES.notFound };
}

/**
 * Views no static file answers, so the host sends them to the API function: every list and
 * detail of a QUERY_ANSWERED resource, every detail of a `detailByFunction` one, details
 * without GET (following: 405), the write actions (405 to GET; src/output/routing.ts writes
 * the same decision as rules) and the schema views: the document is JSON or YAML by `Accept`,
 * and its page needs no rule of its own that way (its script and style are plain files).
 */
export function answeredByFunction(view: ApiRoute): boolean {
  if (view.kind === 'write-action' || view.kind === 'schema' || view.kind === 'schema-ui') return true;
  if (view.kind !== 'list' && view.kind !== 'detail') return false;
  if (QUERY_ANSWERED.has(view.resource)) return true;
  return view.kind === 'detail' && !hasStaticDetail(view.resource);
}

/** The precomputed file of a view (the host rewrites the view's path to it), or null. */
export function staticFileOf(view: ApiRoute): string | null {
  if (answeredByFunction(view)) return null;
  switch (view.kind) {
    case 'root':
      return buildPaths.apiRoot;
    case 'list':
      return buildPaths.list(view.resource);
    case 'action':
      return buildPaths.action(view.resource, view.action.path);
    case 'detail':
      return buildPaths.detail(view.resource, view.id);
    default:
      return null;
  }
}

/** The view a static API file answers, for its headers (the inverse of staticFileOf). */
export function viewOfFile(relative: string): ApiRoute {
  const path = `/${relative}`;
  if (path.endsWith('/index.json')) return matchApiRoute(path.slice(0, -'index.json'.length));
  const detail = buildPaths.detailOfFile(relative);
  if (detail) {
    const view = matchApiRoute(`${API_PREFIX}${detail.resource}/${detail.id}/`);
    if (view.kind === 'detail' && staticFileOf(view) === relative) return view;
  }
  return { kind: 'none' };
}

/**
 * Django's APPEND_SLASH (facts §1.1): a path without its trailing slash is redirected when the
 * slashed path is a view. Returns the relative Location, query kept, or null.
 */
export function slashRedirect(url: URL): string | null {
  if (url.pathname.endsWith('/')) return null;
  const slashed = `${url.pathname}/`;
  return matchApiRoute(slashed).kind === 'none' ? null : `${slashed}${url.search}`;
}

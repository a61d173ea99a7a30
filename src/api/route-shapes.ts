/**
 * Route shapes as data: every view of `/api/v1/` with its path segments, in DRF's match order
 * (ROUTES, made from the resource declarations in src/api/resources/). The URL builder
 * (src/api/urls.ts) and the build/ layout (src/api/build-paths.ts) format them (routePath), the
 * matcher of the serving layer and the preview reads paths with them (matchRoute), and the
 * Netlify rules (src/output/routing.ts) write them out, so the three cannot disagree.
 */
import { hasStaticDetail, listActionsOf, QUERY_ANSWERED, RESOURCES, writeActionsOf } from './resources/declaration-registry.ts';
import { RESOURCE_NAMES, type ResourceName } from '../formats/resource-names.ts';
import { decodeUriComponentOrNull } from '../formats/uri.ts';
import { ACCOUNT_VIEWS, type AccountName, type ListAction, type WriteAction } from './resources/declaration-spec.ts';

export const API_PREFIX = '/api/v1/';

/**
 * froide's OpenAPI schema view, `/api/v1/schema/` (okfde/froide:froide/urls.py): beside the
 * router, so it is no resource and not in the root index.
 */
export const SCHEMA_PATH = 'schema';

/** froide's page to read the schema, `/api/v1/schema/swagger-ui/` (drf-spectacular's SpectacularSwaggerView). */
const SCHEMA_UI_PATH = 'swagger-ui';

/**
 * The object's segment of a route shape: DRF's detail pk, `[^/.]+`. Spelled as Netlify's
 * placeholder, so a shape is a redirect rule's path as it stands.
 */
export const ID = ':id';

const ID_SEGMENT = /^[^/.]+$/;

/**
 * The key segment of `userpreference/<key>/`: Django's `str` converter, any run of characters
 * other than `/` (dots included), matched in the decoded path.
 */
const KEY = ':key';

/** A view the API answers, without the values in its path. */
export type RouteView =
  | { kind: 'root' }
  /** The OpenAPI document (froide's `/api/v1/schema/`, beside the router). */
  | { kind: 'schema' }
  /** The page that shows it (froide's `/api/v1/schema/swagger-ui/`). */
  | { kind: 'schema-ui' }
  | { kind: 'list'; resource: ResourceName }
  /** A list-level extra action (autocomplete); DRF routes these before the detail pattern. */
  | { kind: 'action'; resource: ResourceName; action: ListAction }
  | { kind: 'detail'; resource: ResourceName }
  /** A POST-only extra action, of the list or (`action.detail`) of one object. */
  | { kind: 'write-action'; resource: ResourceName; action: WriteAction }
  /** froide's account views beside the router (`user/`, `userpreference/<key>/`): login only. */
  | { kind: 'account'; account: AccountName };

/** A route: its view and its path segments after API_PREFIX, each a literal or ID. */
export interface RouteShape {
  view: RouteView;
  segments: readonly string[];
}

/** The path segments of a view: the one place each shape is spelled. */
function segmentsOf(view: RouteView): string[] {
  switch (view.kind) {
    case 'root':
      return [];
    case 'schema':
      return [SCHEMA_PATH];
    case 'schema-ui':
      return [SCHEMA_PATH, SCHEMA_UI_PATH];
    case 'list':
      return [view.resource];
    case 'action':
      return [view.resource, ...view.action.path.split('/')];
    case 'detail':
      return [view.resource, ID];
    case 'write-action':
      return view.action.detail ? [view.resource, ID, view.action.path] : [view.resource, view.action.path];
    case 'account':
      return view.account === 'user' ? ['user'] : ['userpreference', KEY];
  }
}

/**
 * A resource's routes in DRF's match order: the list, its list actions and list write actions
 * (routed before `<prefix>/<pk>/`), then, if the resource has a detail route, the detail and
 * its write actions.
 */
export function resourceRoutes(resource: ResourceName): RouteShape[] {
  const views: RouteView[] = [
    { kind: 'list', resource },
    ...listActionsOf(resource).map((action): RouteView => ({ kind: 'action', resource, action })),
    ...writeActionsOf(resource).filter((action) => !action.detail).map((action): RouteView => ({ kind: 'write-action', resource, action })),
  ];
  if (RESOURCES[resource].detailMethods !== null) {
    views.push({ kind: 'detail', resource });
    views.push(...writeActionsOf(resource).filter((action) => action.detail).map((action): RouteView => ({ kind: 'write-action', resource, action })));
  }
  return views.map((view) => ({ view, segments: segmentsOf(view) }));
}

/** The account views, which froide's urls.py lists before the router. */
export const ACCOUNT_ROUTES: readonly RouteShape[] = (Object.keys(ACCOUNT_VIEWS) as AccountName[]).map((account) => {
  const view: RouteView = { kind: 'account', account };
  return { view, segments: segmentsOf(view) };
});

/** Every route of the API: the root, the views beside the router (schema, account), every resource's. */
export const ROUTES: readonly RouteShape[] = [
  ...(['root', 'schema', 'schema-ui'] as const).map((kind) => ({ view: { kind }, segments: segmentsOf({ kind }) })),
  ...ACCOUNT_ROUTES,
  ...RESOURCE_NAMES.flatMap(resourceRoutes),
];

/** Routes by their first segment ('' for the root), in match order. */
const ROUTES_BY_HEAD = new Map<string, RouteShape[]>();
for (const route of ROUTES) {
  const head = route.segments[0] ?? '';
  ROUTES_BY_HEAD.set(head, [...(ROUTES_BY_HEAD.get(head) ?? []), route]);
}

/**
 * Whether the API function answers a view rather than a precomputed file: every list and detail
 * of a resource the function answers whole and every detail of one it answers the details of
 * (ResourceSpec.byFunction), the lists whose objects link tokened media (ResourceSpec.mediaTokens:
 * minted when answered), details without GET (following: 405), the write actions (405 to
 * GET), the schema views (the document is JSON or YAML by `Accept`; its page's script and
 * style are plain files) and the search actions (docs/search.md). The preview (src/serve/host-routing.ts) and the Netlify rules
 * (src/output/routing.ts) both route by it.
 */
export function answeredByFunction(view: RouteView): boolean {
  if (view.kind === 'write-action' || view.kind === 'schema' || view.kind === 'schema-ui' || view.kind === 'account') return true;
  if (view.kind === 'action') return view.action.source === 'search';
  if (view.kind !== 'list' && view.kind !== 'detail') return false;
  if (QUERY_ANSWERED.has(view.resource)) return true;
  if (view.kind === 'list') return RESOURCES[view.resource].mediaTokens === true;
  return !hasStaticDetail(view.resource);
}

/** The list action a resource declares under `path`. */
export function declaredAction(resource: ResourceName, path: string): RouteView {
  const action = listActionsOf(resource).find((candidate) => candidate.path === path);
  if (!action) throw new Error(`${resource} declares no list action ${path} (src/api/resources/${resource}/declaration.ts)`);
  return { kind: 'action', resource, action };
}

/** A view's path, `/api/v1/<segments>/`, with `id` (a path segment, already quoted) for ID or KEY. */
export function routePath(view: RouteView, id?: string): string {
  const segments = segmentsOf(view).map((segment) => (segment === ID || segment === KEY ? (id ?? segment) : segment));
  return `${API_PREFIX}${segments.map((segment) => `${segment}/`).join('')}`;
}

/**
 * The route a path names (a path that ends with a slash, not decoded; docs/froide.md#routes), with the
 * value of its ID segment, or null. The first route in match order wins.
 */
export function matchRoute(pathname: string): { view: RouteView; id: string | null } | null {
  if (!pathname.startsWith(API_PREFIX)) return null;
  const segments = pathname.slice(API_PREFIX.length).split('/');
  if (segments.pop() !== '') return null;
  for (const route of ROUTES_BY_HEAD.get(segments[0] ?? '') ?? []) {
    if (route.segments.length !== segments.length) continue;
    let id: string | null = null;
    const matches = route.segments.every((segment, i) => {
      if (segment === KEY) return isKey(segments[i]!);
      if (segment !== ID) return segment === segments[i];
      id = segments[i]!;
      return ID_SEGMENT.test(id);
    });
    if (matches) return { view: route.view, id };
  }
  return null;
}

/** Django's `str` converter on the decoded segment: not empty, no `/` (an encoded `%2F` is one). */
function isKey(segment: string): boolean {
  // A malformed escape is no `/`: Django decodes it with replacement characters.
  return segment !== '' && !(decodeUriComponentOrNull(segment) ?? '').includes('/');
}

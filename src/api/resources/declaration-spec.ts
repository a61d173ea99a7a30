/**
 * What a resource is on the wire, as data: the edge-safe half of a
 * resource's declaration (`src/api/resources/<name>/declaration.ts`, assembled in declaration-registry.ts).
 * Methods (docs/api.md#responses-and-links, docs/froide.md#methods-and-options), names used in OPTIONS and 404 bodies (docs/froide.md#errors, docs/froide.md#methods-and-options), page sizes
 * (docs/froide.md#paging), how an anonymous caller is treated, its extra actions, its list filters, which
 * of its views the API function answers, and the OpenAPI objects of its answers. The URL
 * builder, the route matcher, the Netlify rules, the serving layer and the OpenAPI document
 * all read these declarations; none of them hard-codes a resource's behaviour.
 *
 * Web-standard and free of serializers: the Netlify Edge Functions load it (the build half,
 * serializers and list order, is `serializer.ts` beside each declaration.ts, assembled in serializer-registry.ts).
 */
import type { ShapeRecord } from '../../model/geometry.ts';
import type { FilterSpec } from '../filters/filter-spec.ts';
import type { ResourceName } from '../../formats/resource-names.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

export type Permission = 'read-only' | 'open' | 'login';

/**
 * `not-found`: the handler looks the object up in the caller's own objects (following: none);
 * `invalid-document`: the create serializer accepts no document from an anonymous caller.
 */
export type WriteRefusal = 'not-found' | 'invalid-document';

/** Django's method order, which DRF uses in `Allow` (docs/froide.md#methods-and-options). */
const METHOD_ORDER: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/** Page size of every precomputed list page (docs/api.md#list-envelope, docs/froide.md#paging). */
export const PAGE_SIZE = 50;

/** DRF's DEFAULT_RENDERER_CLASSES in froide: JSON, paginated CSV, browsable API (docs/froide.md#formats-and-links). */
export const RENDERS: readonly string[] = ['application/json', 'text/csv', 'text/html'];

/**
 * A list-level extra action the archive answers (docs/froide.md#methods-and-options, docs/froide.md#resources): froide's
 * autocomplete endpoints, `^<prefix>/<url_path>/$` in DRF. `viewName` is DRF's prettified
 * method name (OPTIONS, browsable page). `source` says where the answers come from (the build
 * half's `actions` says how):
 * - `list`: the resource's own list, filtered by its list filters (froide: `filter_queryset`),
 *   each object as `{value, label}`, in the action's order;
 * - `names`: distinct names starting with `q` (case-insensitive); no `q`, no answers;
 * - `search`: froide's search (`search/`): the resource's list objects, selected by the
 *   action's own filters, by relevance (docs/search.md); the API function answers it.
 * `object` names the OpenAPI object of each answer (src/api/fields/index.ts).
 * Other extra actions (oembed/, reconciliation/) are endpoints an archive does not offer (docs/api.md).
 */
/** An object with the build's clock, for filters that judge against now (a search action's `overdue`). */
export interface Judged<T> {
  object: T;
  /** The build clock (RenderContext.now). */
  now: number;
}

export interface ListAction<T = never> {
  path: string;
  viewName: string;
  source: 'list' | 'names' | 'search';
  object: 'IdChoice' | 'NameChoice' | 'FoiRequestList' | 'PublicBodyList';
  /**
   * `search` actions (froide's `search/`, ESQueryMixin.search_view): the search filter set
   * (froide's `searchfilterset_class`), read by the API function over the resource's own list;
   * its `fulltext` filter queries the full-text index (docs/search.md). Each filter's index
   * files are written as `search-<param>` (src/output/search-filters.ts).
   */
  filters?: readonly FilterSpec<Judged<T>>[];
  /** `search` actions: the list filters (param -> value) that select what the search sees at all. */
  scope?: Readonly<Record<string, string>>;
  /**
   * `search` actions: froide's `sort` choices without `q`: the list's order, its reverse, or
   * by one of the action's range filters (its index is sorted by value).
   */
  sorts?: Readonly<Record<string, 'list' | 'reverse' | { range: string; descending?: boolean }>>;
  /**
   * `search` actions with froide's aggregations (`facets.fields` of the answer): the facet
   * names, each the `param` of one of the action's filters whose values it counts over the
   * objects found (docs/search.md, "Public body search").
   */
  facets?: readonly string[];
}

/**
 * froide's POST-only extra actions (docs/froide.md#methods-and-options, docs/froide.md#attachment, docs/froide.md#problemreport, docs/froide.md#writes): `detail` ones at
 * `<prefix>/<pk>/<path>/`, the others at `<prefix>/<path>/` (routed before `<prefix>/<pk>/`,
 * like list actions). The archive performs none of them, but the paths exist, so OPTIONS,
 * Allow and the refusals answer as froide's do (src/serve/api/early.ts). `viewName` is DRF's
 * pretty name of the method (`to_document` → "To document").
 */
export interface WriteAction {
  path: string;
  viewName: string;
  detail: boolean;
}

/**
 * `T` is the resource's item type, the object its build half's list holds (serializer.ts,
 * `defineBuilt`): its filters, shapes and search filters read that type, so a filter written for
 * another type does not compile. `ResourceSpec<never>` (the default) is any resource, read
 * without calling what takes an item (T appears only as a parameter).
 */
export interface ResourceSpec<T = never> {
  name: ResourceName;
  /** Model class name in froide's 404 body: "No <Model> matches the given query." */
  model: string;
  /** DRF view name stem for OPTIONS: "<stem> List" / "<stem> Instance". */
  viewName: string;
  /** Methods on the list path, in Allow order (HEAD and OPTIONS included). */
  listMethods: readonly Method[];
  /** Methods on the detail path; null when there is no detail route (page). */
  detailMethods: readonly Method[] | null;
  /** Media types of the renderers, for OPTIONS `renders`. */
  renders: readonly string[];
  defaultLimit: number;
  maxLimit: number;
  /**
   * What the view's permission check does with an anonymous caller; DRF runs it before it looks
   * up the method (docs/froide.md#errors, the order of checks):
   * - `read-only`: IsAuthenticatedOrReadOnly and the like: any method but GET, HEAD, OPTIONS is a 401;
   * - `open`: no `has_permission` check (or none at all): a method the view lacks is a 405, one it
   *   has reaches the handler (see `anonymousWrites`);
   * - `login`: every method is a 401, OPTIONS included (upload, problemreport).
   */
  permission: Permission;
  /**
   * froide's answer to an anonymous write the view has, where it is not the 401 an archive that
   * accepts no writes gives (src/serve/api/write-refusals.ts).
   */
  anonymousWrites?: { list?: Partial<Record<Method, WriteRefusal>>; detail?: Partial<Record<Method, WriteRefusal>> };
  /** List envelopes carry `facets` (docs/froide.md#paging: publicbody, page). */
  facets: boolean;
  /**
   * Which views the API function answers from the query instead of a precomputed file (the one
   * declaration the URL matcher, the preview and the Netlify rules read):
   * - `all`: every answer depends on the query (venue: a location; campaigninformationobject:
   *   `?campaign=`). The build writes their data under `_data/` only, never a public list
   *   file or a detail pack, and the function answers all their paths;
   * - `detail`: the list is a file, every detail goes to the function (documentcollection:
   *   `uid`, `directory`);
   * - absent: files answer GET on the list and on the detail, where the detail has GET.
   * The function's own answers for these are the resource's views in src/serve/api/views/.
   */
  byFunction?: 'all' | 'detail';
  /**
   * The list puts new objects first (request: newest last message first). Its chunks and keyed
   * filter indexes then count positions from the list's end, so that a new object changes
   * only the last of them (src/formats/packs.ts, listCounting); other lists add at their end.
   */
  newestFirst?: true;
  /**
   * Its list objects link media that needs a token (attachment `file_url`, a message's
   * attachments): the API function answers the bare list, minted, and its first page is stored
   * under `_data/` like the others, so no static file of the list holds a token slot
   * (docs/serving.md, "Media tokens in answers"). Details with slots are minted by the detail
   * Edge Function.
   */
  mediaTokens?: true;
  /** List-level extra actions (autocomplete), in DRF's routing order. */
  listActions: readonly ListAction<T>[];
  /** POST-only extra actions. */
  writeActions: readonly WriteAction[];
  /**
   * The list filters, in the order froide's filterset declares them (its 400s list errors in
   * that order). One module per filter kind in src/api/filters/; building blocks in
   * src/api/filters/common.ts. Jurisdiction and campaign have none (docs/froide.md#jurisdiction, docs/froide.md#campaign).
   */
  filters: readonly FilterSpec<T>[];
  /**
   * The geometry of an object that `point` filters test: the build writes the resource's
   * shapes file (`buildPaths.shapes`), an array of ShapeRecords (model/geometry.ts).
   */
  shapes?: (object: T) => ShapeRecord | null;
  /**
   * The OpenAPI objects of a list item and a detail (src/api/fields/). `item` null: no list GET
   * here (problemreport: 401; upload: POST only); `detail` null: no detail GET (page;
   * following: DELETE only). `ident`: the detail path segment is a text identifier, not an id.
   */
  objects: { item: string | null; detail: string | null; ident?: string };
}

/** DRF maps HEAD to a view's GET and answers OPTIONS on every view (docs/froide.md#methods-and-options). */
export function allow(...methods: Method[]): Method[] {
  return METHOD_ORDER.filter((method) => methods.includes(method) || (method === 'HEAD' && methods.includes('GET')) || method === 'OPTIONS');
}

/**
 * A resource with froide's defaults: read-only list and detail, 50 a page, JSON, CSV and HTML.
 * `T`, its item type, is named by the caller (`defineResource<Message>(…)`); a resource with no
 * list objects (following, upload, problemreport) leaves it `never`.
 */
export function defineResource<T = never>(name: ResourceName, model: string, viewName: string, fields: Partial<ResourceSpec<T>> & Pick<ResourceSpec<T>, 'objects'>): ResourceSpec<T> {
  return {
    name,
    model,
    viewName,
    listMethods: allow('GET'),
    detailMethods: allow('GET'),
    renders: RENDERS,
    defaultLimit: PAGE_SIZE,
    maxLimit: PAGE_SIZE,
    permission: 'read-only',
    facets: false,
    listActions: [],
    writeActions: [],
    filters: [],
    ...fields,
  };
}

/** The root view (docs/api.md#responses-and-links: GET, HEAD, OPTIONS). */
export const ROOT_METHODS: readonly Method[] = allow('GET');

/** DRF's APIRootView keeps the default permission class, IsAuthenticatedOrReadOnly (docs/froide.md#visibility). */
export const ROOT_PERMISSION: Permission = 'read-only';

/**
 * The OpenAPI schema view (drf-spectacular's SpectacularAPIView: `get` only, permission
 * SERVE_PERMISSIONS = AllowAny, so a write is a 405, never a 401).
 */
export const SCHEMA_METHODS: readonly Method[] = allow('GET');
export const SCHEMA_PERMISSION: Permission = 'open';

/**
 * froide's two account views beside the router (okfde/froide:froide/urls.py, froide/account/api_views.py;
 * docs/froide.md#user-and-userpreference): `user/` (ProfileView, `get` only) and
 * `userpreference/<key>/` (UserPreferenceView, a RetrieveUpdateAPIView with `post` added). Both
 * need a login (IsAuthenticated, IsAuthenticatedOrTokenHasScope), so every method is a 401 here.
 * `viewName`: DRF's name of the view class (the class name without "View", split at capitals).
 */
export const ACCOUNT_VIEWS = {
  user: { viewName: 'Profile', methods: allow('GET') },
  userpreference: { viewName: 'User Preference', methods: allow('GET', 'POST', 'PUT', 'PATCH') },
} as const satisfies Record<string, { viewName: string; methods: readonly Method[] }>;

export type AccountName = keyof typeof ACCOUNT_VIEWS;

export const ACCOUNT_PERMISSION: Permission = 'login';

/** froide's list actions (autocomplete) are `@action(methods=["get"])` (docs/froide.md#methods-and-options). */
export const ACTION_METHODS: readonly Method[] = allow('GET');

/** froide's write actions (publish, approve, claim, …) are `@action(methods=["post"])` (docs/froide.md#methods-and-options). */
export const WRITE_ACTION_METHODS: readonly Method[] = allow('POST');

export function allowHeader(methods: readonly Method[]): string {
  return methods.join(', ');
}

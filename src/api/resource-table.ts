/**
 * What each of the 21 resources is, as data (STYLE practice 4): methods (spec §1, facts §4),
 * names used in OPTIONS and 404 bodies (facts §3–4), page sizes (facts §1.3) and how an
 * anonymous caller is treated. Serializers, the output plan and the serving layer all read
 * this table; none of them hard-codes a resource's behaviour.
 */
import { PAGE_SIZE, QUERY_ANSWERED, type ResourceName } from './routes.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

export type Permission = 'read-only' | 'open' | 'login';

/**
 * `not-found`: the handler looks the object up in the caller's own objects (following: none);
 * `invalid-document`: the create serializer accepts no document from an anonymous caller.
 */
export type WriteRefusal = 'not-found' | 'invalid-document';

/** Django's method order, which DRF uses in `Allow` (facts §4). */
export const METHOD_ORDER: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

export interface ResourceSpec {
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
   * up the method (facts §3 ordering rule):
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
  /** List envelopes carry `facets` (facts §1.3: publicbody, page). */
  facets: boolean;
  /**
   * Every detail request goes to the API function, not to a static file: the answer depends
   * on the query (documentcollection: `uid`, `directory`; src/serve/api/query-views.ts).
   */
  detailByFunction: boolean;
}

/** DRF's DEFAULT_RENDERER_CLASSES in froide: JSON, paginated CSV, browsable API (facts §1.2). */
export const RENDERS: readonly string[] = ['application/json', 'text/csv', 'text/html'];

/** DRF maps HEAD to a view's GET and answers OPTIONS on every view (facts §4). */
function allow(...methods: Method[]): Method[] {
  return METHOD_ORDER.filter((method) => methods.includes(method) || (method === 'HEAD' && methods.includes('GET')) || method === 'OPTIONS');
}

function spec(name: ResourceName, model: string, viewName: string, fields: Partial<ResourceSpec> = {}): ResourceSpec {
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
    detailByFunction: false,
    ...fields,
  };
}

export const RESOURCES: Record<ResourceName, ResourceSpec> = {
  governmentplan: spec('governmentplan', 'GovernmentPlan', 'Government Plan'),
  articletag: spec('articletag', 'ArticleTag', 'Article Tag'),
  // froide-food: `permission_classes = ()`.
  venue: spec('venue', 'Venue', 'Venue', { listMethods: allow('GET', 'POST'), permission: 'open' }),
  // froide-campaign: AllowAny; create checks the provider's permission itself.
  campaigninformationobject: spec('campaigninformationobject', 'InformationObject', 'Information Object', {
    listMethods: allow('GET', 'POST'),
    permission: 'open',
  }),
  request: spec('request', 'FoiRequest', 'Foi Request', {
    listMethods: allow('GET', 'POST'),
    detailMethods: allow('GET', 'PUT', 'PATCH'),
  }),
  // Spec §1: message and attachment lists allow GET, POST, HEAD, OPTIONS.
  message: spec('message', 'FoiMessage', 'Foi Message', {
    listMethods: allow('GET', 'POST'),
    detailMethods: allow('GET', 'PUT', 'PATCH'),
  }),
  attachment: spec('attachment', 'FoiAttachment', 'Foi Attachment', {
    listMethods: allow('GET', 'POST'),
    detailMethods: allow('GET', 'DELETE'),
  }),
  publicbody: spec('publicbody', 'PublicBody', 'Public Body', { renders: [...RENDERS, 'application/javascript'], facets: true }),
  category: spec('category', 'Category', 'Category'),
  classification: spec('classification', 'Classification', 'Classification'),
  jurisdiction: spec('jurisdiction', 'Jurisdiction', 'Jurisdiction'),
  law: spec('law', 'FoiLaw', 'Foi Law'),
  georegion: spec('georegion', 'GeoRegion', 'Geo Region', { renders: [...RENDERS, 'application/javascript'] }),
  // facts §5.11: no GET on the detail (405); an anonymous DELETE reaches the lookup of the
  // caller's own follows (404), so the permission check lets anonymous writes through.
  following: spec('following', 'FoiRequestFollower', 'Foi Request Follower', {
    listMethods: allow('GET', 'POST'),
    detailMethods: allow('DELETE'),
    defaultLimit: 150,
    maxLimit: 200,
    permission: 'open',
    anonymousWrites: { detail: { DELETE: 'not-found' } },
  }),
  campaign: spec('campaign', 'Campaign', 'Campaign'),
  // tus answers HEAD itself (facts §4: POST (+HEAD); PUT, PATCH, DELETE, HEAD).
  upload: spec('upload', 'Upload', 'Upload', {
    listMethods: allow('POST', 'HEAD'),
    detailMethods: allow('PUT', 'PATCH', 'DELETE', 'HEAD'),
    permission: 'login',
  }),
  problemreport: spec('problemreport', 'ProblemReport', 'Problem Report', { permission: 'login' }),
  // Spec §1: the document collection allows GET, HEAD, OPTIONS. filingcabinet's document,
  // collection and annotation permissions check objects only (facts §3).
  document: spec('document', 'Document', 'Document', { detailMethods: allow('GET', 'PUT', 'PATCH'), permission: 'open' }),
  documentcollection: spec('documentcollection', 'DocumentCollection', 'Document Collection', { detailByFunction: true, permission: 'open' }),
  page: spec('page', 'Page', 'Page', { detailMethods: null, renders: [...RENDERS, 'application/xml'], facets: true }),
  // facts §5.17: an anonymous POST is a 400 (no document it may annotate).
  pageannotation: spec('pageannotation', 'PageAnnotation', 'Page Annotation', {
    listMethods: allow('GET', 'POST'),
    detailMethods: allow('GET', 'DELETE'),
    permission: 'open',
    anonymousWrites: { list: { POST: 'invalid-document' } },
  }),
};

/** The root view (spec §1: GET, HEAD, OPTIONS). */
export const ROOT_METHODS: readonly Method[] = allow('GET');

/** DRF's APIRootView keeps the default permission class, IsAuthenticatedOrReadOnly (facts §2). */
export const ROOT_PERMISSION: Permission = 'read-only';

/**
 * The OpenAPI schema view (drf-spectacular's SpectacularAPIView: `get` only, permission
 * SERVE_PERMISSIONS = AllowAny, so a write is a 405, never a 401).
 */
export const SCHEMA_METHODS: readonly Method[] = allow('GET');
export const SCHEMA_PERMISSION: Permission = 'open';

/** froide's list actions (autocomplete) are `@action(methods=["get"])` (facts §4). */
export const ACTION_METHODS: readonly Method[] = allow('GET');

/** froide's write actions (publish, approve, claim, …) are `@action(methods=["post"])` (facts §4). */
export const WRITE_ACTION_METHODS: readonly Method[] = allow('POST');

/**
 * Whether GET on the resource's detail path is its precomputed `<id>.json`; otherwise the API
 * function answers it (the query decides, or the detail has no GET).
 */
export function hasStaticDetail(resource: ResourceName): boolean {
  const spec = RESOURCES[resource];
  return !QUERY_ANSWERED.has(resource) && !spec.detailByFunction && (spec.detailMethods?.includes('GET') ?? false);
}

export function allowHeader(methods: readonly Method[]): string {
  return methods.join(', ');
}

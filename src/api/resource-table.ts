/**
 * What each of the 21 resources is, as data (STYLE practice 4): methods (spec §1, facts §4),
 * names used in OPTIONS and 404 bodies (facts §3–4), page sizes (facts §1.3) and how an
 * anonymous caller is treated. Serializers, the output plan and the serving layer all read
 * this table; none of them hard-codes a resource's behaviour.
 */
import { PAGE_SIZE, type ResourceName } from './routes.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

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
  /** How an anonymous caller is answered on reads. */
  anonymous: 'read' | 'unauthorized';
  /** List envelopes carry `facets` (facts §1.3: publicbody, page). */
  facets: boolean;
  /**
   * Every detail request goes to the API function, not to a static file: the answer depends
   * on the query (documentcollection: `uid`, `directory`; src/serve/query-views.ts).
   */
  detailByFunction: boolean;
}

/** DRF's DEFAULT_RENDERER_CLASSES in froide: JSON, paginated CSV, browsable API (facts §1.2). */
export const RENDERS: readonly string[] = ['application/json', 'text/csv', 'text/html'];

function allow(...methods: Method[]): Method[] {
  return METHOD_ORDER.filter((method) => methods.includes(method) || method === 'HEAD' || method === 'OPTIONS');
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
    anonymous: 'read',
    facets: false,
    detailByFunction: false,
    ...fields,
  };
}

export const RESOURCES: Record<ResourceName, ResourceSpec> = {
  governmentplan: spec('governmentplan', 'GovernmentPlan', 'Government Plan'),
  articletag: spec('articletag', 'ArticleTag', 'Article Tag'),
  venue: spec('venue', 'Venue', 'Venue', { listMethods: allow('GET', 'POST') }),
  campaigninformationobject: spec('campaigninformationobject', 'InformationObject', 'Information Object', {
    listMethods: allow('GET', 'POST'),
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
  following: spec('following', 'FoiRequestFollower', 'Foi Request Follower', {
    listMethods: allow('GET', 'POST'),
    detailMethods: allow('DELETE'),
    defaultLimit: 150,
    maxLimit: 200,
  }),
  campaign: spec('campaign', 'Campaign', 'Campaign'),
  upload: spec('upload', 'Upload', 'Upload', {
    listMethods: allow('POST'),
    detailMethods: allow('PUT', 'PATCH', 'DELETE'),
    anonymous: 'unauthorized',
  }),
  problemreport: spec('problemreport', 'ProblemReport', 'Problem Report', { anonymous: 'unauthorized' }),
  // Spec §1: the document collection allows GET, HEAD, OPTIONS.
  document: spec('document', 'Document', 'Document', { detailMethods: allow('GET', 'PUT', 'PATCH') }),
  documentcollection: spec('documentcollection', 'DocumentCollection', 'Document Collection', { detailByFunction: true }),
  page: spec('page', 'Page', 'Page', { detailMethods: null, renders: [...RENDERS, 'application/xml'], facets: true }),
  pageannotation: spec('pageannotation', 'PageAnnotation', 'Page Annotation', {
    listMethods: allow('GET', 'POST'),
    detailMethods: allow('GET', 'DELETE'),
  }),
};

/** The root view (spec §1: GET, HEAD, OPTIONS). */
export const ROOT_METHODS: readonly Method[] = allow('GET');

/** froide's list actions (autocomplete) are `@action(methods=["get"])` (facts §4). */
export const ACTION_METHODS: readonly Method[] = allow('GET');

export function allowHeader(methods: readonly Method[]): string {
  return methods.join(', ');
}

/**
 * The operations of the OpenAPI document, one per view the route table defines (src/api/route-shapes.ts:
 * root, lists, details, list actions; the schema view), with the methods and permissions of the
 * resource declarations, the objects of the field tables and the list orders of the built resources.
 * Only reads are described: the archive refuses every write (docs/serving.md, Answers: Methods).
 * operationIds are drf-spectacular's (`message_list`, `message_retrieve`), as froide's schema has them.
 */
import type { JsonSchema } from '../field-types.ts';
import { builtResourceOf } from '../resources/serializer-registry.ts';
import { ACCOUNT_ROUTES, resourceRoutes, routePath } from '../route-shapes.ts';
import { ACTION_PARAMS } from '../filters/index.ts';
import { detailParameters, FORMAT_PARAMETER, listCanRefuse, listParameters, paginationParameters, searchParameters, type Parameter } from './parameters.ts';
import { listActionsOf, RESOURCES } from '../resources/declaration-registry.ts';
import { RESOURCE_NAMES, type ResourceName } from '../../formats/resource-names.ts';
import type { AccountName, ListAction, ResourceSpec } from '../resources/declaration-spec.ts';

interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  parameters: Parameter[];
  responses: Record<string, JsonSchema>;
}

export type Paths = Record<string, { get: Operation } & JsonSchema>;

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const named = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const response = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** The error answers (docs/froide.md#errors) every operation can give, by status, in `components.responses`. */
const ERROR_STATUS = { BadFilter: '400', Unauthenticated: '401', NotFound: '404', NotAcceptable: '406' } as const;

type ErrorName = keyof typeof ERROR_STATUS;

export const ERROR_RESPONSES: Record<ErrorName, JsonSchema> = {
  BadFilter: { description: 'A filter value is invalid: every invalid parameter with its messages.', content: json(named('FilterErrors')) },
  Unauthenticated: {
    description: 'The archive has no logins: `Authentication credentials were not provided.`',
    headers: { 'WWW-Authenticate': { schema: { type: 'string', const: 'Bearer realm="api"' } } },
    content: json(named('Error')),
  },
  NotFound: { description: 'Nothing here: `No <Model> matches the given query.` for an unknown id, `Not found.` for an unknown format.', content: json(named('Error')) },
  NotAcceptable: { description: 'No media type of the Accept header can be served.', content: json(named('Error')) },
};

/** `Paginated<Item>List`: the envelope (docs/api.md#list-envelope), the schema name of a list of `item`. */
export function paginatedName(item: string): string {
  return `Paginated${item}List`;
}

/** Which paginated lists carry `facets` (docs/froide.md#paging), by item name. */
export function paginatedLists(): Map<string, boolean> {
  const lists = new Map<string, boolean>();
  for (const resource of RESOURCE_NAMES) {
    const item = RESOURCES[resource].objects.item;
    if (item && resource !== 'venue') lists.set(item, RESOURCES[resource].facets);
    // A search action with facets pages through its resource's own list item (publicbody/search/).
    for (const action of listActionsOf(resource)) lists.set(action.object, (lists.get(action.object) ?? false) || action.facets !== undefined);
  }
  return lists;
}

/** A built resource's list order, as the OpenAPI document states it. */
export function ordering(resource: ResourceName): string | undefined {
  return builtResourceOf(resource)?.ordering;
}

function errors(...names: ErrorName[]): Record<string, JsonSchema> {
  return Object.fromEntries(names.map((name) => [ERROR_STATUS[name], response(name)]));
}

function operation(operationId: string, tag: string, summary: string, parameters: Parameter[], responses: Record<string, JsonSchema>, description?: string): Operation {
  return { operationId, tags: [tag], summary, ...(description ? { description } : {}), parameters, responses };
}

/** A view an anonymous caller can never read (upload, problemreport: docs/froide.md#upload, docs/froide.md#problemreport). */
function loginOnly(operationId: string, resource: ResourceName, summary: string, parameters: Parameter[]): Operation {
  return operation(operationId, resource, summary, parameters, { '401': response('Unauthenticated') }, 'Only for moderators or the uploader in froide: always 401 here.');
}

function listOperation(resource: ResourceName, spec: ResourceSpec): Operation | null {
  const item = spec.objects.item;
  const summary = `List ${resource} objects`;
  if (spec.permission === 'login') return loginOnly(`${resource}_list`, resource, summary, [FORMAT_PARAMETER]);
  if (!item) return null;
  const refusals = listCanRefuse(resource) ? errors('BadFilter', 'NotFound', 'NotAcceptable') : errors('NotFound', 'NotAcceptable');
  const order = ordering(resource);
  if (resource === 'venue') {
    // froide-food: not paginated; a bare [] without a point (docs/froide.md#venue).
    const body = { oneOf: [named('VenueSearch'), { type: 'array', maxItems: 0, description: 'Without lat and lng.' }] };
    return operation('venue_list', resource, summary, listParameters(resource, []), { '200': { description: 'The venues near lat/lng.', content: json(body) }, ...refusals }, order && `Order: ${order}.`);
  }
  const paging = paginationParameters(spec.maxLimit, spec.defaultLimit);
  const ok = { description: 'One page of the list.', content: json(named(paginatedName(item))) };
  return operation(`${resource}_list`, resource, summary, listParameters(resource, paging), { '200': ok, ...refusals }, order && `Order: ${order}.`);
}

function detailOperation(resource: ResourceName, spec: ResourceSpec): Operation | null {
  const { detail, ident } = spec.objects;
  const id: Parameter = { name: 'id', in: 'path', required: true, description: ident ? `The ${ident}.` : 'The id.', schema: ident ? { type: 'string' } : { type: 'integer' } };
  const summary = `One ${resource} object`;
  if (spec.permission === 'login') return loginOnly(`${resource}_retrieve`, resource, summary, [id, FORMAT_PARAMETER]);
  if (!detail) return null;
  // froide-food wraps the venue and answers an unknown one with 200 (docs/froide.md#venue).
  const body = resource === 'venue' ? named('VenueResult') : named(detail);
  const refusals = resource === 'documentcollection' ? errors('Unauthenticated', 'NotFound', 'NotAcceptable') : errors('NotFound', 'NotAcceptable');
  return operation(`${resource}_retrieve`, resource, summary, [id, ...detailParameters(resource)], { '200': { description: 'The object.', content: json(body) }, ...refusals });
}

function actionOperation(resource: ResourceName, spec: ResourceSpec, action: ListAction): Operation {
  const paging = paginationParameters(spec.maxLimit, spec.defaultLimit);
  if (action.source === 'search') {
    const ok = { description: 'One page of the objects found, by relevance with `q` (docs/search.md).', content: json(named(paginatedName(action.object))) };
    const parameters = searchParameters(action.filters ?? [], Object.keys(action.sorts ?? {}), paging);
    return operation(`${resource}_search_retrieve`, resource, `${action.viewName} (${resource})`, parameters, { '200': ok, ...errors('BadFilter', 'NotFound', 'NotAcceptable') }, "froide's full-text search: every word of `q` must match after German stemming, `\"phrases\"` in order, `-word` excludes.");
  }
  const parameters =
    action.source === 'list'
      ? listParameters(resource, paging)
      : [...paging, FORMAT_PARAMETER, ...ACTION_PARAMS.map((name): Parameter => ({ name, in: 'query', description: 'Names starting with this (any case); none without it.', schema: { type: 'string' } }))];
  const refusals = action.source === 'list' && listCanRefuse(resource) ? errors('BadFilter', 'NotFound', 'NotAcceptable') : errors('NotFound', 'NotAcceptable');
  const ok = { description: 'One page of choices.', content: json(named(paginatedName(action.object))) };
  const id = `${resource}_${action.path.replace(/\//g, '_')}_retrieve`;
  return operation(id, resource, `${action.viewName} (${resource})`, parameters, { '200': ok, ...refusals });
}

/** Every API read the route table defines, keyed by OpenAPI path (the route shapes, `{id}` for the object). */
export function apiPaths(): Paths {
  const paths: Paths = {
    [routePath({ kind: 'root' })]: {
      get: operation('root_retrieve', 'root', 'The root index: every resource and its list URL', [FORMAT_PARAMETER], {
        '200': { description: 'Resource name to list URL (docs/api.md#root-index).', content: json(named('ApiRoot')) },
        ...errors('NotFound', 'NotAcceptable'),
      }),
    },
  };
  for (const resource of RESOURCE_NAMES) {
    const spec = RESOURCES[resource];
    // A view nobody may read answers GET 401 whether it has GET or not (docs/froide.md#errors, the order of checks).
    const readable = (methods: readonly string[] | null) => methods?.includes('GET') || spec.permission === 'login';
    for (const { view } of resourceRoutes(resource)) {
      const path = routePath(view, '{id}');
      const get =
        view.kind === 'list' && readable(spec.listMethods) ? listOperation(resource, spec)
        : view.kind === 'action' ? actionOperation(resource, spec, view.action)
        : view.kind === 'detail' && readable(spec.detailMethods) ? detailOperation(resource, spec)
        : null;
      if (get) paths[path] = { get };
    }
  }
  for (const { view } of ACCOUNT_ROUTES) if (view.kind === 'account') paths[routePath(view, '{key}')] = { get: accountOperation(view.account) };
  paths[routePath({ kind: 'schema' })] = { get: schemaOperation() };
  return paths;
}

/** froide's account views beside the router (docs/froide.md#user-and-userpreference): login only. */
function accountOperation(account: AccountName): Operation {
  const key: Parameter = { name: 'key', in: 'path', required: true, description: 'The preference key.', schema: { type: 'string' } };
  const summary = account === 'user' ? 'The logged-in user' : 'One preference of the logged-in user';
  const parameters = account === 'user' ? [FORMAT_PARAMETER] : [key, FORMAT_PARAMETER];
  return operation(`${account}_retrieve`, account, summary, parameters, { '401': response('Unauthenticated') }, 'Only for a logged-in user in froide: always 401 here.');
}

/** The schema view itself (froide: drf-spectacular's SpectacularJSONAPIView, plus YAML here). */
function schemaOperation(): Operation {
  const object = { schema: { type: 'object' } };
  const text = { schema: { type: 'string' } };
  return operation(
    'schema_retrieve',
    'schema',
    'This OpenAPI document',
    [{ name: 'format', in: 'query', description: '`json` (the default) or `yaml`; the Accept header can choose too.', schema: { type: 'string', enum: ['json', 'yaml'] } }],
    {
      '200': {
        description: 'OpenAPI 3.1.',
        content: { 'application/vnd.oai.openapi+json': object, 'application/json': object, 'application/vnd.oai.openapi': text, 'application/yaml': text },
      },
      ...errors('NotFound', 'NotAcceptable'),
    },
  );
}

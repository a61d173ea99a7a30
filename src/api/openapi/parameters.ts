/**
 * Query parameters of the OpenAPI document, from the resource declarations
 * (src/api/resources/<name>/declaration.ts): their `filters` give each list's filters, their types and
 * whether a bad value is a 400; their limits give page sizes. The few parameters a view reads itself (not a
 * filter) are declared here, next to the module that reads them.
 */
import type { FilterParse, FilterSpec } from '../filters/index.ts';
import type { JsonSchema } from '../field-types.ts';
import { filtersOf } from '../resources/declaration-registry.ts';
import type { ResourceName } from '../../formats/resource-names.ts';

export interface Parameter {
  name: string;
  in: 'query' | 'path';
  required?: boolean;
  description?: string;
  schema: JsonSchema;
  style?: 'form';
  explode?: boolean;
}

const param = (name: string, schema: JsonSchema, description: string, required = false): Parameter => ({
  name,
  in: 'query',
  ...(required ? { required } : {}),
  description,
  schema,
});

const INTEGER = { type: 'integer' };
const STRING = { type: 'string' };
const NUMBER = { type: 'number' };
/** A comma-separated list of integers, as froide's BaseInFilter reads it. */
const ID_LIST = { type: 'string', pattern: '^[0-9, +-]*$' };
const DATE = { type: 'string', format: 'date' };
const UID = { type: 'string', format: 'uuid' };

/** `limit`/`offset` (docs/froide.md#paging): unreadable values are the default, never a 400. */
export function paginationParameters(maxLimit: number, defaultLimit: number): Parameter[] {
  return [
    param('limit', { type: 'integer', minimum: 1 }, `Page size, default ${defaultLimit}, at most ${maxLimit} (larger values are clamped; unreadable ones are the default).`),
    param('offset', { type: 'integer', minimum: 0 }, 'Index of the first object of the page (0-based).'),
  ];
}

/** `format` on every API view (docs/froide.md#formats-and-links; src/serve/api/links.ts FORMATS). */
export const FORMAT_PARAMETER = param(
  'format',
  { type: 'string', enum: ['json', 'api', 'csv', 'atom'] },
  '`json`: every API link in the answer carries `?format=json`. `api`: links carry `?format=api`, and a browser (Accept: text/html) gets a readable HTML page. `csv`: the objects of the page (or the object) as CSV, flattened as froide flattens them, links with `?format=csv`. `atom`: an Atom feed of the answer (a request: its messages; a public body, campaign or jurisdiction: its requests). Any other value is a 404.',
);

/** Does a bad value of this filter answer 400 (else it is ignored, as django-filter ignores empty values)? */
function canRefuse(parse: FilterParse): boolean {
  switch (parse.kind) {
    case 'id':
    case 'integer':
    case 'choice':
    case 'range':
    case 'nochoice':
      return true;
    case 'ids':
      return parse.invalid !== 'ignore';
    case 'text':
      return parse.known === true;
    default:
      return false;
  }
}

function refMessage(ref: ResourceName | undefined): string {
  return ref ? `Id of a ${ref}; an id of no published ${ref} is a 400.` : 'Id.';
}

/** The parameters one filter reads, with their types. */
function filterParameters(spec: FilterSpec): Parameter[] {
  const parse = spec.parse;
  const one = (schema: JsonSchema, description: string) => [param(spec.param, schema, description)];
  switch (parse.kind) {
    case 'id':
      return one(
        parse.none ? { anyOf: [INTEGER, { const: parse.none }] } : INTEGER,
        `${refMessage(parse.ref)}${parse.none ? ` \`${parse.none}\`: none.` : ''}${parse.secret ? ` An unlisted collection's id needs \`${parse.secret}\`.` : ''}`,
      );
    case 'ids':
      return one(
        ID_LIST,
        parse.subtree
          ? `Comma-separated ids of ${parse.subtree}s, any of them; one id alone also matches the ${parse.subtree}s inside it.`
          : `Comma-separated ids, any of them.${parse.invalid === 'ignore' ? ' A list with a part that is no integer is ignored.' : ''}`,
      );
    case 'integer':
      return one(INTEGER, 'A number.');
    case 'choice':
      return one({ type: 'string', enum: [...parse.choices] }, 'One of the values; another is a 400.');
    case 'boolean':
      return one({ type: 'boolean' }, '`true`/`false` (also `1`/`0`); another value is ignored.');
    case 'text':
      return one(STRING, parse.separator ? `\`${parse.separator}\`-separated values, any of them.` : `Exact value.${parse.none ? ` \`${parse.none}\`: none.` : ''}${parse.known ? ' A value nothing has is a 400.' : ''}`);
    case 'range': {
      const schema = parse.value === 'date' ? DATE : NUMBER;
      return [
        param(parse.min, schema, `At least this ${parse.value === 'date' ? 'day' : 'value'}.`),
        param(parse.max, schema, parse.maxExclusive ? 'Before this day (exclusive).' : `At most this ${parse.value === 'date' ? 'day (inclusive)' : 'value'}.`),
      ];
    }
    case 'nochoice':
      return one(STRING, `Names nothing in this archive: any value${parse.all ? ` but \`${parse.all}\` (no filter)` : ''} is a 400.`);
    case 'scan':
      return one(STRING, parse.bits ? 'Every whitespace-separated word must occur (any case).' : 'Contained in the name (any case).');
    case 'fulltext':
      return one(STRING, 'Full-text search (docs/search.md): every word must match after German stemming, `"quoted phrases"` in order, `-word` excludes; ordered by relevance.');
    case 'words':
      return one(STRING, 'Every word must start a word of the object.');
    case 'point':
      return one({ type: 'string', pattern: '^\\s*-?[0-9.]+\\s*,\\s*-?[0-9.]+\\s*$' }, parse.order === 'latlng' ? '`lat,lng`: the regions covering the point.' : '`lng,lat`: the objects of a region covering the point.');
    case 'near':
      return [
        param(parse.lat, NUMBER, 'Latitude of the point (with lng).'),
        param(parse.lng, NUMBER, 'Longitude of the point (with lat).'),
        param(parse.radius, INTEGER, `Metres${parse.defaultRadius === null ? '; required for the point to filter' : `, default ${parse.defaultRadius}`}.`),
      ];
    case 'lenient':
      if (parse.accept === 'integer') return one(INTEGER, 'An id; another value is ignored.');
      if (parse.accept === 'int-bool') return one({ type: 'integer', enum: [0, 1] }, '`1` or `0`; another value is ignored.');
      if (parse.accept === 'present') return one(STRING, 'Any non-empty value.');
      return one({ type: 'string', enum: [...parse.accept] }, 'Another value is ignored.');
    case 'data':
      // `data.<key>` names are the editor's (a collection's settings): no fixed parameter.
      return [];
  }
}

/** A repeatable filter's values as an array (`?category=1&category=2`). */
function repeatable(spec: FilterSpec, parameter: Parameter): Parameter {
  if (spec.repeat !== 'and' && spec.repeat !== 'or') return parameter;
  const joined = spec.repeat === 'and' ? 'all of them' : 'any of them';
  return { ...parameter, schema: { type: 'array', items: parameter.schema }, style: 'form', explode: true, description: `${parameter.description} Repeatable: ${joined}.` };
}

/**
 * Parameters views read themselves, by resource (not filters): following's `request`
 * (src/serve/api/views/following.ts), froide-food's `location` (venue.ts), froide-campaign's
 * required `campaign` and `zoom` (campaigninformationobject.ts), and the uids and directories of
 * documentcollection.ts, pageannotation.ts and page.ts there.
 */
const CAMPAIGN = param('campaign', INTEGER, 'Id of a public information campaign; required (404 without).', true);
const LIST_PARAMETERS: Partial<Record<ResourceName, Parameter[]>> = {
  following: [param('request', ID_LIST, 'Comma-separated request ids: one object per published request.')],
  venue: [param('location', STRING, 'A place name (froide-food geocodes it); no geocoder here: `{"results": [], "error": true}`.')],
  campaigninformationobject: [CAMPAIGN, param('zoom', INTEGER, 'Map zoom; from 8 on (and without q) the objects are ordered by distance from lat/lng.')],
  document: [param('uid', UID, 'Uid of the unlisted collection named by collection.')],
  page: [param('uid', UID, 'Uid of the unlisted document named by document (its pages_uri), or of the unlisted collection named by collection.')],
  pageannotation: [
    param('document', INTEGER, 'Id of a public document; without it the list is empty.'),
    param('uid', UID, 'Uid of the unlisted document named by document.'),
    param('number', INTEGER, 'Read and not applied, as in froide.'),
  ],
};

const DETAIL_PARAMETERS: Partial<Record<ResourceName, Parameter[]>> = {
  campaigninformationobject: [CAMPAIGN],
  document: [param('uid', UID, 'Opens an unlisted imported document.')],
  documentcollection: [param('directory', INTEGER, 'Show this directory of the collection.'), param('uid', UID, 'Opens an unlisted collection (401 without).')],
};

/** A list's query parameters: pagination (unless unpaginated), format, filters, then the view's own. */
export function listParameters(resource: ResourceName, paging: Parameter[]): Parameter[] {
  const filters = filtersOf(resource).flatMap((spec) => filterParameters(spec).map((parameter) => repeatable(spec, parameter)));
  return unique([...(LIST_PARAMETERS[resource] ?? []), ...paging, FORMAT_PARAMETER, ...filters]);
}

/**
 * The parameters of a search action (ListAction.filters, docs/search.md): its own filter set
 * and froide's `sort`, which `q` overrides (then by relevance).
 */
export function searchParameters(filters: readonly FilterSpec[], sorts: readonly string[], paging: Parameter[]): Parameter[] {
  const sort = param('sort', { type: 'string', enum: [...sorts] }, 'Order without `q` (with `q`: by relevance); another value is a 400.');
  return unique([...paging, FORMAT_PARAMETER, ...filters.flatMap((spec) => filterParameters(spec).map((parameter) => repeatable(spec, parameter))), sort]);
}

export function detailParameters(resource: ResourceName): Parameter[] {
  return [FORMAT_PARAMETER, ...(DETAIL_PARAMETERS[resource] ?? [])];
}

/** Whether some filter of the list answers a bad value with 400. */
export function listCanRefuse(resource: ResourceName): boolean {
  return filtersOf(resource).some((spec) => canRefuse(spec.parse));
}

/** The first declaration of a name wins (a view's own required `campaign` over the filter's). */
function unique(parameters: Parameter[]): Parameter[] {
  const seen = new Set<string>();
  return parameters.filter((parameter) => !seen.has(parameter.name) && seen.add(parameter.name));
}

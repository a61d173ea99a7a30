/**
 * The OpenAPI 3.1 document of the archive, generated from the tables that route
 * and serialize: the route shapes and the resource declarations (paths, methods, filters as
 * parameters), the field tables (objects), the envelope and the error answers. The build writes it as
 * JSON and YAML (buildPaths.openapi); the schema view `/api/v1/schema/` answers them.
 */
import { stringify } from 'yaml';
import type { PlannedFile } from '../../lib/planned-file.ts';
import { arrayOf, objectSchema, ref, type JsonSchema } from '../field-types.ts';
import { OBJECTS, TYPES } from '../fields/index.ts';
import type { UrlSettings } from '../../formats/manifest.ts';
import { buildPaths } from '../build-paths.ts';
import { routePath, SCHEMA_PATH } from '../route-shapes.ts';
import { mediaOperations } from './media-operations.ts';
import { apiPaths, ERROR_RESPONSES, ordering, paginatedLists, paginatedName } from './paths.ts';
import { RESOURCE_NAMES } from '../../formats/resource-names.ts';

export interface OpenApiSettings {
  title: string;
  urls: UrlSettings;
}

const DESCRIPTION = `A read-only archive of freedom-of-information requests, compatible with FragDenStaat / froide API v1: clients written against \`https://fragdenstaat.de/api/v1/\` work here unchanged.

- Lists answer \`{"meta": {limit, next, offset, previous, total_count}, "objects": [...]}\` (not \`{count, results}\`), 50 objects a page; \`next\` and \`previous\` are absolute URLs with explicit \`limit\` and \`offset\`.
- Every object carries \`resource_uri\`; related objects are absolute API URLs.
- Media URLs of attachments and private documents carry a signed \`token\` (see the media operations); follow them as they are.
- Errors are JSON: \`{"detail": "..."}\`, or \`{"<parameter>": ["..."]}\` for invalid filters (400).
- Nothing can be written: every POST, PUT, PATCH and DELETE is answered 401 (or 405 where froide's view has no such method).`;

/** Forbids keys the tables do not list, in every object that lists its keys (the tests' strict form). */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = closed(value);
  if ('properties' in out && !('additionalProperties' in out)) out.additionalProperties = false;
  return out;
}

function schemas(): Record<string, JsonSchema> {
  const result: Record<string, JsonSchema> = {};
  for (const [name, table] of Object.entries(OBJECTS)) result[name] = objectSchema(table);
  for (const [name, type] of Object.entries(TYPES)) result[name] = type.schema;
  for (const [item, facets] of paginatedLists()) {
    result[paginatedName(item)] = objectSchema({ meta: ref('Meta'), objects: arrayOf(ref(item)), ...(facets ? { facets: ref('Facets') } : {}) });
  }
  return result;
}

function tags(): { name: string; description: string }[] {
  return [
    { name: 'root', description: 'The root index.' },
    ...RESOURCE_NAMES.map((name) => ({ name, description: ordering(name) ? `\`${routePath({ kind: 'list', resource: name })}\`. List order: ${ordering(name)}.` : `\`${routePath({ kind: 'list', resource: name })}\`.` })),
    { name: SCHEMA_PATH, description: 'This document.' },
    { name: 'media', description: 'Files the API links to.' },
  ];
}

/**
 * The document. `closed: true` forbids unknown keys in every object: the form the tests
 * validate answers with (a published schema stays open for fields added later).
 */
export function openApiDocument(settings: OpenApiSettings, options: { closed?: boolean } = {}): JsonSchema {
  const document = {
    openapi: '3.1.0',
    info: { title: `${settings.title} API`, version: 'v1', description: DESCRIPTION },
    servers: [{ url: settings.urls.baseUrl }],
    tags: tags(),
    paths: { ...apiPaths(), ...mediaOperations(settings.urls) },
    components: { schemas: schemas(), responses: ERROR_RESPONSES },
  };
  return options.closed ? (closed(document) as JsonSchema) : document;
}

/** The files of the schema view: the same document as JSON and as YAML. */
export function planOpenApi(settings: OpenApiSettings): PlannedFile[] {
  const document = openApiDocument(settings);
  return [
    { path: buildPaths.openapi('json'), body: `${JSON.stringify(document, null, 2)}\n` },
    // Shared parameter and response objects would become YAML aliases, which some tools reject.
    { path: buildPaths.openapi('yaml'), body: stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 }) },
  ];
}

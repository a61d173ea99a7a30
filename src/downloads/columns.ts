/**
 * The typed columns of a resource's Parquet download, read off the OpenAPI document the build
 * publishes (src/api/openapi/openapi-document.ts): the schema component that the resource's
 * detail path answers with (`GET /api/v1/<resource>/{id}/`, its 200 response), one column per
 * property, in the component's order. So the columns follow the same field tables that
 * describe the API, with no list of their own.
 *
 * Scalars get Parquet types (integer INT64, number DOUBLE, boolean BOOLEAN, a `date-time`
 * string TIMESTAMP in milliseconds, UTC; any other string, enums and URLs included, STRING);
 * everything else (objects, `anyOf` of an object and null, arrays, froide's `[is_redacted,
 * text]` segments) is the value's JSON text in a column of the JSON logical type
 * (docs/downloads.md, "Nested values").
 */
import { openApiDocument } from '../api/openapi/openapi-document.ts';
import type { JsonSchema } from '../api/field-types.ts';
import type { UrlSettings } from '../formats/manifest.ts';
import { API_PREFIX } from '../api/route-shapes.ts';

export type ColumnKind = 'integer' | 'number' | 'boolean' | 'timestamp' | 'string' | 'json';

export interface Column {
  name: string;
  kind: ColumnKind;
}

export interface ResourceColumns {
  /** The schema component the columns come from (`#/components/schemas/<name>`). */
  component: string;
  columns: Column[];
}

const REF = '#/components/schemas/';

function asSchema(value: unknown): JsonSchema | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonSchema) : undefined;
}

/** A property's column kind: its type without `null`, when one scalar type is left. */
export function columnKind(schema: JsonSchema): ColumnKind {
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((type) => type !== 'null' && type !== undefined);
  if (types.length !== 1 || schema.$ref !== undefined || schema.anyOf !== undefined || schema.oneOf !== undefined) return 'json';
  switch (types[0]) {
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'string':
      return schema.format === 'date-time' ? 'timestamp' : 'string';
    default:
      return 'json';
  }
}

/** The component a resource's detail path answers with, from the document's `paths`. */
function detailComponent(document: JsonSchema, resource: string): string {
  const paths = asSchema(document.paths) ?? {};
  const pattern = new RegExp(`^${API_PREFIX}${resource}/\\{[^/}]+\\}/$`);
  for (const [path, item] of Object.entries(paths)) {
    if (!pattern.test(path)) continue;
    const schema = asSchema(asSchema(asSchema(asSchema(asSchema(asSchema(asSchema(item)?.get)?.responses)?.['200'])?.content)?.['application/json'])?.schema);
    const ref = schema?.$ref;
    if (typeof ref === 'string' && ref.startsWith(REF)) return ref.slice(REF.length);
  }
  throw new Error(`the OpenAPI document has no detail path for ${resource} whose 200 answer names a schema component`);
}

/** The columns of each resource, from one OpenAPI document. */
export function downloadColumns(urls: UrlSettings, resources: readonly string[]): Record<string, ResourceColumns> {
  const document = openApiDocument({ title: '', urls });
  const components = asSchema(asSchema(asSchema(document.components)?.schemas)) ?? {};
  const result: Record<string, ResourceColumns> = {};
  for (const resource of resources) {
    const component = detailComponent(document, resource);
    const properties = asSchema(asSchema(components[component])?.properties);
    if (!properties) throw new Error(`the schema component ${component} of ${resource} lists no properties`);
    result[resource] = { component, columns: Object.entries(properties).map(([name, schema]) => ({ name, kind: columnKind(asSchema(schema) ?? {}) })) };
  }
  return result;
}

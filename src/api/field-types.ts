import type { ResourceName } from '../formats/resource-names.ts';
import { routePath } from './route-shapes.ts';
/**
 * The vocabulary of the field tables (src/api/fields/): each type is a JSON Schema (draft
 * 2020-12, the dialect of OpenAPI 3.1) plus whether the key may be missing. Kept apart from
 * the tables so that one line of a table reads as the field's type and nothing else.
 */

export type JsonSchema = { [keyword: string]: unknown };

/** An immutable field type: `link('request').nullable().describe('…')`. */
export class FieldType {
  constructor(
    readonly schema: JsonSchema,
    /** The key may be absent from the object (DRF skips some keys; froide-food leaves unknown ones out). */
    readonly optional = false,
  ) {}

  /** `null` is a value too. A `$ref` cannot carry `type`, so it becomes `anyOf`. */
  nullable(): FieldType {
    const { description, ...rest } = this.schema;
    const type = rest.type;
    let schema: JsonSchema;
    if (typeof type === 'string') schema = { ...rest, type: [type, 'null'], ...(Array.isArray(rest.enum) ? { enum: [...(rest.enum as unknown[]), null] } : {}) };
    else schema = { anyOf: [rest, { type: 'null' }] };
    return new FieldType(description === undefined ? schema : { ...schema, description }, this.optional);
  }

  /** The key may be missing. */
  maybe(): FieldType {
    return new FieldType(this.schema, true);
  }

  describe(description: string): FieldType {
    return new FieldType({ ...this.schema, description }, this.optional);
  }
}

const type = (schema: JsonSchema) => new FieldType(schema);

export const integer = type({ type: 'integer' });
export const number = type({ type: 'number' });
export const boolean = type({ type: 'boolean' });
export const string = type({ type: 'string' });
/** Only ever `null` here; the type says what froide puts there otherwise (docs/froide.md#resources). */
export const alwaysNull = type({ type: 'null' });
export const uri = type({ type: 'string', format: 'uri' });
/** A link relative to the host (`/anfrage/<slug>/`, `pages_uri`). */
export const relative = type({ type: 'string', format: 'uri-reference' });
/** DRF's date-time: ISO 8601 in Europe/Berlin with offset, microseconds when not zero (docs/api.md, Values). */
export const dateTime = type({ type: 'string', format: 'date-time' });
export const date = type({ type: 'string', format: 'date' });
export const uuid = type({ type: 'string', format: 'uuid' });
/** Python's `str()` of a date-time (docs/froide.md#values): `2024-01-02 10:11:12.123456+00:00`, microseconds only when not zero. */
export const pythonDateTime = type({ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}(\\.\\d{6})?[+-]\\d{2}:\\d{2}$' });
/** A media URL with `{page}`/`{size}` placeholders (literal in public documents, percent-encoded in private ones). */
export const uriTemplate = type({ type: 'string', format: 'uri-template' });
/** A JSON object whose keys the editor chooses. */
export const freeObject = type({ type: 'object' });

/** GeoJSON position: `[longitude, latitude]`. */
export const position = type({ type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 3 });

/** An absolute API URL of one object of `resource` (docs/api.md#responses-and-links: references are URLs, not ids). */
export function link(resource: ResourceName): FieldType {
  return type({ type: 'string', format: 'uri', description: `API URL of a ${resource} (\`${routePath({ kind: 'detail', resource }, '<id>')}\`).` });
}

/** `resource_uri`: the object's own API URL (docs/api.md#responses-and-links). */
export function selfLink(resource: ResourceName): FieldType {
  return link(resource).describe(`The object's own API URL (\`${routePath({ kind: 'detail', resource }, '<id>')}\`).`);
}

export function enumOf(values: readonly (string | number)[]): FieldType {
  const types = [...new Set(values.map((value) => (typeof value === 'number' ? 'integer' : 'string')))];
  return type({ type: types.length === 1 ? types[0] : types, enum: [...values] });
}

export function arrayOf(item: FieldType): FieldType {
  return type({ type: 'array', items: item.schema });
}

/** A fixed-length array whose places have their own types. */
export function tuple(...items: FieldType[]): FieldType {
  return type({ type: 'array', prefixItems: items.map((item) => item.schema), items: false, minItems: items.length });
}

/** An object of arbitrary keys, each value of one type. */
export function mapOf(value: FieldType): FieldType {
  return type({ type: 'object', additionalProperties: value.schema });
}

/** One of the named objects of the field tables (`components.schemas`). */
export function ref(name: string): FieldType {
  return type({ $ref: `#/components/schemas/${name}` });
}

export function oneOf(...types: FieldType[]): FieldType {
  return type({ oneOf: types.map((item) => item.schema) });
}

/** One line per key, in the order the serializer writes them. */
export type FieldTable = Readonly<Record<string, FieldType>>;

/**
 * The JSON Schema of an object from its table: every key the table knows, the non-optional
 * ones required. Other keys are not forbidden here: a client generated from the published
 * schema keeps working when the archive adds a field; the tests close every object
 * (src/api/openapi/openapi-document.ts `closed`), so a key a serializer writes and the table lacks fails.
 */
export function objectSchema(table: FieldTable, description?: string): JsonSchema {
  const required = Object.entries(table)
    .filter(([, field]) => !field.optional)
    .map(([key]) => key);
  return {
    type: 'object',
    ...(description ? { description } : {}),
    properties: Object.fromEntries(Object.entries(table).map(([key, field]) => [key, field.schema])),
    required,
  };
}

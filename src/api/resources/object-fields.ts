/**
 * An object of the API as one table, the way a Django REST Framework serializer declares it:
 * one line per key, in froide's key order, each with its type (src/api/field-types.ts) and its
 * source (a property of the model object, or a function of it). The serializer's answer and the
 * object's OpenAPI schema (`table`, read by src/api/fields/index.ts) are both made from it, so the
 * two cannot drift apart (docs/architecture.md#resources-one-folder-each-srcapiresourcesname).
 *
 *   export const foiMessage = defineObject('FoiMessage', prepare, {
 *     id: [integer, 'id'],
 *     sent: [boolean, 'sent'],
 *     subject: [string.describe('…'), (message, ctx, shown) => shown.subject],
 *   });
 *
 * `prepare`, when given, runs once per object and hands its result to every source: what
 * several keys read (a message's shown text) is computed once.
 *
 * The table is compiled into one function that returns an object literal: the build serializes
 * hundreds of thousands of objects, and a literal with fixed keys gets one hidden class, where
 * assigning key after key in a loop would not (docs/performance.md#serializers-from-field-tables).
 */
import type { FieldTable, FieldType } from '../field-types.ts';
import type { RenderContext } from './context.ts';

/** Where a key's value comes from: a property of the object, or a function of it. */
type Source<T, P> = (keyof T & string) | ((object: T, ctx: RenderContext, prepared: P) => unknown);

/** One key of an object: `[type, source]`. */
type Field<T, P> = readonly [FieldType, Source<T, P>];

export type Fields<T, P> = Readonly<Record<string, Field<T, P>>>;

export interface ObjectFields<T, P = undefined> {
  /** The OpenAPI object's name (`components.schemas`; froide's, docs/froide.md#the-published-schema). */
  readonly name: string;
  readonly fields: Fields<T, P>;
  readonly prepare: ((object: T, ctx: RenderContext) => P) | undefined;
  /** The key -> type table the OpenAPI schema is made from. */
  readonly table: FieldTable;
  /** The answer: every key of the table, in its order. */
  readonly serialize: (ctx: RenderContext, object: T) => Record<string, unknown>;
}

/** A JavaScript identifier that is safe to write as a plain property name. */
const PLAIN_NAME = /^[A-Za-z_$][\w$]*$/;

function compile<T, P>(name: string, fields: Fields<T, P>, prepare: ((object: T, ctx: RenderContext) => P) | undefined): (ctx: RenderContext, object: T) => Record<string, unknown> {
  const functions: unknown[] = [];
  const entries = Object.entries(fields).map(([key, [, source]]) => {
    // `"__proto__": value` in a literal sets the prototype instead of a key.
    if (key === '__proto__') throw new Error(`${name}: the key "__proto__" cannot be written by an object literal; rename it`);
    let value: string;
    if (typeof source === 'function') {
      functions.push(source);
      value = `f${functions.length - 1}(o, c, p)`;
    } else if (PLAIN_NAME.test(source)) value = `o.${source}`;
    else value = `o[${JSON.stringify(source)}]`;
    return `${JSON.stringify(key)}: ${value}`;
  });
  const parameters = functions.map((_, index) => `f${index}`);
  const body = `"use strict";\nreturn function serialize${PLAIN_NAME.test(name) ? name : ''}(c, o) {\n  const p = prepare === undefined ? undefined : prepare(o, c);\n  return {\n    ${entries.join(',\n    ')}\n  };\n};`;
  // Build side only (the Edge Functions never load a serializer); the code is made from the
  // table's keys and property names alone, every value a function passed in.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- compiling the table into one object literal is the point (see the header)
  const make = new Function('prepare', ...parameters, body) as (...args: unknown[]) => (ctx: RenderContext, object: T) => Record<string, unknown>;
  return make(prepare, ...functions);
}

function object<T, P>(name: string, fields: Fields<T, P>, prepare: ((object: T, ctx: RenderContext) => P) | undefined): ObjectFields<T, P> {
  return {
    name,
    fields,
    prepare,
    table: Object.fromEntries(Object.entries(fields).map(([key, [type]]) => [key, type])),
    serialize: compile(name, fields, prepare),
  };
}

/** An object of `T` without a prepare step. */
export function defineObject<T>(name: string, fields: Fields<T, undefined>): ObjectFields<T>;
/** An object whose sources also read what `prepare` computed once per object. */
export function defineObject<T, P>(name: string, prepare: (object: T, ctx: RenderContext) => P, fields: Fields<T, P>): ObjectFields<T, P>;
export function defineObject<T, P>(name: string, prepareOrFields: ((object: T, ctx: RenderContext) => P) | Fields<T, P>, fields?: Fields<T, P>): ObjectFields<T, P> {
  if (typeof prepareOrFields === 'function') return object(name, fields!, prepareOrFields);
  return object(name, prepareOrFields, undefined);
}

/**
 * `base` with some keys given other types and sources and further keys after its own, as
 * `{ ...base, key: other }` orders them: a key `base` has keeps its place (a request's detail
 * is its list item with the full public body and law, and its messages after them).
 */
export function extendObject<T, P>(base: ObjectFields<T, P>, name: string, fields: Fields<T, P>): ObjectFields<T, P> {
  return object(name, { ...base.fields, ...fields }, base.prepare);
}

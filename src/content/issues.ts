/**
 * Schema issues (zod) in the words of the editors' guide: "must be a list", not "expected
 * array"; "is required", not "is undefined". Messages the schema declares itself (content/
 * schema.ts: a slug, a date, an id) are sentences in lower case and are used as they are;
 * zod's own (capitalised, "Too small: expected number to be >0") never reach editors.
 */
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

export interface Described {
  message: string;
  hint?: string;
}

/** The value as an editor wrote it, when the parsed value would mislead (a number past 2^53). */
export type SourceText = (path: readonly (string | number)[]) => string | undefined;

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  tuple: 'a list',
  object: 'a mapping (keys indented below it)',
  record: 'a mapping (keys indented below it)',
  null: 'empty (null)',
};

export function describeIssue(issue: Issue, sourceText: SourceText): Described {
  const input = (issue as { input?: unknown }).input;
  const own = ownMessage(issue);
  if (input === undefined) {
    if (issue.code === 'invalid_value') return { message: 'is required', hint: `add this key with one of: ${issue.values.map((value) => JSON.stringify(value)).join(', ')}` };
    if (issue.code === 'invalid_type') return { message: `is required (${TYPE_WORDS[issue.expected] ?? issue.expected})`, hint: 'add this key' };
  }
  if (input === null && issue.code === 'invalid_type') {
    const key = keyOf(issue);
    return { message: `is empty, but must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`, hint: `write a value after "${key ?? ''}:", or delete the line (then its default applies)` };
  }
  const value = describeValue(input, sourceText(issue.path as (string | number)[]));
  if (own && issue.code !== 'invalid_union' && issue.code !== 'unrecognized_keys') {
    const hint = issue.code === 'invalid_type' ? typeHint(issue.expected, input, keyOf(issue)) : undefined;
    return { message: `is ${value}, but ${own}`, ...(hint ? { hint } : {}) };
  }

  switch (issue.code) {
    case 'invalid_type':
      return { message: `must be ${TYPE_WORDS[issue.expected] ?? issue.expected}, not ${value}`, hint: typeHint(issue.expected, input, keyOf(issue)) };
    case 'invalid_value':
      return { message: `is ${value}, which is not allowed`, hint: `use one of: ${issue.values.map((allowed) => JSON.stringify(allowed)).join(', ')}` };
    case 'too_small':
      return { message: sizeMessage('at least', issue.origin, Number(issue.minimum), issue.inclusive ?? true, value, input) };
    case 'too_big':
      if (issue.origin === 'int' || (issue.origin === 'number' && Number(issue.maximum) === Number.MAX_SAFE_INTEGER)) {
        return { message: `is ${value}, which is larger than the largest whole number allowed (${Number.MAX_SAFE_INTEGER})` };
      }
      return { message: sizeMessage('at most', issue.origin, Number(issue.maximum), issue.inclusive ?? true, value, input) };
    case 'invalid_format':
      return { message: `is ${value}, but is not a valid ${issue.format}` };
    case 'invalid_union':
      return { message: 'does not match any of the allowed shapes', hint: 'compare it with the shapes in the JSON Schema (content/schemas/)' };
    default:
      return { message: own ?? issue.message };
  }
}

/** A message the schema gave (lower case), not one of zod's defaults ("Too small: …", "Invalid input: …"). */
function ownMessage(issue: Issue): string | undefined {
  return /^[a-z]/.test(issue.message) ? issue.message : undefined;
}

function keyOf(issue: Issue): string | undefined {
  const last = issue.path[issue.path.length - 1];
  return typeof last === 'string' ? last : undefined;
}

function sizeMessage(bound: 'at least' | 'at most', origin: string, limit: number, inclusive: boolean, value: string, input: unknown): string {
  switch (origin) {
    case 'string':
      if (bound === 'at least' && limit <= 1) return 'must not be empty';
      return `is ${String(input).length} characters long, but must be ${bound} ${limit}`;
    case 'array':
    case 'set':
      if (bound === 'at least' && limit <= 1) return 'must not be an empty list';
      return `has ${Array.isArray(input) ? input.length : '?'} entries, but must have ${bound} ${limit}`;
    default:
      if (inclusive) return `is ${value}, but must be ${bound} ${limit}`;
      return `is ${value}, but must be ${bound === 'at least' ? 'greater' : 'less'} than ${limit}`;
  }
}

function typeHint(expected: string, input: unknown, key = 'key'): string | undefined {
  switch (expected) {
    case 'array':
    case 'tuple': {
      const items = typeof input === 'string' ? input.split(',').map((part) => part.trim()).filter(Boolean) : [input];
      return `write a list in square brackets, e.g. ${key}: [${items.map((item) => flowItem(item)).join(', ')}]`;
    }
    case 'string':
      return `put the value in quotes: ${key}: "${String(input)}"`;
    case 'number':
    case 'int':
      if (typeof input === 'string' && input.trim() !== '' && Number.isFinite(Number(input))) return `write the number without quotes: ${key}: ${input.trim()}`;
      return undefined;
    case 'boolean': {
      const word = typeof input === 'string' ? input.trim().toLowerCase() : '';
      if (['true', 'yes', 'y', 'on', 'ja', 'wahr'].includes(word)) return `write ${key}: true (without quotes)`;
      if (['false', 'no', 'n', 'off', 'nein', 'falsch'].includes(word)) return `write ${key}: false (without quotes)`;
      return 'write true or false (without quotes)';
    }
    case 'object':
    case 'record':
      return `write the keys of ${key} on the lines below it, indented`;
    default:
      return undefined;
  }
}

function flowItem(item: unknown): string {
  if (typeof item !== 'string') return JSON.stringify(item) ?? String(item);
  return /^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u.test(item) ? item : JSON.stringify(item);
}

function describeValue(value: unknown, source?: string): string {
  if (typeof value === 'number' && !Number.isSafeInteger(value) && source !== undefined && /^[-+]?\d+$/.test(source)) return source;
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return String(value);
}

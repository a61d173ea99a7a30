/**
 * Schema issues (zod) as kinds of the catalogue (content/errors.ts), which words them as the
 * editors' guide does: "must be a list", not "expected array"; "is required", not "is
 * undefined". Messages the schema declares itself (content/schema.ts: a slug, a date, an id)
 * are sentences in lower case and are used as they are; zod's own (capitalised, "Too small:
 * expected number to be >0") never reach editors.
 */
import type { z } from 'zod';
import { describe, ERRORS, type Described } from './errors.ts';

type Issue = z.core.$ZodIssue;

/** The value as an editor wrote it, when the parsed value would mislead (a number past 2^53). */
export type SourceText = (path: readonly (string | number)[]) => string | undefined;

export function describeIssue(issue: Issue, sourceText: SourceText): Described {
  const input = (issue as { input?: unknown }).input;
  const own = ownMessage(issue);
  if (input === undefined) {
    if (issue.code === 'invalid_value') return describe(ERRORS.RequiredChoice, { values: issue.values });
    if (issue.code === 'invalid_type') return describe(ERRORS.Required, { expected: issue.expected });
  }
  if (input === null && issue.code === 'invalid_type') return describe(ERRORS.EmptyValue, { expected: issue.expected, key: keyOf(issue) ?? '' });
  const value = describeValue(input, sourceText(issue.path as (string | number)[]));
  if (own && issue.code !== 'invalid_union' && issue.code !== 'unrecognized_keys') {
    const type = issue.code === 'invalid_type' ? { expected: issue.expected, input, key: keyOf(issue) } : undefined;
    return describe(ERRORS.BrokenRule, { value, rule: own, ...(type ? { type } : {}) });
  }

  switch (issue.code) {
    case 'invalid_type':
      return describe(ERRORS.WrongType, { expected: issue.expected, value, input, key: keyOf(issue) });
    case 'invalid_value':
      return describe(ERRORS.NotAllowed, { value, allowed: issue.values });
    case 'too_small':
      return sizeProblem('at least', issue.origin, Number(issue.minimum), issue.inclusive ?? true, value, input);
    case 'too_big':
      if (issue.origin === 'int' || (issue.origin === 'number' && Number(issue.maximum) === Number.MAX_SAFE_INTEGER)) return describe(ERRORS.NumberTooLarge, { value });
      return sizeProblem('at most', issue.origin, Number(issue.maximum), issue.inclusive ?? true, value, input);
    case 'invalid_format':
      return describe(ERRORS.InvalidFormat, { value, format: issue.format });
    case 'invalid_union':
      return describe(ERRORS.NoShape);
    default:
      return describe(ERRORS.SchemaOther, { said: own ?? issue.message });
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

function sizeProblem(bound: 'at least' | 'at most', origin: string, limit: number, inclusive: boolean, value: string, input: unknown): Described {
  switch (origin) {
    case 'string':
      if (bound === 'at least' && limit <= 1) return describe(ERRORS.EmptyText);
      return describe(ERRORS.TextLength, { length: String(input).length, bound, limit });
    case 'array':
    case 'set':
      if (bound === 'at least' && limit <= 1) return describe(ERRORS.EmptyList);
      return describe(ERRORS.ListLength, { count: Array.isArray(input) ? input.length : '?', bound, limit });
    default:
      return describe(ERRORS.NumberBound, { value, bound, limit, inclusive });
  }
}

function describeValue(value: unknown, source?: string): string {
  if (typeof value === 'number' && !Number.isSafeInteger(value) && source !== undefined && /^[-+]?\d+$/.test(source)) return source;
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return String(value);
}

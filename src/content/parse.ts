/**
 * Parse and validate one content file: a pure function of (kind, path, text), so it can run
 * in a worker thread (content/parse-pool.ts). Positions come from the file's syntax tree,
 * which does not leave this function.
 */
import type { z } from 'zod';
import { formatPath, type Position, type Problem } from './problems.ts';
import { CONTENT_FILES, type ContentKind } from './schema.ts';
import { parseYaml } from './yaml.ts';

export interface ParseInput {
  kind: ContentKind;
  path: string;
  text: string;
}

export interface ParsedFile {
  /** Valid records of the file: one, or each entry of a list file, with its key path. */
  records: { data: unknown; base: (string | number)[] }[];
  problems: Problem[];
  /** The file, or a record in it, failed; its records are missing from `records`. */
  invalid: boolean;
}

const HINTS: Record<string, string> = {
  invalid_type: 'fix the value type as shown',
  unrecognized_keys: 'remove the key or fix its spelling; the JSON Schema in content/schemas/ lists the allowed keys',
  invalid_value: 'use one of the allowed values',
  too_small: 'give a longer or larger value',
};

function describeIssue(issue: z.core.$ZodIssue): { message: string; hint?: string } {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return { message: `is required (${issue.expected})`, hint: 'add this key' };
      return { message: `must be ${issue.expected === 'int' ? 'a whole number' : `a ${issue.expected}`}, not ${describeValue(issue.input)}`, hint: HINTS.invalid_type! };
    case 'invalid_value':
      return {
        message: `is ${describeValue(issue.input)}, which is not allowed`,
        hint: `use one of: ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`,
      };
    case 'too_small':
      return { message: issue.origin === 'string' ? 'must not be empty' : `is too small (${issue.message})`, hint: HINTS.too_small! };
    case 'invalid_format':
    case 'custom':
      return { message: `is ${describeValue(issue.input)}, but ${issue.message.startsWith('Invalid') ? issue.message.toLowerCase() : issue.message}` };
    case 'invalid_union':
      return { message: 'does not match any of the allowed shapes', hint: 'compare it with the shapes in the JSON Schema (content/schemas/)' };
    default:
      return { message: issue.message };
  }
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return String(value);
}

export function parseContentFile({ kind, path, text }: ParseInput): ParsedFile {
  const { schema, list } = CONTENT_FILES[kind];
  const parsed = parseYaml(text);
  const problems: Problem[] = [];
  const at = (position: Position, keyPath: (string | number)[], message: string, hint?: string) =>
    problems.push({ severity: 'error', file: path, ...position, path: formatPath(keyPath), message, ...(hint ? { hint } : {}) });

  if (parsed.syntaxErrors.length) {
    for (const error of parsed.syntaxErrors) {
      at(error.position, [], `YAML syntax: ${error.message}`, 'fix the YAML syntax (indentation, quotes, colons)');
    }
    return { records: [], problems, invalid: true };
  }

  const entries: { value: unknown; base: (string | number)[] }[] = [];
  if (list) {
    if (!Array.isArray(parsed.value)) {
      at({ line: 1, column: 1 }, [], 'must be a list of records', 'start each record with "- id: ..."');
      return { records: [], problems, invalid: true };
    }
    parsed.value.forEach((value, index) => entries.push({ value, base: [index] }));
  } else {
    entries.push({ value: parsed.value ?? {}, base: [] });
  }

  const records: ParsedFile['records'] = [];
  for (const entry of entries) {
    const result = schema.safeParse(entry.value, { reportInput: true });
    if (result.success) {
      records.push({ data: result.data, base: entry.base });
      continue;
    }
    for (const issue of result.error.issues) {
      const issuePath = [...entry.base, ...issue.path.filter((part): part is string | number => typeof part !== 'symbol')];
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) at(parsed.locate([...issuePath, key]), [...issuePath, key], `unknown key "${key}"`, HINTS.unrecognized_keys);
        continue;
      }
      const { message, hint } = describeIssue(issue);
      at(parsed.locate(issuePath), issuePath, message, hint);
    }
  }
  return { records, problems, invalid: records.length < entries.length };
}

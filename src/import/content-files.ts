/**
 * Writes content/ as an editor would: one YAML text per record or list, keys in the order of
 * the schema (src/content/schema.ts), keys left out that hold their default, the schema line
 * first. The text depends on the record only, so a second import of an unchanged record writes
 * the same bytes, and the writer leaves such a file alone (docs/import.md, "Resumable and idempotent").
 * Every record is checked against its schema before it is written: what the API answered that
 * content/ cannot hold is refused here, not at the next build.
 */
import { isDeepStrictEqual } from 'node:util';
import { stringify } from 'yaml';
import type { z } from 'zod';
import { CONTENT_FILES, type ContentKind } from '../content/schema.ts';

/** A record that its schema refuses: named with the path it was meant for. */
export class RecordRefused extends Error {
  override name = 'RecordRefused';
  constructor(
    readonly path: string,
    readonly problems: string[],
  ) {
    super(`${path}: ${problems.join('; ')}`);
  }
}

type ObjectSchema = z.ZodObject<Record<string, z.ZodType>>;

function shapeOf(kind: ContentKind): Record<string, z.ZodType> {
  return (CONTENT_FILES[kind].schema as unknown as ObjectSchema).shape;
}

/** What a key of a schema holds when it is left out; `missing` when it has no default. */
function defaultOf(type: z.ZodType): unknown {
  const parsed = type.safeParse(undefined);
  return parsed.success ? parsed.data : MISSING;
}
const MISSING = Symbol('no default');

/**
 * The record with its keys in schema order and without keys that hold their default (or are
 * undefined). Nested objects keep the order they were built in.
 */
export function compact(kind: ContentKind, record: Record<string, unknown>, shape: Record<string, z.ZodType> = shapeOf(kind)): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, type] of Object.entries(shape)) {
    const value = record[key];
    if (value === undefined) continue;
    const fallback = defaultOf(type);
    if (fallback !== MISSING && isDeepStrictEqual(fallback, value)) continue;
    out[key] = value;
  }
  for (const key of Object.keys(record)) if (!(key in shape) && record[key] !== undefined) out[key] = record[key];
  return out;
}

/** The problems the schema of `kind` finds in `record` (an empty list when it is fine). */
function problemsOf(kind: ContentKind, record: unknown): string[] {
  const parsed = CONTENT_FILES[kind].schema.safeParse(record);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`);
}

/** The YAML text of a content file at `path` (relative to content/), schema line first. */
export function yamlText(kind: ContentKind, path: string, value: unknown): string {
  const up = '../'.repeat(path.split('/').length - 1) || './';
  const body = stringify(value, { aliasDuplicateObjects: false, lineWidth: 0, indentSeq: true, singleQuote: false });
  return `# yaml-language-server: $schema=${up}schemas/${kind}.schema.json\n${body}`;
}

/** Checks one record and returns its file text; throws RecordRefused when the schema refuses it. */
export function recordText(kind: ContentKind, path: string, record: Record<string, unknown>): string {
  const problems = problemsOf(kind, record);
  if (problems.length) throw new RecordRefused(path, problems);
  return yamlText(kind, path, compact(kind, record));
}

/** A list file (jurisdictions.yaml, ...): every record checked, sorted by id. */
export function listText(kind: ContentKind, path: string, records: readonly Record<string, unknown>[]): string {
  const problems = records.flatMap((record, index) => problemsOf(kind, record).map((problem) => `[${index}] (id ${String(record.id)}) ${problem}`));
  if (problems.length) throw new RecordRefused(path, problems);
  const sorted = [...records].sort((a, b) => Number(a.id) - Number(b.id));
  return yamlText(kind, path, sorted.map((record) => compact(kind, record)));
}

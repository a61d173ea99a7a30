/**
 * Writes content/ as an editor would: one YAML text per record or list, keys in the order of
 * the schema (src/content/schema.ts), keys left out that hold their default, the schema line
 * first. The text depends on the record only, so a second import of an unchanged record writes
 * the same bytes, and the writer leaves such a file alone (docs/import.md, "Resumable and idempotent").
 * Every record is checked against its schema before it is written: what the API answered that
 * content/ cannot hold is refused here, not at the next build.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { stringify } from 'yaml';
import type { z } from 'zod';
import { CONTENT_FILES, type ContentKind } from '../content/schema.ts';
import { isMissing } from '../lib/files.ts';

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

interface WriteCounts {
  written: number;
  unchanged: number;
}

/**
 * The only code of the importer that writes into content/: a file is replaced only when its
 * bytes change (written to a temporary name first, then renamed, so an interrupted import
 * leaves no half-written file).
 */
export interface ContentWriter {
  readonly root: string;
  readonly counts: WriteCounts;
  /** Writes `bytes` to `path` (relative to the root) unless the file holds them already; true when it wrote. */
  put(path: string, bytes: string | Uint8Array): Promise<boolean>;
  /** The names in a folder of content/ (none when it does not exist). */
  list(dir: string): Promise<string[]>;
  /** The bytes of a file, or null. */
  read(path: string): Promise<Uint8Array | null>;
  /** The name of the entry of `dir` whose name starts with `<id>-` (or the id padded with zeros), if any. */
  existingName(dir: string, id: number): Promise<string | null>;
  /** Renames an entry of content/ (a folder or a file named after an old slug). */
  move(from: string, to: string): Promise<void>;
  remove(path: string): Promise<void>;
}

export function contentWriter(root: string): ContentWriter {
  const counts: WriteCounts = { written: 0, unchanged: 0 };
  const listings = new Map<string, string[]>();
  const listing = async (dir: string) => {
    let names = listings.get(dir);
    if (!names) {
      try {
        names = (await readdir(join(root, dir))).sort();
      } catch (error) {
        if (!isMissing(error)) throw error;
        names = [];
      }
      listings.set(dir, names);
    }
    return names;
  };
  const read = async (path: string) => {
    try {
      return new Uint8Array(await readFile(join(root, path)));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  return {
    root,
    counts,
    read,
    list: async (dir) => [...(await listing(dir))],
    async put(path, content) {
      const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
      const old = await read(path);
      if (old && Buffer.compare(old, bytes) === 0) {
        counts.unchanged++;
        return false;
      }
      const target = join(root, path);
      await mkdir(dirname(target), { recursive: true });
      const temp = `${target}.import-${randomBytes(4).toString('hex')}`;
      await writeFile(temp, bytes);
      await rename(temp, target);
      listings.delete(posix.dirname(path));
      counts.written++;
      return true;
    },
    async existingName(dir, id) {
      const pattern = new RegExp(`^0*${id}-`);
      return (await listing(dir)).find((name) => pattern.test(name)) ?? null;
    },
    async move(from, to) {
      await mkdir(dirname(join(root, to)), { recursive: true });
      await rename(join(root, from), join(root, to));
      listings.delete(posix.dirname(from));
      listings.delete(posix.dirname(to));
    },
    async remove(path) {
      await rm(join(root, path), { recursive: true, force: true });
      listings.delete(posix.dirname(path));
    },
  };
}

/**
 * Parse and validate one content file: a pure function of (kind, path, bytes), so it can run
 * in a worker thread (content/parse-pool.ts). Positions come from the file's syntax tree,
 * which does not leave this function.
 */
import { createHash } from 'node:crypto';
import { decodeContentText } from './encoding.ts';
import { describe, ERRORS, type Described } from './errors.ts';
import { describeIssue } from './issues.ts';
import { problemAt, type TextPosition, type Problem } from './problems.ts';
import { CONTENT_FILES, type ContentKind, type TextIssueParams, type ValueIssueParams } from './schema.ts';
import { parseYaml } from './yaml.ts';

export interface ParseInput {
  kind: ContentKind;
  path: string;
  bytes: Uint8Array;
}

export interface ParsedFile {
  /** Valid records of the file: one, or each entry of a list file, with its key path. */
  records: { data: unknown; base: (string | number)[] }[];
  problems: Problem[];
  /** The file, or a record in it, failed; its records are missing from `records`. */
  invalid: boolean;
  /** SHA-1 of the file's bytes (contentDigest): what the parse cache compares (content/parse-cache.ts). */
  digest: string;
}

/**
 * zod builds each object it returns by assigning key after key, so a key `__proto__` (which
 * froide may send in `extra_data`, and YAML and JSON.parse keep as a key) sets the prototype
 * instead of a key, and is missing from the record. This puts such keys back, as own keys,
 * from the parsed YAML into the record zod returned, walking both side by side (without
 * recursion); a value zod changed is not an object of the YAML, and is left alone.
 */
function keepProtoKeys<T>(input: unknown, output: T): T {
  const stack: [unknown, unknown][] = [[input, output]];
  while (stack.length) {
    const [from, to] = stack.pop()!;
    if (!from || !to || typeof from !== 'object' || typeof to !== 'object') continue;
    if (Array.isArray(from)) {
      if (Array.isArray(to)) from.forEach((item, index) => stack.push([item, to[index]]));
      continue;
    }
    const own = Object.getOwnPropertyDescriptor(from, '__proto__');
    if (own && !Object.hasOwn(to, '__proto__')) {
      // The assignment zod made may have set the prototype: the record keeps a plain object's, and the YAML's key order.
      Object.setPrototypeOf(to, Object.prototype);
      const values = new Map(Object.entries(to));
      values.set('__proto__', own.value);
      for (const key of values.keys()) delete (to as Record<string, unknown>)[key];
      for (const key of [...Object.keys(from), ...values.keys()]) {
        if (values.has(key) && !Object.hasOwn(to, key)) Object.defineProperty(to, key, { value: values.get(key), enumerable: true, writable: true, configurable: true });
      }
    }
    for (const key of Object.keys(from)) stack.push([(from as Record<string, unknown>)[key], (to as Record<string, unknown>)[key]]);
  }
  return output;
}

/** A parse with one valid record at the file's root and no problems: what almost every content file gives. */
export function isSoleRecord(parsed: Omit<ParsedFile, 'digest'>): boolean {
  return !parsed.invalid && parsed.problems.length === 0 && parsed.records.length === 1 && parsed.records[0]!.base.length === 0;
}

/** The hash of contentDigest, for what hashes content files elsewhere (lib/hash-pool.ts). */
export const CONTENT_DIGEST = 'sha1';

/** SHA-1 of a content file's bytes, hex. */
export function contentDigest(bytes: Uint8Array): string {
  return createHash(CONTENT_DIGEST).update(bytes).digest('hex');
}

export function parseContentFile({ kind, path, bytes }: ParseInput): ParsedFile {
  const { schema, list } = CONTENT_FILES[kind];
  const problems: Problem[] = [];
  const at = (position: TextPosition, keyPath: readonly (string | number)[], described: Described) => problems.push(problemAt(described, 'error', { file: path, ...position, path: keyPath }));
  const digest = contentDigest(bytes);
  const failed = (): ParsedFile => ({ records: [], problems, invalid: true, digest });

  const decoded = decodeContentText(bytes);
  if ('problem' in decoded) {
    at(decoded.problem.position, [], decoded.problem);
    return failed();
  }
  const { text } = decoded;
  const parsed = parseYaml(text);
  if (parsed.errors.length) {
    for (const error of parsed.errors) at(error.position, error.path, error);
    return failed();
  }
  if (parsed.empty) {
    at({ line: 0, column: 0 }, [], describe(ERRORS.EmptyFile, { list }));
    return failed();
  }

  const entries: { value: unknown; base: (string | number)[] }[] = [];
  if (list) {
    if (!Array.isArray(parsed.value)) {
      at({ line: 1, column: 1 }, [], describe(ERRORS.NotAList));
      return failed();
    }
    parsed.value.forEach((value, index) => entries.push({ value, base: [index] }));
  } else {
    entries.push({ value: parsed.value, base: [] });
  }

  const records: ParsedFile['records'] = [];
  for (const entry of entries) {
    const result = schema.safeParse(entry.value, { reportInput: true });
    if (result.success) {
      // Only a file that spells the key can hold it: the others cost no walk.
      records.push({ data: text.includes('__proto__') ? keepProtoKeys(entry.value, result.data) : result.data, base: entry.base });
      continue;
    }
    for (const issue of result.error.issues) {
      const issuePath = [...entry.base, ...issue.path.filter((part): part is string | number => typeof part !== 'symbol')];
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) at(parsed.locate([...issuePath, key], 'key'), [...issuePath, key], describe(ERRORS.UnknownKey, { key }));
        continue;
      }
      const inText = issue.code === 'custom' ? (issue.params as Partial<TextIssueParams> | undefined) : undefined;
      if (inText?.find !== undefined && inText.occurrence !== undefined && inText.kind !== undefined) {
        at(parsed.locateText(issuePath, inText.find, inText.occurrence), issuePath, { kind: inText.kind, message: issue.message, ...(inText.hint ? { hint: inText.hint } : {}) });
        continue;
      }
      const ofValue = issue.code === 'custom' ? (issue.params as Partial<ValueIssueParams> | undefined) : undefined;
      if (ofValue?.kind !== undefined) {
        at(parsed.locate(issuePath), issuePath, { kind: ofValue.kind, message: issue.message, ...(ofValue.hint ? { hint: ofValue.hint } : {}) });
        continue;
      }
      at(parsed.locate(issuePath), issuePath, describeIssue(issue, (relative) => parsed.scalarSource([...entry.base, ...relative])));
    }
  }
  return { records, problems, invalid: records.length < entries.length, digest };
}

/**
 * Parse and validate one content file: a pure function of (kind, path, bytes), so it can run
 * in a worker thread (content/parse-pool.ts). Positions come from the file's syntax tree,
 * which does not leave this function.
 */
import { decodeContentText } from './encoding.ts';
import { describeIssue } from './issues.ts';
import { formatPath, type Position, type Problem } from './problems.ts';
import { CONTENT_FILES, type ContentKind, type TextIssueParams } from './schema.ts';
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
  /** The file as text (kept for positions of later problems); empty when it is not UTF-8. */
  text: string;
}

const UNKNOWN_KEY_HINT = 'remove the key or fix its spelling; the JSON Schema in content/schemas/ lists the allowed keys';

export function parseContentFile({ kind, path, bytes }: ParseInput): ParsedFile {
  const { schema, list } = CONTENT_FILES[kind];
  const problems: Problem[] = [];
  const at = (position: Position, keyPath: readonly (string | number)[], message: string, hint?: string) =>
    problems.push({ severity: 'error', file: path, ...position, path: formatPath(keyPath), message, ...(hint ? { hint } : {}) });
  const failed = (text: string): ParsedFile => ({ records: [], problems, invalid: true, text });

  const decoded = decodeContentText(bytes);
  if ('problem' in decoded) {
    at(decoded.problem.position, [], decoded.problem.message, decoded.problem.hint);
    return failed('');
  }
  const { text } = decoded;
  const parsed = parseYaml(text);
  if (parsed.errors.length) {
    for (const error of parsed.errors) at(error.position, error.path, error.message, error.hint);
    return failed(text);
  }
  if (parsed.empty) {
    at({ line: 0, column: 0 }, [], 'is empty', list ? 'add its entries, each starting with "- id: ...", or delete the file' : 'fill in its keys (the editors\' guide, docs/content-guide.md, lists them), or delete the file');
    return failed(text);
  }

  const entries: { value: unknown; base: (string | number)[] }[] = [];
  if (list) {
    if (!Array.isArray(parsed.value)) {
      at({ line: 1, column: 1 }, [], 'must be a list of records', 'start each record with "- id: ..."');
      return failed(text);
    }
    parsed.value.forEach((value, index) => entries.push({ value, base: [index] }));
  } else {
    entries.push({ value: parsed.value, base: [] });
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
        for (const key of issue.keys) at(parsed.locate([...issuePath, key], 'key'), [...issuePath, key], `unknown key "${key}"`, UNKNOWN_KEY_HINT);
        continue;
      }
      const inText = issue.code === 'custom' ? (issue.params as Partial<TextIssueParams> | undefined) : undefined;
      if (inText?.find !== undefined && inText.occurrence !== undefined) {
        at(parsed.locateText(issuePath, inText.find, inText.occurrence), issuePath, issue.message, inText.hint);
        continue;
      }
      const { message, hint } = describeIssue(issue, (relative) => parsed.scalarSource([...entry.base, ...relative]));
      at(parsed.locate(issuePath), issuePath, message, hint);
    }
  }
  return { records, problems, invalid: records.length < entries.length, text };
}

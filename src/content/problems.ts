/**
 * A problem found in content: where (file, line, column, key path), what is wrong, what to do.
 * Every stage collects problems instead of throwing, so one run reports all of them. What each
 * kind of problem says is in the catalogue (content/errors.ts).
 */
import { codeFrame } from './code-frame.ts';
import { describe, type Described, type ErrorKind } from './errors.ts';

export type Severity = 'error' | 'warning';

export interface Problem {
  severity: Severity;
  /** The catalogue's name of the problem (content/errors.ts). */
  kind?: string;
  /** Path relative to the content directory, with forward slashes. */
  file: string;
  /** 1-based; 0 when the problem concerns the whole file. */
  line: number;
  column: number;
  /** Key path inside the file, like `attachments[0].document.id`; empty for the whole file. */
  path: string;
  message: string;
  /** What the editor can do about it. */
  hint?: string;
  /**
   * The problem only follows from errors elsewhere (a reference into a file with errors):
   * it is listed after the problems that cause it, which are the ones to fix first.
   */
  knockOn?: boolean;
}

export interface TextPosition {
  line: number;
  column: number;
}

/** Where a record came from, so later stages can point at a key of it. */
export interface RecordSource {
  file: string;
  /** Base key path of the record inside the file (`[3]` for the 4th entry of a list file). */
  base: (string | number)[];
  locate(path: readonly (string | number)[]): TextPosition;
}

/** A problem of a catalogue kind at a position of a file (`line` 0: the whole file). */
export function problemAt(described: Described, severity: Severity, where: { file: string; line: number; column: number; path: readonly (string | number)[] }): Problem {
  const { kind, message, hint } = described;
  return { severity, kind, file: where.file, line: where.line, column: where.column, path: formatPath(where.path), message, ...(hint ? { hint } : {}) };
}

function formatPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${part}` : part;
  }
  return out;
}

export class Problems {
  readonly list: Problem[] = [];
  /** Files that failed to parse or validate; their records are not linked. */
  readonly invalidFiles = new Set<string>();
  /** Kinds of record (content/schema.ts) with at least one invalid file: their registries are incomplete. */
  readonly invalidKinds = new Set<string>();

  add(problem: Problem): void {
    this.list.push(problem);
  }

  /** A problem of a catalogue kind at a key of a record. */
  report(source: RecordSource, path: readonly (string | number)[], kind: ErrorKind): void;
  report<P>(source: RecordSource, path: readonly (string | number)[], kind: ErrorKind<P>, params: P): void;
  report(source: RecordSource, path: readonly (string | number)[], kind: ErrorKind<unknown>, params?: unknown): void {
    const full = [...source.base, ...path];
    this.add(problemAt(describe(kind, params), kind.severity, { file: source.file, ...source.locate(full), path: full }));
  }

  /** A problem at a key that only follows from errors in other files (see `Problem.knockOn`). */
  knockOn<P>(source: RecordSource, path: readonly (string | number)[], kind: ErrorKind<P>, params: P): void {
    this.report(source, path, kind, params);
    this.list[this.list.length - 1]!.knockOn = true;
  }

  /** A problem of a catalogue kind about a whole file (or folder: `name/`). */
  reportFile(file: string, kind: ErrorKind): void;
  reportFile<P>(file: string, kind: ErrorKind<P>, params: P): void;
  reportFile(file: string, kind: ErrorKind<unknown>, params?: unknown): void {
    this.add(problemAt(describe(kind, params), kind.severity, { file, line: 0, column: 0, path: [] }));
  }

  get errors(): Problem[] {
    return this.list.filter((problem) => problem.severity === 'error');
  }

  get warnings(): Problem[] {
    return this.list.filter((problem) => problem.severity === 'warning');
  }

  /**
   * Stable order: causes before knock-on problems, then by file and line, so the first line
   * is one to fix, output diffs well and matches the editor's view.
   */
  sorted(): Problem[] {
    return [...this.list].sort((a, b) => Number(a.knockOn ?? false) - Number(b.knockOn ?? false) || a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  }
}

/** Raised when content has errors; carries all of them. */
export class ContentError extends Error {
  override name = 'ContentError';
  constructor(readonly problems: Problem[]) {
    const errors = problems.filter((problem) => problem.severity === 'error').length;
    super(`content has ${errors} error${errors === 1 ? '' : 's'}`);
  }
}

/**
 * Human format: `content/file:line:column key.path: message\n    -> hint` (clickable in terminals
 * and editors). With the file's text, the offending lines follow with a caret under the column
 * (a code frame, as Babel and Astro print), when the problem has a line.
 */
export function formatProblem(problem: Problem, contentDir = '', text?: string): string {
  const head = `${problem.severity === 'error' ? 'error' : 'warning'} ${problemWhere(problem, contentDir)} ${problemText(problem)}`;
  const lines = problem.hint ? `${head}\n    -> ${problem.hint}` : head;
  const frame = text === undefined || problem.line <= 0 ? '' : codeFrame(text, problem.line, problem.column);
  return frame ? `${lines}\n${frame}` : lines;
}

/** Where the problem is, as the human format prints it: `content/file:line:column`, or the file. */
export function problemWhere(problem: Problem, contentDir = ''): string {
  const file = contentDir ? `${contentDir.replace(/\/+$/, '')}/${problem.file}` : problem.file;
  return problem.line > 0 ? `${file}:${problem.line}:${problem.column}` : file;
}

/** What is wrong, as the human format prints it: `key.path: message`, or the message. */
export function problemText(problem: Problem): string {
  return problem.path ? `${problem.path}: ${problem.message}` : problem.message;
}

/** GitHub Actions workflow command, so a pull request shows the problem on the offending line. */
export function formatGithubAnnotation(problem: Problem, contentDir: string): string {
  const escapeData = (value: string) => value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const escapeProperty = (value: string) => escapeData(value).replace(/:/g, '%3A').replace(/,/g, '%2C');
  const file = `${contentDir.replace(/\/+$/, '')}/${problem.file}`;
  const props = [`file=${escapeProperty(file)}`];
  if (problem.line > 0) props.push(`line=${problem.line}`, `col=${problem.column}`);
  const text = [problem.path ? `${problem.path}: ${problem.message}` : problem.message, problem.hint].filter(Boolean).join(' — ');
  return `::${problem.severity === 'error' ? 'error' : 'warning'} ${props.join(',')}::${escapeData(text)}`;
}

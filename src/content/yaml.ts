/**
 * YAML parsing that keeps positions: any key path of a parsed file maps back to a line and
 * column, at any depth (not only top-level keys), so `messages[3].timestamp` points at that line.
 *
 * Content files use plain YAML only: no anchors, aliases or tags (yaml-rules.ts says why).
 * Anything the file says that the editor probably did not mean is a problem with a position,
 * never an exception: `parseYaml` does not throw for any input.
 */
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { describe, ERRORS, type Described } from './errors.ts';
import type { TextPosition } from './problems.ts';
import { plainYamlProblems, syntaxProblem } from './yaml-rules.ts';

export type KeyPath = readonly (string | number)[];

/** A problem of the YAML text itself, before any schema: where, what, what to do. */
export interface YamlProblem extends Described {
  position: TextPosition;
  /** Key path of the value the problem is in, as far as it is known. */
  path: (string | number)[];
}

export interface ParsedYaml {
  /** The file's value; undefined when there are `errors`. */
  value: unknown;
  /** The file holds no value at all (nothing, or only comments). */
  empty: boolean;
  /** Syntax errors and YAML features content does not use; when present, `value` must not be used. */
  errors: YamlProblem[];
  /** Where the value at a key path starts; `'key'` gives where its key starts instead. */
  locate(path: KeyPath, target?: 'value' | 'key'): TextPosition;
  /** The text of the value at a key path as written (`12345678901234567890`, not 12345678901234567000). */
  scalarSource(path: KeyPath): string | undefined;
  /**
   * Where the `occurrence`-th (0-based) `needle` inside the value at a key path is written, for
   * a problem in the middle of a long text; the start of the value when it cannot be found.
   */
  locateText(path: KeyPath, needle: string, occurrence: number): TextPosition;
}

/**
 * A locator that reads and parses the text again only when a position is asked for: records
 * keep neither their source text nor its YAML syntax tree, so a 500,000-file archive holds
 * neither in memory for the rare error found after loading.
 */
export function lazyLocator(text: () => string): (path: KeyPath) => TextPosition {
  let locate: ParsedYaml['locate'] | undefined;
  return (path) => {
    locate ??= locator(text()).locate;
    return locate(path);
  };
}

/** Helpers over one parsed document that yaml-rules.ts shares. */
export interface YamlText {
  text: string;
  position(offset: number): TextPosition;
  /** Key path of the innermost value that contains `offset`, and where that value starts. */
  valueAt(offset: number): { path: (string | number)[]; start: number };
}

/** The parsed document and its positions, without the checks and the value (what a locator needs). */
function locator(text: string): { doc: Document; source: YamlText } & Pick<ParsedYaml, 'locate' | 'scalarSource' | 'locateText'> {
  const lineCounter = new LineCounter();
  // Duplicate keys are found by yaml-rules.ts, which names the key and both lines.
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });
  const source: YamlText = {
    text,
    position(offset) {
      const { line, col } = lineCounter.linePos(offset);
      return { line, column: col };
    },
    valueAt: (offset) => valueAt(doc, offset),
  };

  /** The node at a key path (or its key), else the deepest node on the way. */
  const nodeAt = (path: KeyPath, target: 'value' | 'key'): { node: Node | null; exact: boolean } => {
    let node: unknown = doc.contents;
    let best: Node | null = doc.contents ?? null;
    for (const [index, part] of path.entries()) {
      if (isMap(node)) {
        const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(part));
        if (!pair) return { node: best, exact: false };
        const key = pair.key as Node;
        const value = pair.value as Node | null;
        // Point at the value; an empty value, or a key asked for, points at its key.
        const blank = !value?.range || (isScalar(value) && value.value === null && !value.source);
        best = blank || (target === 'key' && index === path.length - 1) ? key : value;
        node = value ?? key;
      } else if (isSeq(node) && typeof part === 'number') {
        const item = node.items[part] as Node | undefined;
        if (!item) return { node: best, exact: false };
        best = item;
        node = item;
      } else {
        return { node: best, exact: false };
      }
    }
    return { node: best, exact: true };
  };
  const locate = (path: KeyPath, target: 'value' | 'key' = 'value'): TextPosition => {
    const { node } = nodeAt(path, target);
    return node?.range ? source.position(node.range[0]) : { line: 1, column: 1 };
  };
  const scalarSource = (path: KeyPath): string | undefined => {
    const { node, exact } = nodeAt(path, 'value');
    return exact && isScalar(node) ? node.source : undefined;
  };
  // The needle is searched in the value as written: a needle without blanks, quotes or
  // backslashes reads the same in every scalar style (block, plain, quoted), so its n-th
  // occurrence in the source is its n-th occurrence in the value.
  const locateText = (path: KeyPath, needle: string, occurrence: number): TextPosition => {
    const { node, exact } = nodeAt(path, 'value');
    if (!exact || !node?.range) return locate(path);
    const [start, end] = node.range;
    let at = text.indexOf(needle, start);
    for (let seen = 0; seen < occurrence && at >= 0; seen++) at = text.indexOf(needle, at + needle.length);
    return at >= 0 && at + needle.length <= end ? source.position(at) : locate(path);
  };
  return { doc, source, locate, scalarSource, locateText };
}

export function parseYaml(text: string): ParsedYaml {
  const { doc, source, locate, scalarSource, locateText } = locator(text);
  const errors = [...plainYamlProblems(doc, source), ...[...doc.errors, ...doc.warnings].map((error) => syntaxProblem(error, source))];
  const empty = !errors.length && (doc.contents === null || (isScalar(doc.contents) && doc.contents.value === null && !doc.contents.source));

  let value: unknown;
  if (!errors.length) {
    try {
      value = doc.toJS({ maxAliasCount: 0 });
    } catch (error) {
      // Not expected once the rules above passed; still a problem of this file, not a crash.
      errors.push({ position: { line: 1, column: 1 }, path: [], ...describe(ERRORS.YamlFailure, { reason: (error as Error).message }) });
    }
  }
  return { value, empty, errors: firstPerLine(errors), locate, scalarSource, locateText };
}

/**
 * One problem per line: a mistake early in a line often confuses the parser for the rest of
 * it, and the first report (ours before the library's, which are less specific) is the one
 * to act on.
 */
function firstPerLine(problems: YamlProblem[]): YamlProblem[] {
  const byLine = new Map<number, YamlProblem>();
  for (const problem of problems) if (!byLine.has(problem.position.line)) byLine.set(problem.position.line, problem);
  return [...byLine.values()].sort((a, b) => a.position.line - b.position.line || a.position.column - b.position.column);
}

function valueAt(doc: Document, offset: number): { path: (string | number)[]; start: number } {
  const path: (string | number)[] = [];
  let node = doc.contents;
  let start = node?.range?.[0] ?? 0;
  const within = (from: number | undefined, to: number | undefined) => from !== undefined && to !== undefined && offset >= from && offset <= to;
  for (;;) {
    let next: Node | null = null;
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = pair.key as Node | null;
        const value = pair.value as Node | null;
        if (!isScalar(key) || !key.range) continue;
        if (within(key.range[0], value?.range?.[2] ?? key.range[2])) {
          path.push(String(key.value));
          // At or before the start of the value: the value as a whole (not its first key).
          if (!value?.range || offset <= value.range[0]) return { path, start: value?.range?.[0] ?? key.range[0] };
          next = value;
          break;
        }
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, index) => {
        const range = (item as Node | null)?.range;
        if (!next && range && within(range[0], range[2])) {
          path.push(index);
          next = item as Node;
        }
      });
    }
    if (!next) return { path, start };
    node = next;
    start = next.range![0];
  }
}

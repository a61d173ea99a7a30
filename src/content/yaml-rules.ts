/**
 * What content YAML may not do, and what to say about the parser's own errors.
 *
 * Content files are plain YAML: mappings, lists and values, each written out. Anchors
 * (`&name`), aliases (`*name`) and tags (`!name`) are refused:
 * - an editor almost never means them: `summary: *vorläufig*` is Markdown emphasis, not a
 *   reference to an anchor, and `!wichtig` silently becomes an empty string;
 * - a shared value would be reported at its anchor, not where it is used, and reviewers of a
 *   pull request could not see what a record holds without resolving references;
 * - without aliases there is no alias bomb (a few lines that expand to gigabytes).
 * Keys are plain words and appear once per mapping (a second one would silently win).
 */
import { isAlias, isMap, isPair, isScalar, isSeq, type Document, type Node, type YAMLError } from 'yaml';
import { describe, ERRORS } from './errors.ts';
import type { YamlProblem, YamlText } from './yaml.ts';

/** Enough to see the pattern; an alias bomb must not flood the report. */
const MAX_PER_FILE = 20;

const SPECIAL: Record<'&' | '*' | '!', string> = {
  '&': 'YAML reads as the name of an anchor',
  '*': 'YAML reads as an alias (a reference to an anchor)',
  '!': 'YAML reads as a type tag',
};

export function plainYamlProblems(doc: Document, source: YamlText): YamlProblem[] {
  const problems: YamlProblem[] = [];
  // One problem per line (parseYaml keeps the first of a line anyway), at most MAX_PER_FILE lines.
  const lines = new Set<number>();
  let more = 0;
  const add = (problem: YamlProblem) => {
    if (lines.has(problem.position.line)) return;
    lines.add(problem.position.line);
    if (problems.length < MAX_PER_FILE) problems.push(problem);
    else more++;
  };

  const special = (char: '&' | '*' | '!', offset: number, path: (string | number)[], feature: string, collection = false) =>
    add({
      position: source.position(offset),
      path,
      // On a mapping or list the editor meant the feature; on a value, usually the text.
      ...describe(ERRORS.YamlSpecial, { char, meaning: SPECIAL[char], feature, ...(collection ? {} : { quote: quoted(source, offset, path) }) }),
    });

  const walk = (node: Node | null, path: (string | number)[]) => {
    if (!node) return;
    if (isAlias(node)) return special('*', node.range![0], path, 'aliases');
    const collection = isMap(node) || isSeq(node);
    if (node.anchor !== undefined) special('&', propertyOffset(source.text, node.range![0], '&'), path, 'anchors', collection);
    if (node.tag !== undefined) special('!', propertyOffset(source.text, node.range![0], '!'), path, 'tags', collection);
    if (isMap(node)) {
      const seen = new Map<string, Node>();
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const key = pair.key as Node | null;
        if (isAlias(key) || !isScalar(key)) {
          const offset = key?.range?.[0] ?? node.range![0];
          add({ position: source.position(offset), path, ...describe(ERRORS.YamlKeyNotPlain) });
          continue;
        }
        const name = String(key.value);
        const first = seen.get(name);
        if (first) {
          const [was, now] = [source.position(first.range![0]).line, source.position(key.range![0]).line];
          add({
            position: source.position(key.range![0]),
            path: [...path, name],
            ...describe(ERRORS.YamlDuplicateKey, { name, was, now }),
          });
        } else {
          seen.set(name, key);
        }
        walk(key, [...path, name]);
        walk(pair.value as Node | null, [...path, name]);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, index) => walk(item as Node | null, [...path, index]));
    }
  };
  walk(doc.contents, []);

  if (more) {
    const last = problems[problems.length - 1]!;
    problems.push({ ...last, position: { line: last.position.line + 1, column: 1 }, ...describe(ERRORS.YamlMoreLikeIt, { more, ...(last.hint ? { hint: last.hint } : {}) }) });
  }
  return problems;
}

/**
 * A node's range starts after its properties (`&a`, `!tag`); the property is just before,
 * perhaps on the line above (`key: &a` with the mapping below).
 */
function propertyOffset(text: string, start: number, char: '&' | '!'): number {
  let found = text.lastIndexOf(char, start);
  if (found === -1) return start;
  while (char === '!' && text[found - 1] === '!') found--; // !!float
  return found;
}

/** The parser's words where they are jargon ("compact mappings"); others are clear enough. */
const PLAIN_MESSAGES: Partial<Record<string, (message: string) => string | undefined>> = {
  BLOCK_AS_IMPLICIT_KEY: () => 'the value contains ": ", which YAML reads as the start of another key',
  UNEXPECTED_TOKEN: (message) => (message === 'Unexpected scalar at node end' ? 'more text follows where the value ended (after a closing quote or bracket)' : undefined),
};

/** Codes whose cause is usually text that YAML reads as syntax: the fix is quotes. */
const QUOTE_CODES = new Set(['BAD_SCALAR_START', 'BAD_ALIAS', 'BLOCK_AS_IMPLICIT_KEY', 'UNEXPECTED_TOKEN']);

export function syntaxProblem(error: YAMLError, source: YamlText): YamlProblem {
  const offset = error.pos[0];
  const { path, start } = source.valueAt(offset);
  const message = error.message.split('\n')[0] ?? error.message;
  const char = source.text[offset];
  if (error.code === 'BAD_SCALAR_START' || error.code === 'BAD_ALIAS') {
    const meaning = error.code === 'BAD_ALIAS' ? SPECIAL[char === '&' ? '&' : '*'] : 'YAML reserves';
    return { position: source.position(offset), path, ...describe(ERRORS.YamlSpecial, { char: char ?? '', meaning, quote: quoted(source, offset, path) }) };
  }
  const said = PLAIN_MESSAGES[error.code]?.(message) ?? message;
  const blockHeader = error.code === 'UNEXPECTED_TOKEN' && message.startsWith('Block scalar header');
  const quote = !blockHeader && QUOTE_CODES.has(error.code) ? quoted(source, Math.min(start, offset), path) : undefined;
  return { position: source.position(offset), path, ...describe(ERRORS.YamlSyntax, { said, code: error.code, blockHeader, ...(quote === undefined ? {} : { quote }) }) };
}

/**
 * `summary: "*vorläufig*"` for the hint "put the value in quotes: …": the value as written
 * from `offset` to the end of its line, quoted so that YAML reads it as text.
 */
function quoted(source: YamlText, offset: number, path: readonly (string | number)[]): string {
  const lineEnd = source.text.indexOf('\n', offset);
  const raw = source.text
    .slice(offset, lineEnd === -1 ? undefined : lineEnd)
    .replace(/\s+#.*$/, '')
    .trimEnd();
  const key = path[path.length - 1];
  const lead = key === undefined ? '' : typeof key === 'number' ? '- ' : `${key}: `;
  const text = !raw ? '"…"' : raw.includes('"') || raw.includes('\\') ? `'${raw.replace(/'/g, "''")}'` : `"${raw}"`;
  return `${lead}${text}`;
}

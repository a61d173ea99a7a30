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

  const special = (char: '&' | '*' | '!', offset: number, path: (string | number)[], what: string, collection = false) =>
    add({
      position: source.position(offset),
      path,
      message: `starts with "${char}", which ${SPECIAL[char]}; content files do not use ${what}`,
      // On a mapping or list the editor meant the feature; on a value, usually the text.
      hint: collection ? 'write the values out in full wherever they are needed' : quoteHint(source, offset, path),
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
          add({ position: source.position(offset), path, message: 'has a key that is not a plain word', hint: 'write keys as plain words followed by a colon, like "title:"' });
          continue;
        }
        const name = String(key.value);
        const first = seen.get(name);
        if (first) {
          const [was, now] = [source.position(first.range![0]).line, source.position(key.range![0]).line];
          add({
            position: source.position(key.range![0]),
            path: [...path, name],
            message: `key "${name}" appears twice in the same mapping, at lines ${was} and ${now}`,
            hint: `keep one of them: YAML allows a key once per mapping (the second would silently replace the first)`,
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
  walk(doc.contents as Node | null, []);

  if (more) {
    const last = problems[problems.length - 1]!;
    problems.push({ ...last, position: { line: last.position.line + 1, column: 1 }, message: `and ${more} more line${more === 1 ? '' : 's'} like it in this file`, hint: last.hint });
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

/** Hints for the parser's errors, by its error code (yaml's YAMLError.code). */
const SYNTAX_HINTS: Partial<Record<string, string>> = {
  TAB_AS_INDENT: 'indent with spaces, not tabs',
  BAD_INDENT: 'line up the keys of one mapping in the same column, and indent with spaces what belongs to the key above',
  MISSING_CHAR: 'close the quote or bracket this value opens, or put the whole value in quotes',
  MULTILINE_IMPLICIT_KEY: 'a key and its colon must be on one line; for text over several lines, write "key: |" and indent the text below it',
  MULTIPLE_DOCS: 'a content file holds one record or one list: delete the "---" or "..." line',
  BAD_DQ_ESCAPE: 'inside "double quotes" a backslash starts an escape: write \\\\ for a backslash, or use single quotes',
  KEY_OVER_1024_CHARS: 'a key must be a short word followed by a colon; is a colon missing after the key above?',
};

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
    const what = error.code === 'BAD_ALIAS' ? SPECIAL[char === '&' ? '&' : '*'] : 'YAML reserves';
    return { position: source.position(offset), path, message: `starts with "${char}", which ${what}`, hint: quoteHint(source, offset, path) };
  }
  const said = PLAIN_MESSAGES[error.code]?.(message) ?? message;
  let hint = SYNTAX_HINTS[error.code] ?? 'check the quotes, colons and indentation of this line and the line above';
  if (error.code === 'UNEXPECTED_TOKEN' && message.startsWith('Block scalar header')) {
    hint = 'after "|" or ">" the line must end; write the text on the lines below, indented';
  } else if (QUOTE_CODES.has(error.code)) {
    hint = `if the value is text, ${quoteHint(source, Math.min(start, offset), path)}`;
  }
  return { position: source.position(offset), path, message: `YAML syntax: ${said}`, hint };
}

/**
 * "put the value in quotes: summary: "*vorläufig*"": the value as written from `offset` to
 * the end of its line, quoted so that YAML reads it as text.
 */
function quoteHint(source: YamlText, offset: number, path: readonly (string | number)[]): string {
  const lineEnd = source.text.indexOf('\n', offset);
  const raw = source.text
    .slice(offset, lineEnd === -1 ? undefined : lineEnd)
    .replace(/\s+#.*$/, '')
    .trimEnd();
  const key = path[path.length - 1];
  const lead = key === undefined ? '' : typeof key === 'number' ? '- ' : `${key}: `;
  const quoted = !raw ? '"…"' : raw.includes('"') || raw.includes('\\') ? `'${raw.replace(/'/g, "''")}'` : `"${raw}"`;
  return `put the value in quotes: ${lead}${quoted}`;
}

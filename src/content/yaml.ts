/**
 * YAML parsing that keeps positions: any key path of a parsed file maps back to a line and
 * column, at any depth (not only top-level keys), so `messages[3].timestamp` points at that line.
 */
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import type { Position } from './problems.ts';

export interface ParsedYaml {
  value: unknown;
  /** Syntax errors; when present, `value` must not be used. */
  syntaxErrors: { message: string; position: Position }[];
  locate(path: readonly (string | number)[]): Position;
}

/**
 * A locator that parses the text again only when a position is asked for: records keep
 * their source text (small), never the whole YAML syntax tree (large), so a 100,000-file
 * archive does not hold 100,000 trees in memory for the rare error found after loading.
 */
export function lazyLocator(text: string): (path: readonly (string | number)[]) => Position {
  let locate: ((path: readonly (string | number)[]) => Position) | undefined;
  return (path) => {
    locate ??= parseYaml(text).locate;
    return locate(path);
  };
}

export function parseYaml(text: string): ParsedYaml {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const toPosition = (offset: number): Position => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };

  const locate = (path: readonly (string | number)[]): Position => {
    let node: unknown = doc.contents;
    let best: Node | null = (doc.contents as Node | null) ?? null;
    for (const part of path) {
      if (isMap(node)) {
        const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(part));
        if (!pair) break;
        // Point at the value; an empty value points at its key.
        const next = (pair.value as Node | null) ?? (pair.key as Node);
        best = (pair.value as Node | null)?.range ? (pair.value as Node) : (pair.key as Node);
        node = next;
      } else if (isSeq(node) && typeof part === 'number') {
        const item = node.items[part] as Node | undefined;
        if (!item) break;
        best = item;
        node = item;
      } else {
        break;
      }
    }
    return best?.range ? toPosition(best.range[0]) : { line: 1, column: 1 };
  };

  return {
    value: doc.errors.length ? undefined : doc.toJS({ maxAliasCount: 100 }),
    syntaxErrors: doc.errors.map((error) => ({
      message: error.message.split('\n')[0] ?? error.message,
      position: toPosition(error.pos[0]),
    })),
    locate,
  };
}

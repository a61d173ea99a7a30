/**
 * A code frame for the human problem output: the offending line of a content
 * file between its neighbours, with a caret under the column, as Babel and Astro print them:
 *
 *       4 | is_response: true
 *     > 5 | sender_public_body: 33
 *         |                     ^
 *       6 | recipient_public_body: null
 *
 * Indented by four, so it sits under the `-> hint` line it belongs to.
 */

/** Lines shown above and below the offending one. */
const CONTEXT = 1;
const INDENT = '    ';

/** The frame for 1-based `line` and `column` (UTF-16 units, as positions are counted); '' when the line is not in the text. */
export function codeFrame(text: string, line: number, column: number): string {
  const lines = text.split(/\r?\n/);
  if (line < 1 || line > lines.length) return '';
  const first = Math.max(1, line - CONTEXT);
  const last = Math.min(lines.length, line + CONTEXT);
  const width = String(last).length;
  const out: string[] = [];
  for (let number = first; number <= last; number++) {
    const content = lines[number - 1]!;
    const gutter = `${number === line ? '>' : ' '} ${String(number).padStart(width)} |`;
    out.push(`${INDENT}${gutter}${content ? ` ${content}` : ''}`.trimEnd());
    if (number === line && column > 0) {
      // Tabs stay tabs, so the caret lines up however wide the terminal draws them.
      const before = content.slice(0, column - 1).replace(/[^\t]/g, ' ');
      out.push(`${INDENT}  ${' '.repeat(width)} | ${before}^`);
    }
  }
  return out.join('\n');
}

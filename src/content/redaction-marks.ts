/**
 * Redaction marks in message texts: an editor wraps a passage that froide would show
 * blacked out in `[[` and `]]`. The content stage checks the marks (content/schema.ts), the
 * model turns them into what froide shows (model/redaction.ts). Outside a mark, `]]` is text.
 */
import { describe, ERRORS, type Described } from './errors.ts';

export const MARK_OPEN = '[[';
export const MARK_CLOSE = ']]';

export interface MarkedPart {
  text: string;
  /** Inside `[[…]]`: hidden from readers. */
  hidden: boolean;
}

export interface MarkProblem extends Described {
  /** Which `[[` of the text (0-based, counted left to right) the problem is at. */
  occurrence: number;
}

export function readRedactionMarks(text: string): { parts: MarkedPart[] } | { problem: MarkProblem } {
  const parts: MarkedPart[] = [];
  let from = 0;
  for (let occurrence = 0; ; occurrence++) {
    const open = text.indexOf(MARK_OPEN, from);
    if (open < 0) break;
    if (open > from) parts.push({ text: text.slice(from, open), hidden: false });
    const start = open + MARK_OPEN.length;
    const close = text.indexOf(MARK_CLOSE, start);
    const nextOpen = text.indexOf(MARK_OPEN, start);
    if (close < 0 || (nextOpen >= 0 && nextOpen < close)) {
      return {
        problem: { ...describe(ERRORS.UnclosedRedaction, { open: MARK_OPEN, close: MARK_CLOSE, beforeNext: close >= 0 }), occurrence },
      };
    }
    if (close === start) {
      return { problem: { ...describe(ERRORS.EmptyRedaction, { open: MARK_OPEN, close: MARK_CLOSE }), occurrence } };
    }
    parts.push({ text: text.slice(start, close), hidden: true });
    from = close + MARK_CLOSE.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), hidden: false });
  return { parts };
}

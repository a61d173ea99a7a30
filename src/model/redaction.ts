/**
 * A message subject or text as froide shows it to an anonymous reader: each passage
 * an editor marked `[[…]]` (content/redaction-marks.ts) becomes froide's marker, and the segments are
 * froide's `get_differences(redacted, original)` (model/text-diff.ts).
 */
import { readRedactionMarks } from '../content/redaction-marks.ts';
import { differences, type Segment } from './text-diff.ts';

/**
 * What froide writes for a redacted passage: `_("[redacted]")`, German "[geschwärzt]"
 * (okfde/froide:froide/helper/text_utils.py `apply_user_redaction`, froide/locale/de/…/django.po).
 */
export const REDACTION_MARKER = '[geschwärzt]';

const escaped = REDACTION_MARKER.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** froide joins markers separated by single spaces into one (apply_user_redaction). */
const ADJACENT_MARKERS = new RegExp(`${escaped}(?: ${escaped})+`, 'gu');

export interface RedactedText {
  /** The text with every marked passage replaced by the marker: froide's `subject` / `content`. */
  text: string;
  /** froide's `redacted_subject` / `redacted_content`. */
  segments: Segment[];
}

/** `source` is validated content: its marks are well-formed (content/schema.ts checks them). */
export function redactText(source: string): RedactedText {
  const read = readRedactionMarks(source);
  if ('problem' in read) throw new Error(`unchecked redaction marks: ${read.problem.message}`);
  const { parts } = read;
  const original = parts.map((part) => part.text).join('');
  if (!parts.some((part) => part.hidden)) return { text: original, segments: differences(original, original) };
  const text = parts.map((part) => (part.hidden ? REDACTION_MARKER : part.text)).join('').replace(ADJACENT_MARKERS, REDACTION_MARKER);
  return { text, segments: differences(text, original) };
}

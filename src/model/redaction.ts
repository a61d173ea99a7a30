/**
 * A message subject or text as froide shows it to an anonymous reader: each passage
 * an editor marked `[[…]]` (content/redaction-marks.ts) becomes froide's marker, and the segments are
 * froide's `get_differences(redacted, original)` (model/text-diff.ts).
 */
import { readRedactionMarks } from '../content/redaction-marks.ts';
import { StoredText, type LazyText } from '../lib/stored-text.ts';
import { differences, type Segment } from './text-diff.ts';

/**
 * What froide writes for a redacted passage: `_("[redacted]")`, German "[geschwärzt]"
 * (okfde/froide:froide/helper/text_utils.py `apply_user_redaction`, froide/locale/de/…/django.po).
 */
export const REDACTION_MARKER = '[geschwärzt]';

const escaped = REDACTION_MARKER.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** froide joins markers separated by single spaces into one (apply_user_redaction). */
const ADJACENT_MARKERS = new RegExp(`${escaped}(?: ${escaped})+`, 'gu');

/**
 * A redacted subject or text: `text` is froide's `subject` / `content`, `segments` its
 * `redacted_subject` / `redacted_content`, worked out when first asked for (a message's two
 * texts would otherwise hold their arrays for every message of the archive, while the
 * serializers ask for them once or twice) and kept, since the difference of a redacted text
 * costs more than that of an unredacted one (see MessageText).
 */
class RedactedText {
  /** The segments, once worked out (a private field: the model is frozen). */
  #segments: Segment[] | undefined;

  constructor(
    readonly text: string,
    /** The text before redaction. */
    private readonly original: string,
  ) {}

  get segments(): Segment[] {
    return (this.#segments ??= differences(this.text, this.original));
  }
}

/**
 * A message's subject or text in memory: the text itself when nothing in it is redacted (most
 * texts; a RedactedText costs 48 bytes more, two per message), else a RedactedText.
 */
export type ShownText = string | RedactedText;

/**
 * A message's subject or text as the model keeps it: in memory (ShownText), or where the parse
 * cache keeps it (a StoredText of the message's source text, content/parse-cache.ts), read and
 * its marks applied each time a serializer asks (`shown`).
 */
export type MessageText = ShownText | StoredText;

/** `source` is validated content: its marks are well-formed (content/schema.ts checks them). */
export function messageText(source: string): ShownText;
export function messageText(source: LazyText): MessageText;
export function messageText(source: LazyText): MessageText {
  if (source instanceof StoredText) return source;
  const { text, original } = readMarked(source);
  return original === undefined ? text : new RedactedText(text, original);
}

/** The text in memory: a stored one is read and its marks applied. */
export const shown = (text: MessageText): ShownText => (text instanceof StoredText ? messageText(text.read()) : text);

/** froide's `subject` / `content` of a message text. */
export const shownText = (text: ShownText): string => (typeof text === 'string' ? text : text.text);

/** froide's `redacted_subject` / `redacted_content` of a message text. */
export const shownSegments = (text: ShownText): Segment[] => (typeof text === 'string' ? differences(text, text) : text.segments);

/** The text as shown, and the text before redaction when something is redacted. */
function readMarked(source: string): { text: string; original?: string } {
  const read = readRedactionMarks(source);
  if ('problem' in read) throw new Error(`unchecked redaction marks: ${read.problem.message}`);
  const { parts } = read;
  const original = parts.map((part) => part.text).join('');
  if (!parts.some((part) => part.hidden)) return { text: original };
  const text = parts.map((part) => (part.hidden ? REDACTION_MARKER : part.text)).join('').replace(ADJACENT_MARKERS, REDACTION_MARKER);
  return { text, original };
}

/**
 * The one rule for every name the importer turns into a path of content/ (docs/import.md, "A
 * source it does not control"): an attachment's `name`, a slug in a folder or file name, the last
 * segment of a document's `file_url`. A name is normalised to Unicode NFC (what editors type and
 * the loader matches, src/content/file-names.ts); what normalising cannot make safe is refused,
 * never rewritten, because the name is also what the mirror publishes:
 *
 * - empty, `.` or `..`, or starting with a dot (a hidden file, or a way up);
 * - a control character (U+0000–U+001F, U+007F–U+009F, NUL included), `/` or `\`;
 * - longer than 255 bytes in UTF-8 (the limit of ext4, APFS, NTFS for one name);
 * - equal but for case to another name of the same folder (they would be one file on macOS and
 *   Windows).
 *
 * The content writer checks every path again, resolved, before it writes a byte (content-files.ts).
 */
import { ApiShapeError } from './values.ts';

/** A name no file of content/ can have: the object it belongs to is skipped and reported. */
export class NameRefused extends ApiShapeError {
  override name = 'NameRefused';
}

const MAX_NAME_BYTES = 255;

// eslint-disable-next-line no-control-regex -- control characters are what this finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Why `name` (already NFC) cannot be a file name, or null when it can. */
export function nameProblem(name: string): string | null {
  if (name === '') return 'is empty';
  if (name === '.' || name === '..') return `is "${name}"`;
  if (name.startsWith('.')) return 'starts with a dot';
  const control = CONTROL.exec(name);
  if (control) return `holds the control character U+${control[0].charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`;
  if (name.includes('/')) return 'holds "/"';
  if (name.includes('\\')) return 'holds "\\"';
  const bytes = Buffer.byteLength(name, 'utf8');
  if (bytes > MAX_NAME_BYTES) return `is ${bytes} bytes long (at most ${MAX_NAME_BYTES})`;
  return null;
}

/** A name as the rule cleans it (NFC); throws NameRefused, naming `what`, when it cannot be cleaned. */
export function cleanName(raw: string, what: string): string {
  const name = raw.normalize('NFC');
  const problem = nameProblem(name);
  if (problem) throw new NameRefused(`${what}: the name ${JSON.stringify(raw.slice(0, 80))}${raw.length > 80 ? '…' : ''} ${problem}; no file can have it`);
  return name;
}

/** Throws NameRefused when two names of one folder are equal but for case (or equal). */
export function refuseCaseTwins(names: readonly string[], what: string): void {
  const seen = new Map<string, string>();
  for (const name of names) {
    const key = name.toLowerCase();
    const other = seen.get(key);
    if (other !== undefined) throw new NameRefused(`${what}: the names ${JSON.stringify(other)} and ${JSON.stringify(name)} would be one file on a case-insensitive disk`);
    seen.set(key, name);
  }
}

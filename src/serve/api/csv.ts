/**
 * CSV as froide renders it (docs/froide.md#csv): froide's CustomPaginatedCSVRenderer on
 * djangorestframework-csv's CSVRenderer, which flattens every object to one level (nested keys
 * joined with `.`, list items by their index), takes the sorted union of the keys as the header
 * and writes the rows with Python's `csv.writer` (the `excel` dialect). Pure and web-standard:
 * the function and the Edge Functions render with it, so a CSV answer is the same bytes wherever
 * it is computed.
 */
import { numberText } from '../../formats/json.ts';

export const CSV_TYPE = 'text/csv';
/** DRF's BaseRenderer charset is utf-8, and the response's Content-Type names it. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

type Flat = Map<string, unknown>;

/**
 * The rows of an answer: a list page's `objects` (froide renders nothing else of it: no
 * `meta`, no `facets`), the items of a bare array, and a single object as its one row, where
 * froide's renderer finds no `objects` and writes an empty body (docs/api.md, deviations).
 */
export function csvRows(answer: unknown): unknown[] {
  if (Array.isArray(answer)) return answer;
  if (answer !== null && typeof answer === 'object') {
    const objects = (answer as Record<string, unknown>).objects;
    return Array.isArray(objects) ? objects : [answer];
  }
  return answer === null || answer === undefined ? [] : [answer];
}

/**
 * djangorestframework-csv's `flatten_item`, bottom-up as it is written: a dict or a list becomes
 * its items' flat keys under the item's key (`nest_flat_item`: `key.inner`, or the key alone
 * where the inner key is empty), anything else is one value under `''`. A later item of the same
 * flat name wins, as `dict.update` does.
 */
function flatten(value: unknown): Flat {
  if (value === null || typeof value !== 'object') return new Map([['', value]]);
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
  const flat: Flat = new Map();
  for (const [key, item] of entries) {
    for (const [inner, leaf] of flatten(item)) flat.set(inner === '' ? key : `${key}.${inner}`, leaf);
  }
  return flat;
}

/** Python's sort of str: by code point (JavaScript's default compares UTF-16 units). */
function byCodePoint(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const diff = left[i]!.codePointAt(0)! - right[i]!.codePointAt(0)!;
    if (diff !== 0) return diff;
  }
  return left.length - right.length;
}

/**
 * Python's `repr` of a float, which `csv.writer` writes through `str()`: the shortest digits
 * that read back, in exponent notation below 1e-4 and from 1e16 (two exponent digits at least).
 */
export function pythonFloatRepr(value: number): string {
  const [mantissa, exponentText] = value.toExponential().split('e') as [string, string];
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 16) {
    const sign = exponent < 0 ? '-' : '+';
    return `${mantissa}e${sign}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  const text = String(value);
  return text.includes('.') ? text : `${text}.0`;
}

/** The text `csv.writer` writes for a value: `str()` of it, None as empty. */
function cellText(key: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') {
    const leaf = key.slice(key.lastIndexOf('.') + 1);
    // Integers stay integers; a decimal field is a Python float even when integral (`0.0`).
    return Number.isInteger(value) ? numberText(leaf, value) : pythonFloatRepr(value);
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** QUOTE_MINIMAL of the `excel` dialect: quote a field holding `,`, `"`, `\r` or `\n`, doubling `"`. */
function quoted(text: string): string {
  return /[,"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One `writerow`: a row of one empty field is `""` (Python's writer, so the line is not blank). */
function line(cells: readonly string[]): string {
  if (cells.length === 1 && cells[0] === '') return '""\r\n';
  return `${cells.map(quoted).join(',')}\r\n`;
}

/** The CSV text of an answer, as froide's renderer writes it; empty when there are no rows. */
export function renderCsv(answer: unknown): string {
  const rows = csvRows(answer).map(flatten);
  if (rows.length === 0) return '';
  const keys = new Set<string>();
  for (const row of rows) for (const key of row.keys()) keys.add(key);
  const header = [...keys].sort(byCodePoint);
  let text = line(header);
  for (const row of rows) text += line(header.map((key) => cellText(key, row.get(key))));
  return text;
}

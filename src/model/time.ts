/**
 * Timestamps as integer microseconds since the epoch (froide keeps microseconds; JS Date
 * only milliseconds), and froide's two renderings of them (docs/froide.md#values, docs/api.md#document-fields).
 */
export type Timestamp = number;

/** The timestamp of a moment given in Unix seconds (the build clock, Settings.now). */
export const timestampOfSeconds = (seconds: number): Timestamp => seconds * 1_000_000;

/** The digit at `at`, or -1. */
function digitAt(text: string, at: number): number {
  const code = text.charCodeAt(at) - 48;
  return code >= 0 && code <= 9 ? code : -1;
}

/** The number written with `count` digits from `at`, or -1 if any of them is not a digit. */
function digitsAt(text: string, at: number, count: number): number {
  let value = 0;
  for (let index = at; index < at + count; index++) {
    const digit = digitAt(text, index);
    if (digit < 0) return -1;
    value = value * 10 + digit;
  }
  return value;
}

function notIso(text: string): Error {
  return new Error(`not an ISO date-time with offset: ${text}`);
}

/**
 * Parses a validated ISO 8601 date-time with offset: `YYYY-MM-DDTHH:MM`, optionally `:SS` and
 * then optionally `.` and 1-6 digits, then `Z` or `+HH:MM`/`-HH:MM`. Read character by
 * character rather than by a regular expression: a build parses every message's timestamp,
 * and a match array for each was a tenth of what loading allocates beside the model.
 */
export function parseTimestamp(text: string): Timestamp {
  const y = digitsAt(text, 0, 4);
  const mo = digitsAt(text, 5, 2);
  const d = digitsAt(text, 8, 2);
  const h = digitsAt(text, 11, 2);
  const mi = digitsAt(text, 14, 2);
  if (y < 0 || mo < 0 || d < 0 || h < 0 || mi < 0 || text[4] !== '-' || text[7] !== '-' || text[10] !== 'T' || text[13] !== ':') throw notIso(text);
  let at = 16;
  let s = 0;
  let micro = 0;
  if (text[at] === ':') {
    s = digitsAt(text, at + 1, 2);
    if (s < 0) throw notIso(text);
    at += 3;
    if (text[at] === '.') {
      const start = ++at;
      while (at - start < 6 && digitAt(text, at) >= 0) micro = micro * 10 + digitAt(text, at++);
      if (at === start) throw notIso(text);
      micro *= 10 ** (6 - (at - start));
    }
  }
  let offsetMinutes = 0;
  if ((text[at] === '+' || text[at] === '-') && text.length === at + 6 && text[at + 3] === ':') {
    const oh = digitsAt(text, at + 1, 2);
    const om = digitsAt(text, at + 4, 2);
    if (oh < 0 || om < 0) throw notIso(text);
    offsetMinutes = (text[at] === '-' ? -1 : 1) * (oh * 60 + om);
  } else if (text[at] !== 'Z' || text.length !== at + 1) throw notIso(text);
  const ms = Date.UTC(y, mo - 1, d, h, mi, s) - offsetMinutes * 60_000;
  return ms * 1000 + micro;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function parts(epochMs: number, timeZone: string): Record<string, number> {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  const out: Record<string, number> = {};
  for (const part of formatter.formatToParts(new Date(epochMs))) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return out;
}

/**
 * Offsets change only at whole hours (DST switches), so one Intl lookup per zone and hour
 * serves every timestamp in it; Intl.formatToParts was a tenth of the build's CPU time.
 */
const offsetCache = new Map<string, number>();

function offsetMinutes(timestamp: Timestamp, timeZone: string): number {
  const hour = Math.floor(timestamp / 3_600_000_000);
  const key = `${timeZone}:${hour}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    offset = computeOffsetMinutes(hour * 3_600_000_000, timeZone);
    if (offsetCache.size > 200_000) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return offset;
}

function computeOffsetMinutes(timestamp: Timestamp, timeZone: string): number {
  const epochMs = Math.floor(timestamp / 1000);
  const p = parts(epochMs, timeZone);
  const local = Date.UTC(p.year!, p.month! - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((local - Math.floor(epochMs / 1000) * 1000) / 60_000);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function render(timestamp: Timestamp, offset: number, separator: string, alwaysMicros: boolean): string {
  const micros = ((timestamp % 1_000_000) + 1_000_000) % 1_000_000;
  const seconds = (timestamp - micros) / 1_000_000;
  const local = new Date((seconds + offset * 60) * 1000);
  const date = `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
  const fraction = micros || alwaysMicros ? `.${pad(micros, 6)}` : '';
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${date}${separator}${time}${fraction}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** DRF DateTimeField: local time of the site's zone, offset, microseconds only when non-zero. */
export function formatDateTime(timestamp: Timestamp, timeZone: string): string {
  return render(timestamp, offsetMinutes(timestamp, timeZone), 'T', false);
}

/** Python `str(datetime)` in UTC: `YYYY-MM-DD HH:MM:SS.ffffff+00:00` (microseconds always, docs/api.md#document-fields). */
export function formatPythonUtc(timestamp: Timestamp): string {
  return render(timestamp, 0, ' ', true);
}

/** Python `str(datetime)` omits `.ffffff` when zero; used where froide renders str() of a value (docs/froide.md#values). */
export function formatPythonDateTime(timestamp: Timestamp): string {
  return render(timestamp, 0, ' ', false);
}

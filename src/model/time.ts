/**
 * Timestamps as integer microseconds since the epoch (froide keeps microseconds; JS Date
 * only milliseconds), and froide's two renderings of them (docs/froide.md#values, docs/api.md#document-fields).
 */
export type Timestamp = number;

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|[+-]\d{2}:\d{2})$/;

/** Parses a validated ISO 8601 date-time with offset. */
export function parseTimestamp(text: string): Timestamp {
  const match = ISO.exec(text);
  if (!match) throw new Error(`not an ISO date-time with offset: ${text}`);
  const [, y, mo, d, h, mi, s = '0', frac = '', zone] = match;
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    const sign = zone!.startsWith('-') ? -1 : 1;
    offsetMinutes = sign * (Number(zone!.slice(1, 3)) * 60 + Number(zone!.slice(4, 6)));
  }
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) - offsetMinutes * 60_000;
  return ms * 1000 + Number(frac.padEnd(6, '0'));
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

/**
 * parseTimestamp reads a date-time with offset character by character; it must accept and
 * read exactly what the ISO 8601 pattern it replaced did.
 */
import { describe, expect, it } from 'vitest';
import { parseTimestamp } from '../../src/model/time.ts';

/** The pattern parseTimestamp replaced, as the oracle. */
const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|[+-]\d{2}:\d{2})$/;

function byPattern(text: string): number | 'error' {
  const match = ISO.exec(text);
  if (!match) return 'error';
  const [, y, mo, d, h, mi, s = '0', frac = '', zone] = match;
  const offset = zone === 'Z' ? 0 : (zone!.startsWith('-') ? -1 : 1) * (Number(zone!.slice(1, 3)) * 60 + Number(zone!.slice(4, 6)));
  return (Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) - offset * 60_000) * 1000 + Number(frac.padEnd(6, '0'));
}

function parsed(text: string): number | 'error' {
  try {
    return parseTimestamp(text);
  } catch {
    return 'error';
  }
}

describe('parseTimestamp', () => {
  it('reads what the pattern reads', () => {
    expect(parseTimestamp('2024-01-01T00:00:00Z')).toBe(Date.UTC(2024, 0, 1) * 1000);
    expect(parseTimestamp('2024-03-05T10:20:30.5+02:00')).toBe((Date.UTC(2024, 2, 5, 8, 20, 30) * 1000) + 500_000);
    expect(parseTimestamp('2024-03-05T10:20-01:30')).toBe(Date.UTC(2024, 2, 5, 11, 50) * 1000);
    expect(parseTimestamp('2024-03-05T10:20:30.123456Z') % 1_000_000).toBe(123_456);
  });

  it('accepts and refuses exactly what the pattern does, on many variations of valid and broken forms', () => {
    const valid = ['2024-01-01T00:00:00Z', '1999-12-31T23:59:59.999999+14:00', '2024-02-29T12:00-05:30', '2024-06-01T08:09:10.1Z', '0001-01-01T00:00:00.000001-00:00'];
    const alphabet = '0123456789-T:.Z+ x١';
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const cases = new Set<string>(['', 'Z', '2024-01-01', '2024-01-01T00:00', '2024-01-01T00:00:00.Z', '2024-01-01T00:00:00.1234567Z', '2024-01-01T00:00:00+0100', '2024-01-01T00:00:00Zx', '2024-01-01t00:00:00Z']);
    for (const text of valid) {
      cases.add(text);
      for (let round = 0; round < 400; round++) {
        const at = random(text.length + 1);
        const edit = random(3);
        const char = alphabet[random(alphabet.length)]!;
        cases.add(edit === 0 ? text.slice(0, at) + char + text.slice(at + 1) : edit === 1 ? text.slice(0, at) + char + text.slice(at) : text.slice(0, at) + text.slice(at + 1));
      }
    }
    let accepted = 0;
    for (const text of cases) {
      const expected = byPattern(text);
      if (expected !== 'error') accepted++;
      expect(parsed(text), JSON.stringify(text)).toBe(expected);
    }
    // Both kinds of case are there in numbers.
    expect(accepted).toBeGreaterThan(50);
    expect(cases.size - accepted).toBeGreaterThan(500);
  });
});

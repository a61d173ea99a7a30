/**
 * scan: no key lookup; one values file per filter holds each object's strings (one per
 * `match` slot) and the lookup scans it: `icontains` (case-insensitive substring; the file
 * holds the lower-cased string) or `prefix` (case-sensitive). Any slot matching keeps the
 * object. For `q` filters a key per substring would be too many keys. With `bits`, the value
 * is split at whitespace and every bit must match (froide's `make_search_filter`: one
 * `name__icontains` per bit, AND). With `rank` (a weight per slot) the matches are ordered by
 * score, highest first: the weighted number of occurrences of the bits (froide sorts search
 * hits by Elasticsearch's `_score`).
 */
import { indexKey, valueKind } from './keyed.ts';
import { valuesOf } from './kind.ts';
import type { ScanParse } from './parses.ts';

/** The one index file: an array by position of each object's strings. */
export const SCAN_FILE = 'scan';

function occurrences(text: string, part: string): number {
  let count = 0;
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length)) count++;
  return count;
}

/** The value to search for, trimmed. */
export const scan = valueKind<ScanParse, string>({
  index(spec, ordered) {
    const rows = ordered.map((object) => {
      const values = valuesOf(spec, object);
      return spec.parse.match.map((match, slot) => {
        const value = values[slot] === null || values[slot] === undefined ? '' : indexKey(values[slot]);
        return match === 'icontains' ? value.toLowerCase() : value;
      });
    });
    return [{ file: SCAN_FILE, body: JSON.stringify(rows) }];
  },
  parse: (_parse, value) => ({ value }),
  async lookup(spec, value, { reader, scores }) {
    const { match, bits, rank } = spec.parse;
    const rows = ((await reader.index(SCAN_FILE)) ?? []) as string[][];
    const parts = bits ? value.split(/\s+/).filter(Boolean) : [value];
    const folded = parts.map((part) => part.toLowerCase());
    const positions: number[] = [];
    rows.forEach((row, position) => {
      const hit = parts.every((part, i) => match.some((mode, slot) => (mode === 'icontains' ? row[slot]!.includes(folded[i]!) : row[slot]!.startsWith(part))));
      if (!hit) return;
      positions.push(position);
      if (rank) scores.set(position, folded.reduce((sum, part) => sum + rank.reduce((acc, weight, slot) => acc + weight * occurrences(row[slot]!, part), 0), 0));
    });
    return positions;
  },
});

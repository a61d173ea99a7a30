/**
 * froide's redaction segments (okfde/froide:froide/helper/text_diff.py `get_differences`):
 * the text an anonymous reader sees, cut into `[redacted, text]` pieces by comparing it with
 * the unredacted text. froide computes them with Python's difflib.SequenceMatcher over word
 * and separator chunks; the segment boundaries depend on that algorithm's choices (which
 * equal chunks it pairs, how short equal runs are absorbed), so this is the same algorithm,
 * not an approximation of it. Test data generated with froide's module: test/model/text-diff.test.ts.
 */

/** `[true, text]` is a redacted piece (froide's JSON: a two-element list). */
export type Segment = [boolean, string];

/** froide's SPLITTER: each of these characters is a chunk of its own; runs of the others are words. */
const SPLITTER = /([\u0000-\u002C\u003B-\u003F\u005B-\u005E\u0060\u007B-\u007E])/u;
const SEPARATOR = new RegExp(`^${SPLITTER.source}$`, 'u');

export function diffChunks(text: string): string[] {
  return text.split(SPLITTER).filter((chunk) => chunk !== '');
}

/**
 * froide tests `re.match("^(…)$", part)`; Python's `$` also matches before a final newline,
 * so a separator followed by "\n" counts as a separator too.
 */
function isSeparator(part: string): boolean {
  return SEPARATOR.test(part) || (part.endsWith('\n') && SEPARATOR.test(part.slice(0, -1)));
}

/** Python's len(): code points, not UTF-16 units. */
const codePoints = (text: string) => {
  let count = 0;
  for (const _ of text) count++;
  return count;
};

interface Match {
  a: number;
  b: number;
  size: number;
}

/**
 * difflib's find_longest_match without junk (froide passes autojunk=False): the longest
 * common run of a[alo:ahi] and b[blo:bhi]; of equally long ones the first in a, then in b.
 */
function longestMatch(a: string[], positions: Map<string, number[]>, alo: number, ahi: number, blo: number, bhi: number): Match {
  let best: Match = { a: alo, b: blo, size: 0 };
  let runs = new Map<number, number>();
  for (let i = alo; i < ahi; i++) {
    const next = new Map<number, number>();
    for (const j of positions.get(a[i]!) ?? []) {
      if (j < blo) continue;
      if (j >= bhi) break;
      const size = (runs.get(j - 1) ?? 0) + 1;
      next.set(j, size);
      if (size > best.size) best = { a: i - size + 1, b: j - size + 1, size };
    }
    runs = next;
  }
  return best;
}

/** difflib's get_matching_blocks: non-adjacent common runs in order, then the (len a, len b, 0) sentinel. */
function matchingBlocks(a: string[], b: string[]): Match[] {
  const positions = new Map<string, number[]>();
  b.forEach((chunk, j) => {
    const list = positions.get(chunk);
    if (list) list.push(j);
    else positions.set(chunk, [j]);
  });
  const found: Match[] = [];
  const queue: [number, number, number, number][] = [[0, a.length, 0, b.length]];
  while (queue.length) {
    const [alo, ahi, blo, bhi] = queue.pop()!;
    const match = longestMatch(a, positions, alo, ahi, blo, bhi);
    if (!match.size) continue;
    found.push(match);
    if (alo < match.a && blo < match.b) queue.push([alo, match.a, blo, match.b]);
    if (match.a + match.size < ahi && match.b + match.size < bhi) queue.push([match.a + match.size, ahi, match.b + match.size, bhi]);
  }
  found.sort((x, y) => x.a - y.a || x.b - y.b || x.size - y.size);
  const blocks: Match[] = [];
  for (const match of found) {
    const last = blocks[blocks.length - 1];
    if (last && last.a + last.size === match.a && last.b + last.size === match.b) last.size += match.size;
    else blocks.push({ ...match });
  }
  blocks.push({ a: a.length, b: b.length, size: 0 });
  return blocks;
}

/** The pieces of `a` with whether they also occur in `b` (get_opcodes; pieces only in b are dropped). */
function* chunkDifferences(a: string[], b: string[]): Generator<[boolean, string]> {
  let i = 0;
  let lastSame = false;
  for (const block of matchingBlocks(a, b)) {
    const pieces: [boolean, number, number][] = [];
    if (i < block.a) pieces.push([false, i, block.a]);
    if (block.size) pieces.push([true, block.a, block.a + block.size]);
    for (const [same, from, to] of pieces) {
      const part = a.slice(from, to).join('');
      // froide: a lone separator goes with the piece before it.
      if (isSeparator(part)) {
        yield [lastSame, part];
        continue;
      }
      lastSame = same;
      yield [same, part];
    }
    i = block.a + block.size;
  }
}

/**
 * froide's get_differences(shown, hidden): the pieces of `shown`, `true` where they differ from
 * `hidden`. A redacted piece stays open across equal runs of up to `minPartLength` code points.
 */
export function differences(shown: string, hidden: string, minPartLength = 3): Segment[] {
  // What the algorithm gives for equal texts (one equal run), without its quadratic cost on
  // long texts: the unredacted messages, nearly all of them.
  if (shown === hidden) return shown === '' ? [] : [[isSeparator(shown), shown]];
  const segments: Segment[] = [];
  let opened = false;
  let pending: string[] = [];
  const flush = () => {
    if (pending.length) segments.push([opened, pending.join('')]);
    pending = [];
  };
  for (const [same, part] of chunkDifferences(diffChunks(shown), diffChunks(hidden))) {
    if (same && opened && codePoints(part) > minPartLength) {
      flush();
      opened = false;
    } else if (!opened && !same) {
      flush();
      opened = true;
    }
    pending.push(part);
  }
  flush();
  return segments;
}

/**
 * froide's redaction segments (okfde/froide:froide/helper/text_diff.py `get_differences`):
 * the text an anonymous reader sees, cut into `[redacted, text]` pieces by comparing it with
 * the unredacted text. froide computes them with Python's difflib.SequenceMatcher over word
 * and separator chunks; the segment boundaries depend on that algorithm's choices (which
 * equal chunks it pairs, how short equal runs are absorbed), so this makes the same choices,
 * step by step; only its longest-match search is faster (see longestMatch). Checked against
 * answers of froide's module: test/model/text-diff.test.ts.
 */

/** `[true, text]` is a redacted piece (froide's JSON: a two-element list). */
export type Segment = [boolean, string];

/** froide's SPLITTER: each of these characters is a chunk of its own; runs of the others are words. */
// eslint-disable-next-line no-control-regex -- froide's character class starts at NUL
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
 * The suffix automaton of b[from:to] (chunks as numbers below `tokens`): every substring of
 * that range is a path from state 0, and each state knows where its strings first end
 * (`firstEnd`). Edges live in one map keyed by state and token, the cheapest layout for the
 * few hundred states of a letter.
 */
class SuffixAutomaton {
  private readonly edges = new Map<number, number>();
  /** Each state's outgoing tokens, to copy them when a state is cloned. */
  private readonly outgoing: number[][] = [[]];
  readonly link: number[] = [-1];
  readonly length: number[] = [0];
  readonly firstEnd: number[] = [-1];

  constructor(
    b: readonly number[],
    from: number,
    to: number,
    private readonly tokens: number,
  ) {
    let last = 0;
    for (let j = from; j < to; j++) {
      const token = b[j]!;
      const current = this.add(this.length[last]! + 1, j);
      let state = last;
      while (state !== -1 && this.next(state, token) === undefined) {
        this.setEdge(state, token, current);
        state = this.link[state]!;
      }
      if (state === -1) this.link[current] = 0;
      else {
        const target = this.next(state, token)!;
        if (this.length[state]! + 1 === this.length[target]) this.link[current] = target;
        else {
          const clone = this.add(this.length[state]! + 1, this.firstEnd[target]!);
          for (const out of this.outgoing[target]!) this.setEdge(clone, out, this.next(target, out)!);
          this.link[clone] = this.link[target]!;
          while (state !== -1 && this.next(state, token) === target) {
            this.edges.set(state * this.tokens + token, clone);
            state = this.link[state]!;
          }
          this.link[target] = clone;
          this.link[current] = clone;
        }
      }
      last = current;
    }
  }

  next(state: number, token: number): number | undefined {
    return this.edges.get(state * this.tokens + token);
  }

  private setEdge(state: number, token: number, target: number): void {
    this.edges.set(state * this.tokens + token, target);
    this.outgoing[state]!.push(token);
  }

  private add(length: number, firstEnd: number): number {
    this.outgoing.push([]);
    this.link.push(-1);
    this.length.push(length);
    this.firstEnd.push(firstEnd);
    return this.link.length - 1;
  }
}

/**
 * difflib's find_longest_match without junk (froide passes autojunk=False): the longest
 * common run of a[alo:ahi] and b[blo:bhi]; of equally long ones the one that ends first in a,
 * and of those the first in b. difflib finds it by dynamic programming over all pairs of
 * equal chunks, quadratic in the frequent ones (blanks): seconds for a long letter. Walking a
 * through b's suffix automaton finds, for each end in a, the longest run ending there and
 * where it first ends in b: the same match in linear time.
 */
function longestMatch(a: readonly number[], b: readonly number[], tokens: number, alo: number, ahi: number, blo: number, bhi: number): Match {
  const automaton = new SuffixAutomaton(b, blo, bhi, tokens);
  let best: Match = { a: alo, b: blo, size: 0 };
  let state = 0;
  let size = 0;
  for (let i = alo; i < ahi; i++) {
    const token = a[i]!;
    while (state !== 0 && automaton.next(state, token) === undefined) {
      state = automaton.link[state]!;
      size = automaton.length[state]!;
    }
    const next = automaton.next(state, token);
    if (next === undefined) {
      state = 0;
      size = 0;
      continue;
    }
    state = next;
    size++;
    if (size > best.size) best = { a: i - size + 1, b: automaton.firstEnd[state]! - size + 1, size };
  }
  return best;
}

/** difflib's get_matching_blocks: non-adjacent common runs in order, then the (len a, len b, 0) sentinel. */
function matchingBlocks(chunksA: string[], chunksB: string[]): Match[] {
  const ids = new Map<string, number>();
  const id = (chunk: string) => {
    let value = ids.get(chunk);
    if (value === undefined) ids.set(chunk, (value = ids.size));
    return value;
  };
  const a = chunksA.map(id);
  const b = chunksB.map(id);
  const found: Match[] = [];
  const queue: [number, number, number, number][] = [[0, a.length, 0, b.length]];
  while (queue.length) {
    const [alo, ahi, blo, bhi] = queue.pop()!;
    const match = longestMatch(a, b, ids.size, alo, ahi, blo, bhi);
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

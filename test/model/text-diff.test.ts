/**
 * froide's redaction segments (model/text-diff.ts, model/redaction.ts) against answers of
 * froide's own code for the same texts (test/fixtures/text-diff/README.md).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diffChunks, differences, type Segment } from '../../src/model/text-diff.ts';
import { messageText, REDACTION_MARKER, shownSegments, shownText } from '../../src/model/redaction.ts';

interface MarkedCase {
  marked: string;
  text: string;
  segments: Segment[];
}

interface PairCase {
  shown: string;
  hidden: string;
  segments: Segment[];
}

const ALL: (MarkedCase | PairCase)[] = JSON.parse(readFileSync(new URL('../fixtures/text-diff/cases.json', import.meta.url), 'utf8'));
const CASES = ALL.filter((c): c is MarkedCase => 'marked' in c);
const PAIRS = ALL.filter((c): c is PairCase => 'shown' in c);

describe('redaction segments (froide get_differences)', () => {
  it('has the fixture cases', () => {
    expect(CASES).toHaveLength(122);
    expect(PAIRS).toHaveLength(60);
    expect(CASES.filter((c) => c.marked.includes('[[')).length).toBeGreaterThan(40);
  });

  // Unmarked cases check differences()'s shortcut for equal texts; marked ones the matcher.
  it.each(CASES.map((c) => [JSON.stringify(c.marked), c] as const))('%s', (_, c) => {
    const shown = messageText(c.marked);
    expect({ text: shownText(shown), segments: shownSegments(shown) }).toEqual({ text: c.text, segments: c.segments });
  });

  it.each(PAIRS.map((c, index) => [index, c] as const))('texts that differ anywhere, pair %i', (_, c) => {
    expect(differences(c.shown, c.hidden)).toEqual(c.segments);
  });

  it('splits like froide: each separator alone, the rest in runs', () => {
    expect(diffChunks('Az. 12-345/2024: [x]_y')).toEqual(['Az.', ' ', '12-345/2024:', ' ', '[', 'x', ']', '_y']);
    expect(REDACTION_MARKER).toBe('[geschwärzt]');
  });
});

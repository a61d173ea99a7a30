/**
 * The analyses the full-text index keeps between builds (src/output/search-analyses.ts): a kept
 * analysis is used only under its document's key, fingerprint and the code version, and the
 * postings made from kept analyses are those made from the texts.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SegmentAnalyses } from '../../src/output/search-analyses.ts';
import { tempDir } from '../helpers/content.ts';

let dir: string;
let remove: () => Promise<void>;
beforeAll(async () => ({ path: dir, remove } = await tempDir('search-analyses-')));
afterAll(() => remove());

const TEXTS: Record<number, string[]> = {
  3: ['Kita-Plätze 2024', 'Wie viele Plätze gibt es?', 'Kita-Plätze in Berlin, Plätze und Gutscheine'],
  7: ['Dienstwagen', '', 'Fahrtenbücher der Dienstwagen, Kosten für Kraftstoff und Fahrer'],
  9: ['Gutachten', 'Das Gutachten zum Gesetz', 'Gutachten, Gesetz, Gutachten'],
};

/** The analyses of documents (key -> fingerprint), each text read through `read`, and their postings; the file kept after. */
function segment(version: string, fingerprints: Record<number, string>, texts = TEXTS, read: number[] = []) {
  const analyses = SegmentAnalyses.open(dir, version, 'request', 0, 3);
  const docs = Object.entries(fingerprints).map(([key, fingerprint]) =>
    analyses.analysis(Number(key), fingerprint, () => {
      read.push(Number(key));
      return texts[Number(key)]!;
    }),
  );
  const postings = analyses.postings(docs);
  analyses.save(docs);
  return { postings, read };
}

/** The postings of the texts analyzed afresh, nothing kept. */
function fresh(texts = TEXTS) {
  const analyses = SegmentAnalyses.open(undefined, 'v1', 'request', 0, 3);
  return analyses.postings(Object.keys(texts).map((key) => analyses.analysis(Number(key), '', () => texts[Number(key)]!)));
}

describe('kept search analyses', () => {
  it('take a document from the file only under its key and fingerprint, and give the postings of its text', async () => {
    const first = segment('v1', { 3: 'a', 7: 'b', 9: 'c' });
    expect(first.read).toEqual([3, 7, 9]);
    expect(first.postings).toEqual(fresh());
    expect(first.postings.find(([term]) => term === 'dienstwag')?.[1]).toEqual(['HB', '', 'HB']);

    // Same fingerprints: nothing is read. Request 7's text changed under a new fingerprint: it alone is read.
    expect(segment('v1', { 3: 'a', 7: 'b', 9: 'c' }).read).toEqual([]);
    const edited = { ...TEXTS, 7: ['Dienstwagen', '', 'Fahrtenbücher der Dienstwagen, Kosten für Wartung'] };
    const second = segment('v1', { 3: 'a', 7: 'b2', 9: 'c' }, edited);
    expect(second.read).toEqual([7]);
    expect(second.postings).toEqual(fresh(edited));
    expect(second.postings.some(([term]) => term === 'wartung')).toBe(true);
    expect(second.postings.some(([term]) => term === 'kraftstoff')).toBe(false);

    // A document left the segment: the file keeps the others only; a new one is read.
    const third = segment('v1', { 3: 'a', 9: 'c', 11: 'd' }, { ...edited, 11: ['Neu', 'Neu', 'Neu'] });
    expect(third.read).toEqual([11]);
    expect(segment('v1', { 3: 'a', 9: 'c', 11: 'd' }).read).toEqual([]);
  });

  it('read every text again under another code version, or from a damaged file', async () => {
    segment('v1', { 3: 'a', 7: 'b', 9: 'c' });
    expect(segment('v2', { 3: 'a', 7: 'b', 9: 'c' }).read).toEqual([3, 7, 9]);
    const name = 'request-0.v8';
    expect(await readdir(dir)).toEqual([name]);
    const bytes = await readFile(join(dir, name));
    await writeFile(join(dir, name), bytes.subarray(0, bytes.length >> 1));
    const damaged = segment('v2', { 3: 'a', 7: 'b', 9: 'c' });
    expect(damaged.read).toEqual([3, 7, 9]);
    expect(damaged.postings).toEqual(fresh());
  });
});

/**
 * What the full-text index keeps of each document between builds (docs/search.md, "What a
 * build keeps"): per segment, one file `<cache>/output/search/<resource>-<segment>.v8` with the
 * analysis of each of its documents (the terms and word pairs of each field with their counts,
 * and each field's length in terms), each under its key and the fingerprint of its inputs. A
 * segment whose documents changed is built from the kept analyses of the unchanged ones and
 * the new analyses of the others, so an edited request is the only one whose text is read and
 * analyzed again.
 *
 * A document's fingerprint stands for everything its fields are made of (search-index.ts
 * `fingerprintOf`), and the file names the code version: an analysis is a pure function of
 * the fields' text and the analyzer, so a kept one is the one a cold build computes. Terms are
 * kept once per file (`terms`), documents as indexes into them.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { terms } from '../formats/search/analyze.ts';
import { encodeNumbers, type Postings } from '../formats/search/layout.ts';
import { readVersioned, writeAtomically } from '../lib/files.ts';

/** One document's analysis: per field, term index and count pairs (terms of its SegmentAnalyses), and the field's length. */
export interface Analysis {
  key: number;
  fields: Uint32Array[];
  lengths: number[];
}

/** The file: documents ascending by key; field f of document i is pairs[offsets[i * F + f] … offsets[i * F + f + 1]). */
interface AnalysesFile {
  version: string;
  fieldCount: number;
  terms: string[];
  keys: number[];
  fingerprints: string[];
  lengths: number[];
  offsets: Uint32Array;
  pairs: Uint32Array;
}

/** Documents of builds that keep analyses analyzed anew, and taken from a kept file, since the process started (for tests and the benchmark). */
export const analysisStats = { analyzed: 0, kept: 0 };

/** The analyses of one segment's documents: those kept by an earlier build, and those made now. */
export class SegmentAnalyses {
  private readonly terms: string[];
  private readonly termIndex = new Map<string, number>();
  private readonly kept = new Map<number, number>();
  private changed = false;

  private constructor(
    private readonly path: string | undefined,
    private readonly version: string,
    private readonly fieldCount: number,
    private readonly file: AnalysesFile | undefined,
  ) {
    this.terms = file ? file.terms : [];
    this.terms.forEach((term, i) => this.termIndex.set(term, i));
    file?.keys.forEach((key, i) => this.kept.set(key, i));
  }

  /** The kept analyses of a segment in `dir` (none without `dir`, or when its file is missing, damaged or of another code version). */
  static open(dir: string | undefined, version: string, resource: string, segment: number, fieldCount: number): SegmentAnalyses {
    const path = dir === undefined ? undefined : join(dir, `${resource}-${segment}.v8`);
    // Missing, unreadable, or of other code or fields: every document is analyzed.
    const file = path === undefined ? undefined : readVersioned<AnalysesFile>(path, version, (read) => read.fieldCount === fieldCount && read.offsets instanceof Uint32Array && read.pairs instanceof Uint32Array);
    return new SegmentAnalyses(path, version, fieldCount, file);
  }

  /** The analysis of a document: the kept one when its fingerprint is the kept one, else made from `fields()`. */
  analysis(key: number, fingerprint: string, fields: () => string[]): Analysis & { fingerprint: string } {
    const kept = this.keptAnalysis(key);
    if (kept?.fingerprint === fingerprint) {
      if (this.path !== undefined) analysisStats.kept++;
      return kept;
    }
    if (this.path !== undefined) analysisStats.analyzed++;
    return this.analyze(key, fingerprint, fields());
  }

  /** The kept analysis of a document under whatever fingerprint it was kept (a search patch checks it against build/ itself: src/output/search-patch.ts). */
  keptAnalysis(key: number): (Analysis & { fingerprint: string }) | undefined {
    const i = this.kept.get(key);
    const file = this.file;
    if (!file || i === undefined) return undefined;
    const F = this.fieldCount;
    return { key, fingerprint: file.fingerprints[i]!, lengths: file.lengths.slice(i * F, (i + 1) * F), fields: Array.from({ length: F }, (_, f) => file.pairs.subarray(file.offsets[i * F + f], file.offsets[i * F + f + 1])) };
  }

  /** The analysis of a document's fields' text, kept by `save` under `fingerprint`. */
  analyze(key: number, fingerprint: string, fields: readonly string[]): Analysis & { fingerprint: string } {
    this.changed = true;
    const analyzed = fields.map((text) => this.analyzeField(text));
    return { key, fingerprint, lengths: analyzed.map((field) => field.length), fields: analyzed.map((field) => field.pairs) };
  }

  /** The terms of one field with their counts: each term and each pair of neighbouring terms (for phrases). */
  private analyzeField(text: string): { pairs: Uint32Array; length: number } {
    const list = terms(text);
    const tf = new Map<number, number>();
    const count = (term: string) => {
      let index = this.termIndex.get(term);
      if (index === undefined) this.termIndex.set(term, (index = this.terms.push(term) - 1));
      tf.set(index, (tf.get(index) ?? 0) + 1);
    };
    for (let i = 0; i < list.length; i++) {
      count(list[i]!);
      if (i > 0) count(`${list[i - 1]} ${list[i]}`);
    }
    const pairs = new Uint32Array(tf.size * 2);
    let at = 0;
    for (const [index, n] of tf) {
      pairs[at++] = index;
      pairs[at++] = n;
    }
    return { pairs, length: list.length };
  }

  /**
   * The postings of documents (ascending by key), by term, terms sorted; each field's list as
   * keyDelta, tf (the first delta from 0), encodeNumbers.
   */
  postings(docs: readonly Analysis[]): [string, Postings][] {
    const F = this.fieldCount;
    // Each term and field's documents, laid out by a counting sort: the slots of term t, field
    // f are starts[t * F + f] … starts[t * F + f + 1] - 1, filled in the documents' order.
    const starts = new Uint32Array(this.terms.length * F + 1);
    for (const doc of docs) doc.fields.forEach((pairs, f) => {
      for (let at = 0; at < pairs.length; at += 2) starts[pairs[at]! * F + f + 1]!++;
    });
    for (let i = 1; i < starts.length; i++) starts[i]! += starts[i - 1]!;
    const next = starts.slice(0, -1);
    const keys = new Float64Array(starts[starts.length - 1]!);
    const counts = new Uint32Array(keys.length);
    for (const doc of docs) doc.fields.forEach((pairs, f) => {
      for (let at = 0; at < pairs.length; at += 2) {
        const slot = next[pairs[at]! * F + f]!++;
        keys[slot] = doc.key;
        counts[slot] = pairs[at + 1]!;
      }
    });
    const names = this.terms;
    const used: number[] = [];
    for (let t = 0; t < names.length; t++) if (starts[t * F + F]! > starts[t * F]!) used.push(t);
    // Terms are distinct: `<` orders them as Array.prototype.sort orders strings (by UTF-16 code units).
    used.sort((a, b) => (names[a]! < names[b]! ? -1 : 1));
    return used.map((t) => [
      names[t]!,
      Array.from({ length: F }, (_, f) => {
        const numbers: number[] = [];
        for (let slot = starts[t * F + f]!, previous = 0; slot < starts[t * F + f + 1]!; previous = keys[slot++]!) numbers.push(keys[slot]! - previous, counts[slot]!);
        return numbers.length ? encodeNumbers(numbers) : '';
      }),
    ]);
  }

  /** Keeps the analyses of the segment's documents (ascending by key) for the next build, when they differ from the kept ones; its terms only. */
  save(docs: readonly (Analysis & { fingerprint: string })[]): void {
    if (this.path === undefined || (!this.changed && docs.length === this.file?.keys.length)) return;
    const F = this.fieldCount;
    const renumbered = new Int32Array(this.terms.length).fill(-1);
    const terms: string[] = [];
    const offsets = new Uint32Array(docs.length * F + 1);
    let total = 0;
    docs.forEach((doc, i) => doc.fields.forEach((pairs, f) => (offsets[i * F + f + 1] = total += pairs.length)));
    const pairs = new Uint32Array(total);
    let at = 0;
    for (const doc of docs) {
      for (const field of doc.fields) {
        for (let k = 0; k < field.length; k += 2) {
          const term = field[k]!;
          if (renumbered[term] === -1) renumbered[term] = terms.push(this.terms[term]!) - 1;
          pairs[at++] = renumbered[term]!;
          pairs[at++] = field[k + 1]!;
        }
      }
    }
    const file: AnalysesFile = { version: this.version, fieldCount: F, terms, keys: docs.map((doc) => doc.key), fingerprints: docs.map((doc) => doc.fingerprint), lengths: docs.flatMap((doc) => doc.lengths), offsets, pairs };
    mkdirSync(join(this.path, '..'), { recursive: true });
    writeAtomically(this.path, serialize(file));
  }
}

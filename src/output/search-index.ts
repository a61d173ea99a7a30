/**
 * The full-text index of a searchable resource (docs/search.md), planned beside its filter
 * indexes: meta.json, the postings files of each sealed segment (its buckets back to back),
 * the tail files of the open segment and each segment's key -> position map, laid out as
 * src/formats/search/layout.ts says.
 *
 * Positions are 0-based indexes into `ordered`, the list the list chunks hold, as the
 * filter indexes count them (src/api/filters/index.ts): the serving layer reads the objects with
 * `readPositions`. Postings hold keys, not positions, so a list that reorders (a new message
 * moves a request to the front) changes the positions files only.
 */
import { join } from 'node:path';
import { bucketOf, bucketsFor, decodeNumbers, encodeLength, encodeNumbers, isPair, isSearchResource, META_VERSION, PAIR_BUCKET_BYTES, POSTINGS_FILE_BYTES, TAIL_BUCKETS, SEARCH_FIELDS, segmentOf, tailOf, type Postings, type PostingsFile, type SearchMeta, type SearchResource, type SegmentMeta } from '../formats/search/layout.ts';
import { SEARCH_SOURCES, textsDigest, type SearchDocument } from '../api/search/sources.ts';
import { buildPaths } from '../api/build-paths.ts';
import { countingOf } from '../api/resources/list-counting.ts';
import type { ResourceItems } from '../api/resources/declaration-registry.ts';
import type { ResourceName } from '../formats/resource-names.ts';
import type { PlannedFile } from '../lib/planned-file.ts';
import { sweepStaleTempSync } from '../lib/files.ts';
import { sha256Of } from '../lib/sha256.ts';
import { groupKeys, type OutputReuse } from '../previous/output-record.ts';
import { SegmentAnalyses, type Analysis } from './search-analyses.ts';

/** Milliseconds this process spent planning search files (for the benchmark: their share of a build). */
let planning = 0;

export function searchPlanningMs(): number {
  return planning;
}

/** The generator, with the time spent inside it added to `planning` (search files are planned here and in search-filters.ts). */
export function* timed<T>(inner: Generator<T>): Generator<T> {
  for (;;) {
    const start = performance.now();
    const step = inner.next();
    planning += performance.now() - start;
    if (step.done) return;
    yield step.value;
  }
}

/** A document of a segment: where it is in the list, its key and fingerprint. */
interface Placed {
  group: number;
  key: number;
  /** In the list, 0-based (an index into `ordered`). */
  index: number;
  /** What its fields are made of (fingerprintOf), when the build reuses output; else ''. */
  fingerprint: string;
}

/** Postings of words and postings of word pairs (isPair), each in term order. */
function split(postings: readonly [string, Postings][]): [[string, Postings][], [string, Postings][]] {
  return [postings.filter(([term]) => !isPair(term)), postings.filter(([term]) => isPair(term))];
}

/** About the bytes postings take in a file. */
function bytesOf(postings: readonly [string, Postings][]): number {
  return postings.reduce((sum, [term, lists]) => sum + term.length + 8 + lists.reduce((n, list) => n + list.length + 3, 0), 0);
}

/** Postings by bucket (bucketOf), buckets ascending, empty ones left out. */
function bucketed(postings: readonly [string, Postings][], buckets: number): [number, [string, Postings][]][] {
  const out = new Map<number, [string, Postings][]>();
  for (const item of postings) {
    const bucket = bucketOf(item[0], buckets);
    let list = out.get(bucket);
    if (!list) out.set(bucket, (list = []));
    list.push(item);
  }
  return [...out].sort((a, b) => a[0] - b[0]);
}

function fileBody(entries: readonly [string, Postings][]): string {
  const file: PostingsFile = {};
  for (const [term, postings] of entries) file[term] = postings;
  return JSON.stringify(file);
}

/**
 * The index files of one resource's list; nothing for a resource that is not searchable. With
 * `reuse`, a segment whose objects' inputs did not change (src/previous/output-record.ts) is linked from
 * the previous build/ with the counts kept beside it, and its objects are not analyzed.
 */
export function planSearchIndex<N extends ResourceName>(resource: N, ordered: readonly ResourceItems[N][], reuse?: OutputReuse, postingsFileBytes = POSTINGS_FILE_BYTES): Generator<PlannedFile> {
  return timed(indexFilesOf(resource, ordered, reuse, postingsFileBytes));
}

/** What a reused segment needs of the build that wrote it: its entry in meta.json and its share of the counts. */
export interface RecordedSegment {
  entry: SegmentMeta;
  docs: number[];
  length: number[];
  /** Each document's field lengths (encodeLength), in key order, field by field, as encodeNumbers: its part of the positions file. */
  norms: string;
}

/**
 * The fingerprint of a searchable object: for a request its folder's (src/previous/output-record.ts), so
 * that the message texts are not read; else what decides its fields' text (SearchDocument
 * `textKey`, a page's PDF), or a digest of that text, which is all an analysis is made of (an
 * object's output fingerprint also changes with what its answer shows beside its fields, and
 * with every file outside requests/).
 */
function fingerprintOf<N extends ResourceName>(resource: N, reuse: OutputReuse): (object: unknown, doc: SearchDocument) => string {
  if (resource === 'request') return (object) => reuse.fingerprint(resource, object as ResourceItems[N]);
  return (_, doc) => doc.textKey?.() ?? textsDigest(doc.fields());
}

function* indexFilesOf<N extends ResourceName>(resource: N, ordered: readonly ResourceItems[N][], reuse: OutputReuse | undefined, postingsFileBytes: number): Generator<PlannedFile> {
  const source = SEARCH_SOURCES[resource];
  if (!source || !isSearchResource(resource)) return;
  const fieldCount = SEARCH_FIELDS[resource].length;
  const meta: SearchMeta = { version: META_VERSION, fields: SEARCH_FIELDS[resource].map((field) => field.name), docs: new Array<number>(fieldCount).fill(0), length: new Array<number>(fieldCount).fill(0), segments: [], total: ordered.length };
  // With reuse, each document has a fingerprint: a segment whose documents' fingerprints did not
  // change is linked, and a changed one analyzes only its documents whose fingerprints changed
  // (src/output/search-analyses.ts).
  const fingerprint = reuse ? fingerprintOf(resource, reuse) : undefined;
  const keptDir = reuse ? join(reuse.dir, 'search') : undefined;
  if (keptDir !== undefined) sweepStaleTempSync(keptDir);
  // Which documents each segment holds; their text is analyzed one segment at a time below, so
  // the terms of one segment, not of the whole list, are in memory at once.
  const bySegment = new Map<number, Placed[]>();
  ordered.forEach((object, index) => {
    const doc = source(object);
    if (!doc) return;
    const segment = segmentOf(doc.group);
    let list = bySegment.get(segment);
    if (!list) bySegment.set(segment, (list = []));
    list.push({ group: doc.group, key: doc.key, index, fingerprint: fingerprint ? fingerprint(object, doc) : '' });
  });
  // Positions as the list's files count them, so an object added at the list's growing end
  // changes no other positions file (src/formats/packs.ts listCounting).
  const count = countingOf(resource, ordered.length);

  const segments = [...bySegment.keys()].sort((a, b) => a - b);
  const open = segments.at(-1);
  for (const segment of segments) {
    const members = bySegment.get(segment)!.sort((a, b) => a.key - b.key);
    bySegment.delete(segment);
    // The open segment is laid out in tails, a sealed one in buckets: the layout is part of the group.
    const group = `search:${resource}:${segment}:${segment === open ? 'open' : 'sealed'}`;
    let key: string | undefined;
    if (reuse) {
      const keys = groupKeys();
      for (const member of members) keys.add(group, 0, member.key, member.fingerprint);
      key = keys.keys().get(group)!;
    }
    const found = key === undefined ? undefined : reuse!.reusable(group, key);
    let kept: RecordedSegment;
    /** The documents' field lengths, in key order, field by field: made with the segment, else read from the record when needed. */
    let norms: number[] | undefined;
    if (found?.extra !== undefined) {
      kept = JSON.parse(found.extra) as RecordedSegment;
      yield* found.files;
    } else {
      const analyses = SegmentAnalyses.open(keptDir, reuse?.version ?? '', resource, segment, fieldCount);
      const analyzed = members.map((member) => ({ ...member, analysis: analyses.analysis(member.key, member.fingerprint, () => source(ordered[member.index]!)!.fields()) }));
      const made = madeSegment(resource, segment, segment === open, analyzed, analyses, postingsFileBytes);
      analyses.save(analyzed.map((member) => member.analysis));
      ({ kept, norms } = made);
      const files = made.files;
      if (key !== undefined) {
        reuse!.stats.rendered++;
        reuse!.record(group, key, files, JSON.stringify(kept));
      }
      yield* files;
    }
    kept.docs.forEach((docs, f) => (meta.docs[f]! += docs));
    kept.length.forEach((length, f) => (meta.length[f]! += length));
    meta.segments.push(kept.entry);

    // The positions file: the documents' keys and field lengths (which the segment's key stands
    // for) and their list positions, linked when both are the recorded ones.
    const positions = Int32Array.from(members, (member) => count(member.index));
    const positionsGroup = `${group}:positions`;
    const positionsKey = key === undefined ? undefined : sha256Of(Buffer.concat([Buffer.from(`${key}\n`), Buffer.from(positions.buffer)]));
    const linked = positionsKey === undefined ? undefined : reuse!.reusable(positionsGroup, positionsKey);
    if (linked) {
      yield* linked.files;
      continue;
    }
    if (!norms) {
      const read: number[] = (norms = []);
      decodeNumbers(kept.norms, (norm) => read.push(norm));
    }
    if (norms.length !== members.length * fieldCount) throw new Error(`search index of ${resource}, segment ${segment}: the output record keeps ${norms.length} field lengths for ${members.length} documents of ${fieldCount} fields`);
    const file = positionsFile(resource, segment, members.map((member) => member.key), positions, norms);
    if (positionsKey !== undefined) {
      reuse!.stats.rendered++;
      reuse!.record(positionsGroup, positionsKey, [file]);
    }
    yield file;
  }
  yield metaFile(resource, meta);
}

/** A file of the index with its SHA-256. */
export type SearchIndexFile = PlannedFile & { body: string | Uint8Array; sha256: string };

/**
 * A segment made from its documents' analyses (ascending by key, analyses of `analyses`): its
 * postings or tail files, its entry in meta.json and share of the counts, and its documents'
 * field lengths (encodeLength) in key order, field by field.
 */
export function madeSegment(resource: SearchResource, segment: number, isOpen: boolean, docs: readonly { group: number; key: number; analysis: Analysis }[], analyses: SegmentAnalyses, postingsFileBytes = POSTINGS_FILE_BYTES): { files: SearchIndexFile[]; kept: RecordedSegment; norms: number[] } {
  const fieldCount = SEARCH_FIELDS[resource].length;
  const kept: RecordedSegment = { entry: { segment, buckets: 0, pairBuckets: 0 }, docs: new Array<number>(fieldCount).fill(0), length: new Array<number>(fieldCount).fill(0), norms: '' };
  const norms: number[] = [];
  for (const doc of docs) {
    doc.analysis.lengths.forEach((length, f) => {
      norms.push(encodeLength(length));
      if (length === 0) return;
      kept.docs[f]!++;
      kept.length[f]! += length;
    });
  }
  const files = [...segmentFiles(resource, segment, isOpen, docs, (list) => analyses.postings(list.map((doc) => doc.analysis)), kept.entry, postingsFileBytes)];
  kept.norms = encodeNumbers(norms);
  return { files, kept, norms };
}

/** A segment's positions file: its documents' keys (ascending), their list positions as the list's files count them, and their field lengths (encodeLength, field by field). */
export function positionsFile(resource: SearchResource, segment: number, keys: ArrayLike<number>, positions: ArrayLike<number>, norms: readonly number[]): SearchIndexFile {
  const fieldCount = SEARCH_FIELDS[resource].length;
  // [keyDelta, position, norm of each field, ...] as base-64 varints, keys ascending.
  const numbers: number[] = [];
  for (let i = 0; i < keys.length; i++) numbers.push(keys[i]! - (i ? keys[i - 1]! : 0), positions[i]!, ...norms.slice(i * fieldCount, (i + 1) * fieldCount));
  const body = JSON.stringify(encodeNumbers(numbers));
  return { path: buildPaths.searchSegment(resource, segment, 'positions'), body, sha256: sha256Of(body) };
}

/** meta.json of a resource's index. */
export function metaFile(resource: SearchResource, meta: SearchMeta): SearchIndexFile {
  const body = JSON.stringify(meta);
  return { path: buildPaths.searchMeta(resource), body, sha256: sha256Of(body) };
}

/**
 * The postings files of one segment (tails if it is the open one, buckets if sealed), each with
 * its SHA-256; fills in `entry`. `postingsOf` analyzes documents (ascending by key) into postings.
 */
function* segmentFiles<D extends { group: number }>(resource: ResourceName, segment: number, isOpen: boolean, docs: readonly D[], postingsOf: (docs: readonly D[]) => [string, Postings][], entry: SegmentMeta, fileBytes: number): Generator<SearchIndexFile> {
  const file = (name: Parameters<typeof buildPaths.searchSegment>[2], entries: readonly [string, Postings][]) => {
    const body = fileBody(entries);
    return { path: buildPaths.searchSegment(resource, segment, name), body, sha256: sha256Of(body) };
  };
  if (isOpen) {
    const byTail = new Map<number, D[]>();
    for (const doc of docs) {
      const tail = tailOf(doc.group);
      let list = byTail.get(tail);
      if (!list) byTail.set(tail, (list = []));
      list.push(doc);
    }
    entry.tails = [...byTail.keys()].sort((a, b) => a - b);
    for (const tail of entry.tails) {
      const [words, pairs] = split(postingsOf(byTail.get(tail)!));
      for (const [bucket, list] of bucketed(words, TAIL_BUCKETS)) yield file(`t${tail}-${bucket}`, list);
      for (const [bucket, list] of bucketed(pairs, TAIL_BUCKETS)) yield file(`t${tail}-p${bucket}`, list);
    }
    return;
  }
  const [words, pairs] = split(postingsOf(docs));
  entry.buckets = bucketsFor(bytesOf(words));
  entry.pairBuckets = bucketsFor(bytesOf(pairs), PAIR_BUCKET_BYTES);
  // Every bucket, words' then pairs', as its JSON (empty where no term falls in it), laid back
  // to back into files of at most `fileBytes` (POSTINGS_FILE_BYTES); meta.json says where each one is.
  const bodies = [...bucketBodies(words, entry.buckets), ...bucketBodies(pairs, entry.pairBuckets)].map((body) => Buffer.from(body));
  entry.bucketBytes = encodeNumbers(bodies.map((body) => body.byteLength));
  entry.fileStarts = [];
  let bytes = 0;
  bodies.forEach((body, bucket) => {
    // A new file where this bucket's bytes would pass the size; an empty bucket never starts one.
    if (bucket === 0 || (bytes > 0 && body.byteLength > 0 && bytes + body.byteLength > fileBytes)) {
      entry.fileStarts!.push(bucket);
      bytes = 0;
    }
    bytes += body.byteLength;
  });
  for (const [n, start] of entry.fileStarts.entries()) {
    const body = Buffer.concat(bodies.slice(start, entry.fileStarts[n + 1]));
    yield { path: buildPaths.searchPostings(resource, segment, n), body, sha256: sha256Of(body) };
  }
}

/** The JSON of each of `buckets` buckets (bucketOf), in bucket order; '' for a bucket no term falls in. */
function bucketBodies(postings: readonly [string, Postings][], buckets: number): string[] {
  const bodies = new Array<string>(buckets).fill('');
  for (const [bucket, list] of bucketed(postings, buckets)) bodies[bucket] = fileBody(list);
  return bodies;
}

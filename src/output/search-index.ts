/**
 * The full-text index of a searchable resource (docs/search.md), planned beside its filter
 * indexes: meta.json, the buckets of each sealed segment, the tail files of the open segment
 * and each segment's key -> position map, laid out as src/api/search/layout.ts says.
 *
 * Positions are 0-based indexes into `ordered`, the list the page files were cut from, as the
 * filter indexes count them (src/api/filters/index.ts): the serving layer reads the objects with
 * `readPositions`. Postings hold keys, not positions, so a list that reorders (a new message
 * moves a request to the front) changes the positions files only.
 */
import { filterIndexes } from '../api/filters/index.ts';
import { listActionsOf } from '../api/resources/declaration-registry.ts';
import type { Archive } from '../model/types.ts';
import { terms } from '../api/search/analyze.ts';
import type { FilterSpec } from '../api/filters/filter-spec.ts';
import { bucketOf, bucketsFor, decodeNumbers, encodeLength, encodeNumbers, isPair, isSearchResource, META_VERSION, PAIR_BUCKET_BYTES, TAIL_BUCKETS, SEARCH_FIELDS, SEARCH_FILTER_PREFIX, segmentOf, tailOf, type Postings, type PostingsFile, type SearchFacets, type SearchMeta, type SegmentMeta } from '../api/search/layout.ts';
import { SEARCH_SOURCES } from '../api/search/sources.ts';
import { buildPaths } from '../api/build-paths.ts';
import { countingOf } from '../api/packs.ts';
import type { ResourceItems, ResourceName } from '../api/resources/declaration-registry.ts';
import type { PlannedFile } from '../lib/planned-file.ts';
import { createHash } from 'node:crypto';
import type { SearchDocument } from '../api/search/sources.ts';
import { groupKeys, type OutputReuse } from './reuse.ts';

/** Milliseconds this process spent planning search files (for the benchmark: their share of a build). */
let planning = 0;

export function searchPlanningMs(): number {
  return planning;
}

/** The generator, with the time spent inside it added to `planning`. */
function* timed<T>(inner: Generator<T>): Generator<T> {
  for (;;) {
    const start = performance.now();
    const step = inner.next();
    planning += performance.now() - start;
    if (step.done) return;
    yield step.value;
  }
}

interface Analyzed {
  group: number;
  key: number;
  position: number;
  /** Per field: tf by term (bigrams included) and the field's length in terms. */
  fields: { tf: Map<string, number>; length: number }[];
}

/** The terms of one field with their counts: each term and each pair of neighbouring terms (for phrases). */
function analyzeField(text: string): { tf: Map<string, number>; length: number } {
  const list = terms(text);
  const tf = new Map<string, number>();
  for (let i = 0; i < list.length; i++) {
    tf.set(list[i]!, (tf.get(list[i]!) ?? 0) + 1);
    if (i > 0) {
      const pair = `${list[i - 1]} ${list[i]}`;
      tf.set(pair, (tf.get(pair) ?? 0) + 1);
    }
  }
  return { tf, length: list.length };
}

/** The postings of a set of documents (ascending by key), by term, terms sorted. */
function postingsOf(docs: readonly Analyzed[], fieldCount: number): [string, Postings][] {
  const byTerm = new Map<string, { lists: number[][]; last: number[] }>();
  // lists[f]: keyDelta, tf per document holding the term in field f.
  for (const doc of docs) {
    doc.fields.forEach((field, f) => {
      for (const [term, count] of field.tf) {
        let entry = byTerm.get(term);
        if (!entry) byTerm.set(term, (entry = { lists: Array.from({ length: fieldCount }, () => []), last: new Array<number>(fieldCount).fill(0) }));
        entry.lists[f]!.push(doc.key - entry.last[f]!, count);
        entry.last[f] = doc.key;
      }
    });
  }
  return [...byTerm.keys()].sort().map((term) => [term, byTerm.get(term)!.lists.map(encodeNumbers)]);
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
 * `reuse`, a segment whose objects' inputs did not change (src/output/reuse.ts) is linked from
 * the previous build/ with the counts kept beside it, and its objects are not analyzed.
 */
export function planSearchIndex<N extends ResourceName>(resource: N, ordered: readonly ResourceItems[N][], reuse?: OutputReuse): Generator<PlannedFile> {
  return timed(indexFilesOf(resource, ordered, reuse));
}

/** What a reused segment needs of the build that wrote it: its entry in meta.json and its share of the counts. */
interface KeptSegment {
  entry: SegmentMeta;
  docs: number[];
  length: number[];
  /** Each document's field lengths (encodeLength), in key order, field by field, as encodeNumbers: its part of the positions file. */
  norms: string;
}

const encoder = new TextEncoder();

function* indexFilesOf<N extends ResourceName>(resource: N, ordered: readonly ResourceItems[N][], reuse: OutputReuse | undefined): Generator<PlannedFile> {
  const source = SEARCH_SOURCES[resource];
  if (!source || !isSearchResource(resource)) return;
  const fieldCount = SEARCH_FIELDS[resource].length;
  const meta: SearchMeta = { version: META_VERSION, fields: SEARCH_FIELDS[resource].map((field) => field.name), docs: new Array<number>(fieldCount).fill(0), length: new Array<number>(fieldCount).fill(0), segments: [], total: ordered.length };
  const keyed = reuse?.covers(resource) ? reuse : undefined;
  const bySegment = new Map<number, { doc: SearchDocument; position: number; fingerprint: string }[]>();
  // Positions as the list's files count them, so an object added at the list's growing end
  // changes no other positions file (src/api/packs.ts listCounting).
  const count = countingOf(resource, ordered.length);
  ordered.forEach((object, position) => {
    const doc = source(object);
    if (!doc) return;
    const segment = segmentOf(doc.group);
    let list = bySegment.get(segment);
    if (!list) bySegment.set(segment, (list = []));
    list.push({ doc, position: count(position), fingerprint: keyed ? keyed.fingerprint(resource, object) : '' });
  });

  const segments = [...bySegment.keys()].sort((a, b) => a - b);
  const open = segments.at(-1);
  for (const segment of segments) {
    const members = bySegment.get(segment)!.sort((a, b) => a.doc.key - b.doc.key);
    // The open segment is laid out in tails, a sealed one in buckets: the layout is part of the group.
    const group = `search:${resource}:${segment}:${segment === open ? 'open' : 'sealed'}`;
    let key: string | undefined;
    if (keyed) {
      const keys = groupKeys();
      for (const member of members) keys.add(group, 0, member.doc.key, member.fingerprint);
      key = keys.keys().get(group)!;
    }
    const found = key === undefined ? undefined : keyed!.reusable(group, key);
    let entry: SegmentMeta;
    let norms: number[];
    if (found?.extra !== undefined) {
      const kept = JSON.parse(found.extra) as KeptSegment;
      norms = [];
      decodeNumbers(kept.norms, (norm) => norms.push(norm));
      if (norms.length !== members.length * fieldCount) throw new Error(`search index of ${resource}, segment ${segment}: the output record keeps ${norms.length} field lengths for ${members.length} documents of ${fieldCount} fields`);
      kept.docs.forEach((docs, f) => (meta.docs[f]! += docs));
      kept.length.forEach((length, f) => (meta.length[f]! += length));
      entry = kept.entry;
      keyed!.record(group, key!, found.files.map((file) => ({ path: file.path, sha256: file.sha256! })), found.extra);
      yield* found.files;
    } else {
      const kept: KeptSegment = { entry: { segment, buckets: 0, pairBuckets: 0 }, docs: new Array<number>(fieldCount).fill(0), length: new Array<number>(fieldCount).fill(0), norms: '' };
      const docs = members.map(({ doc, position }): Analyzed => {
        const fields = doc.fields.map(analyzeField);
        fields.forEach((field, f) => {
          if (field.length === 0) return;
          kept.docs[f]!++;
          kept.length[f]! += field.length;
        });
        return { group: doc.group, key: doc.key, position, fields };
      });
      kept.docs.forEach((docs, f) => (meta.docs[f]! += docs));
      kept.length.forEach((length, f) => (meta.length[f]! += length));
      norms = docs.flatMap((doc) => doc.fields.map((field) => encodeLength(field.length)));
      kept.norms = encodeNumbers(norms);
      entry = kept.entry;
      const files = [...segmentFiles(resource, segment, segment === open, docs, fieldCount, entry)];
      if (key !== undefined) {
        keyed!.stats.rendered++;
        keyed!.record(group, key, files, JSON.stringify(kept));
      }
      yield* files;
    }
    meta.segments.push(entry);
    // [keyDelta, position, norm of each field, ...] as base-64 varints, keys ascending.
    yield { path: buildPaths.searchSegment(resource, segment, 'positions'), body: JSON.stringify(encodeNumbers(members.flatMap(({ doc, position }, i) => [doc.key - (i ? members[i - 1]!.doc.key : 0), position, ...norms.slice(i * fieldCount, (i + 1) * fieldCount)]))) };
  }
  yield { path: buildPaths.searchMeta(resource), body: JSON.stringify(meta) };
}

/** The postings files of one segment (tails if it is the open one, buckets if sealed), each with its SHA-256; fills in `entry`. */
function* segmentFiles(resource: ResourceName, segment: number, isOpen: boolean, docs: readonly Analyzed[], fieldCount: number, entry: SegmentMeta): Generator<PlannedFile & { body: string; sha256: string }> {
  const file = (name: Parameters<typeof buildPaths.searchSegment>[2], entries: readonly [string, Postings][]) => {
    const body = fileBody(entries);
    return { path: buildPaths.searchSegment(resource, segment, name), body, sha256: createHash('sha256').update(encoder.encode(body)).digest('hex') };
  };
  if (isOpen) {
    const byTail = new Map<number, Analyzed[]>();
    for (const doc of docs) {
      const tail = tailOf(doc.group);
      byTail.set(tail, [...(byTail.get(tail) ?? []), doc]);
    }
    entry.tails = [...byTail.keys()].sort((a, b) => a - b);
    for (const tail of entry.tails) {
      const [words, pairs] = split(postingsOf(byTail.get(tail)!, fieldCount));
      for (const [bucket, list] of bucketed(words, TAIL_BUCKETS)) yield file(`t${tail}-${bucket}`, list);
      for (const [bucket, list] of bucketed(pairs, TAIL_BUCKETS)) yield file(`t${tail}-p${bucket}`, list);
    }
    return;
  }
  const [words, pairs] = split(postingsOf(docs, fieldCount));
  entry.buckets = bucketsFor(bytesOf(words));
  entry.pairBuckets = bucketsFor(bytesOf(pairs), PAIR_BUCKET_BYTES);
  for (const [bucket, list] of bucketed(words, entry.buckets)) yield file(bucket, list);
  for (const [bucket, list] of bucketed(pairs, entry.pairBuckets)) yield file(`p${bucket}`, list);
}

/**
 * The filter indexes of a resource's search actions (ListAction.filters): froide's search
 * filter set over the same list, each filter's files named `search-<param>`. `now` is the
 * build clock (RenderContext.now), for filters that judge against it.
 */
export function planSearchFilters<N extends ResourceName>(resource: N, ordered: readonly ResourceItems[N][], archive: Archive, now: number): Generator<PlannedFile> {
  return timed(filterFilesOf(resource, ordered, archive, now));
}

function* filterFilesOf<N extends ResourceName>(resource: N, ordered: readonly ResourceItems[N][], archive: Archive, now: number): Generator<PlannedFile> {
  for (const action of listActionsOf(resource)) {
    if (action.source !== 'search' || !action.filters) continue;
    const judged = ordered.map((object) => ({ object, now }));
    for (const { param, file, body } of filterIndexes(resource, action.filters, judged, archive)) yield { path: buildPaths.filterIndex(resource, `${SEARCH_FILTER_PREFIX}${param}`, file), body };
    if (action.facets) yield { path: buildPaths.searchFacets(resource), body: facetsFile(resource, judged, action.filters, action.facets) };
  }
}

/**
 * The facets file (SearchFacets): per facet, per key (ascending), the positions of the objects
 * that have it, as the list's files count them, ascending, as base-64 varint deltas.
 */
function facetsFile<T extends object>(resource: ResourceName, judged: readonly T[], specs: readonly FilterSpec<T>[], facets: readonly string[]): string {
  const count = countingOf(resource, judged.length);
  const out: SearchFacets = {};
  for (const facet of facets) {
    const spec = specs.find((filter) => filter.param === facet);
    if (!spec) throw new Error(`${resource}/search: facet ${facet} names no filter of the action`);
    const byKey = new Map<number, number[]>();
    judged.forEach((object, position) => {
      const values = spec.values(object);
      for (const value of new Set(Array.isArray(values) ? values : [values])) {
        if (typeof value !== 'number') continue;
        let list = byKey.get(value);
        if (!list) byKey.set(value, (list = []));
        list.push(count(position));
      }
    });
    out[facet] = Object.fromEntries(
      [...byKey]
        .sort((a, b) => a[0] - b[0])
        .map(([key, positions]) => {
          positions.sort((a, b) => a - b);
          return [key, encodeNumbers(positions.map((position, i) => position - (i ? positions[i - 1]! : 0)))];
        }),
    );
  }
  return JSON.stringify(out);
}

/**
 * Answers a query from the full-text index (docs/search.md, "Scoring"): which objects match and
 * how well, as list positions with their scores. Reads the files through `read` (the serving
 * layer's BuildStore), each at most once, all of one step in parallel.
 *
 * Scoring is BM25 (k1 = 1.2, b = 0.75, Lucene's and Elasticsearch's defaults) per field, summed
 * over the fields with froide's boosts and over the query's clauses (Elasticsearch's
 * `simple_query_string` over several fields scores as `most_fields`). A phrase scores as the
 * sum of its neighbouring pairs.
 */
import { buildPaths } from '../../../api/build-paths.ts';
import type { FileRange } from '../../../formats/packs.ts';
import type { ResourceName } from '../../../formats/resource-names.ts';
import { decodeLength, decodeNumbers, sealedBucket, tailFile, META_VERSION, SEARCH_FIELDS, type PostingsFile, type SearchMeta, type SearchResource, type SegmentMeta } from '../../../formats/search/layout.ts';
import { positionsOf, segmentPositions, type SegmentPositions } from '../../../api/search/positions.ts';
import { lookupTerms, type Clause, type ParsedQuery } from '../../../formats/search/query.ts';

const K1 = 1.2;
const B = 0.75;

/** A build file parsed as JSON, or bytes `[start, end)` of it (one bucket of a postings file); null when there is no such file. */
export type ReadJson = (path: string, range?: FileRange) => Promise<unknown>;

/**
 * One term's postings in one field, over the files that hold it, keys ascending: the key and
 * the BM25 term-frequency part `tf (k1 + 1) / (tf + k1 (1 - b + b len / avgdl))` of each.
 */
interface FieldPostings {
  keys: Float64Array;
  parts: Float64Array;
}

/** Documents found: keys ascending, each with its score. */
interface Found {
  keys: Float64Array;
  scores: Float64Array;
}

const EMPTY: FieldPostings = { keys: new Float64Array(0), parts: new Float64Array(0) };

/** Where a term's postings may be: a file, or a byte range of one, and the segment it belongs to. */
interface Place {
  path: string;
  range?: FileRange;
  segment: number;
  /** Names the place among one query's reads. */
  id: string;
}

/** Per bucket of a sealed segment: its postings file, and its bytes [start, end) in that file. */
interface BucketPlaces {
  file: Int32Array;
  start: Float64Array;
  end: Float64Array;
}

/** Where each bucket of a sealed segment is (SegmentMeta bucketBytes and fileStarts), decoded once per parsed meta.json. */
const sealedPlaces = new WeakMap<SegmentMeta, BucketPlaces>();

function sealedPlacesOf(entry: SegmentMeta): BucketPlaces {
  let places = sealedPlaces.get(entry);
  if (places) return places;
  const count = entry.buckets + entry.pairBuckets;
  places = { file: new Int32Array(count), start: new Float64Array(count), end: new Float64Array(count) };
  const starts = entry.fileStarts ?? [];
  const lengths: number[] = [];
  decodeNumbers(entry.bucketBytes ?? '', (length) => lengths.push(length));
  if (lengths.length !== count || starts[0] !== 0) throw new Error(`search index: meta.json gives segment ${entry.segment} ${lengths.length} bucket lengths from file ${starts[0]}, not ${count} from file 0`);
  let file = -1;
  let offset = 0;
  lengths.forEach((length, bucket) => {
    if (bucket === starts[file + 1]) {
      file++;
      offset = 0;
    }
    places.file[bucket] = file;
    places.start[bucket] = offset;
    places.end[bucket] = offset += length;
  });
  sealedPlaces.set(entry, places);
  return places;
}

/** The places that may hold a term: its bucket in each sealed segment (none where the bucket is empty), every tail of the open one; keys ascend over them in this order. */
function placesOf(resource: ResourceName, meta: SearchMeta, term: string): Place[] {
  return meta.segments.flatMap((entry): Place[] => {
    if (entry.buckets === 0) {
      return (entry.tails ?? []).map((tail) => {
        const path = buildPaths.searchSegment(resource, entry.segment, tailFile(term, tail));
        return { path, segment: entry.segment, id: path };
      });
    }
    const places = sealedPlacesOf(entry);
    const bucket = sealedBucket(term, entry);
    const range = { start: places.start[bucket]!, end: places.end[bucket]! };
    if (range.end === range.start) return [];
    const path = buildPaths.searchPostings(resource, entry.segment, places.file[bucket]!);
    return [{ path, range, segment: entry.segment, id: `${path}#${range.start}` }];
  });
}

/**
 * Decoded postings, kept per parsed file (the serving layer's BuildStore keeps a parsed file while
 * it is hot, so a warm instance decodes each term of a file once) and per average field length.
 */
const decodedPostings = new WeakMap<object, Map<string, { averages: readonly number[]; fields: FieldPostings[] }>>();

/** One field's postings (keyDelta, tf pairs), each with its BM25 part; the lengths from the segment's positions file. */
function decodeField(list: string, average: number, table: SegmentPositions, f: number, fields: number, where: string): FieldPostings {
  // Two numbers per document: at most one document per two characters.
  let keys = new Float64Array(Math.ceil(list.length / 2));
  let parts = new Float64Array(keys.length);
  let n = 0;
  let key = 0;
  let odd = false;
  // Keys ascend in the postings and in the table: one walk finds each document's length.
  let at = 0;
  decodeNumbers(list, (value) => {
    if (!odd) key += value;
    else {
      while (at < table.keys.length && table.keys[at]! < key) at++;
      if (table.keys[at] !== key) throw new Error(`search index: ${where}: key ${key} is not in its segment's positions file`);
      const length = decodeLength(table.norms[at * fields + f]!);
      keys[n] = key;
      parts[n++] = (value * (K1 + 1)) / (value + K1 * (1 - B + (B * length) / average));
    }
    odd = !odd;
  });
  keys = keys.subarray(0, n);
  parts = parts.subarray(0, n);
  return { keys, parts };
}

function decodedOf(file: PostingsFile, term: string, averages: readonly number[], table: SegmentPositions, where: string): FieldPostings[] | null {
  const postings = file[term];
  if (!postings) return null;
  let byTerm = decodedPostings.get(file);
  if (!byTerm) decodedPostings.set(file, (byTerm = new Map<string, { averages: readonly number[]; fields: FieldPostings[] }>()));
  const cached = byTerm.get(term);
  if (cached && cached.averages.every((average, f) => average === averages[f])) return cached.fields;
  const fields = averages.map((average, f) => (postings[f] ? decodeField(postings[f], average, table, f, averages.length, where) : EMPTY));
  byTerm.set(term, { averages, fields });
  return fields;
}

/** Lists of ascending keys, one after the other (files in filesOf's order), as one. */
function concat(lists: readonly FieldPostings[], where: string): FieldPostings {
  if (lists.length === 1) return lists[0]!;
  const length = lists.reduce((sum, list) => sum + list.keys.length, 0);
  const keys = new Float64Array(length);
  const parts = new Float64Array(length);
  let at = 0;
  for (const list of lists) {
    if (list.keys.length && at && list.keys[0]! <= keys[at - 1]!) throw new Error(`search index: ${where}: keys of the term's files are not ascending`);
    keys.set(list.keys, at);
    parts.set(list.parts, at);
    at += list.keys.length;
  }
  return { keys, parts };
}

/** Keys in both (ascending), the scores added. */
function both(a: Found, b: Found): Found {
  const length = Math.min(a.keys.length, b.keys.length);
  const keys = new Float64Array(length);
  const scores = new Float64Array(length);
  let n = 0;
  for (let i = 0, j = 0; i < a.keys.length && j < b.keys.length; ) {
    const x = a.keys[i]!;
    const y = b.keys[j]!;
    if (x < y) i++;
    else if (y < x) j++;
    else {
      keys[n] = x;
      scores[n++] = a.scores[i++]! + b.scores[j++]!;
    }
  }
  return { keys: keys.subarray(0, n), scores: scores.subarray(0, n) };
}

/** Keys in either (ascending), the scores added where both have the key. */
function either(a: Found, b: Found): Found {
  const keys = new Float64Array(a.keys.length + b.keys.length);
  const scores = new Float64Array(keys.length);
  let n = 0;
  let i = 0;
  let j = 0;
  while (i < a.keys.length || j < b.keys.length) {
    const x = i < a.keys.length ? a.keys[i]! : Infinity;
    const y = j < b.keys.length ? b.keys[j]! : Infinity;
    if (x < y) {
      keys[n] = x;
      scores[n++] = a.scores[i++]!;
    } else if (y < x) {
      keys[n] = y;
      scores[n++] = b.scores[j++]!;
    } else {
      keys[n] = x;
      scores[n++] = a.scores[i++]! + b.scores[j++]!;
    }
  }
  return { keys: keys.subarray(0, n), scores: scores.subarray(0, n) };
}

/** Keys of `a` that `b` has not. */
function without(a: Found, b: Found): Found {
  const keys = new Float64Array(a.keys.length);
  const scores = new Float64Array(a.keys.length);
  let n = 0;
  for (let i = 0, j = 0; i < a.keys.length; i++) {
    const x = a.keys[i]!;
    while (j < b.keys.length && b.keys[j]! < x) j++;
    if (j < b.keys.length && b.keys[j] === x) continue;
    keys[n] = x;
    scores[n++] = a.scores[i]!;
  }
  return { keys: keys.subarray(0, n), scores: scores.subarray(0, n) };
}

/**
 * The matches of a query, ascending by list position, each with its score; null when the
 * resource has no index. Every posting of the query's terms is read (the count is exact), as
 * typed arrays decoded once per warm file; positions come from each segment's positions file,
 * decoded once per build.
 */
export async function searchRanked(read: ReadJson, resource: SearchResource, query: ParsedQuery): Promise<{ positions: Int32Array; scores: Float64Array } | null> {
  const meta = (await read(buildPaths.searchMeta(resource))) as SearchMeta | null;
  if (meta === null) return null;
  if (meta.version !== META_VERSION) throw new Error(`${buildPaths.searchMeta(resource)} is version ${meta.version}, not ${META_VERSION}; run the build`);
  if (query.must.length === 0) return { positions: new Int32Array(0), scores: new Float64Array(0) };
  const fields = SEARCH_FIELDS[resource];
  const averages = fields.map((_, f) => (meta.docs[f] ? meta.length[f]! / meta.docs[f] : 1));
  const wanted = [...new Set([...query.must, ...query.not].flatMap(lookupTerms))];
  const located = new Map(wanted.map((term) => [term, placesOf(resource, meta, term)]));
  const places = new Map([...located.values()].flat().map((place) => [place.id, place]));
  const files = new Map(await Promise.all([...places.values()].map(async ({ id, path, range }) => [id, (await read(path, range)) as PostingsFile | null] as const)));
  // The positions files of the segments that hold a wanted term: the documents' field lengths.
  const segments = [...new Set([...located].flatMap(([term, list]) => list.filter(({ id }) => files.get(id)?.[term]).map(({ segment }) => segment)))];
  const tables = new Map(await Promise.all(segments.map(async (segment) => [segment, await segmentPositions(read, resource, meta, segment)] as const)));
  /** Per term and field: its postings over every file. */
  const hits = new Map<string, FieldPostings[]>();
  for (const term of wanted) {
    const perFile = located.get(term)!.flatMap(({ id, segment }) => {
      const file = files.get(id);
      const decoded = file ? decodedOf(file, term, averages, tables.get(segment)!, `${id} "${term}"`) : null;
      return decoded ? [decoded] : [];
    });
    hits.set(term, fields.map((_, f) => (perFile.length ? concat(perFile.map((decoded) => decoded[f]!), `${resource} "${term}"`) : EMPTY)));
  }

  /** One term's scores in field f: BM25 with the field's idf (df: the term's documents in the field) and boost. */
  const scored = (term: string, f: number): Found => {
    const { keys, parts } = hits.get(term)![f]!;
    const df = keys.length;
    const docs = meta.docs[f]!;
    const weight = fields[f]!.boost * Math.log(1 + (docs - df + 0.5) / (df + 0.5));
    const scores = new Float64Array(parts.length);
    for (let i = 0; i < parts.length; i++) scores[i] = weight * parts[i]!;
    return { keys, scores };
  };

  /** A clause: a term in any field (scores summed over fields), a phrase's pairs all in one field. */
  const clauseHits = (clause: Clause): Found => {
    const terms = lookupTerms(clause);
    let out: Found | null = null;
    fields.forEach((_, f) => {
      const inField = terms.map((term) => scored(term, f)).reduce(both);
      out = out ? either(out, inField) : inField;
    });
    return out!;
  };

  // The smallest clause first (the scores are added in this order).
  let found = query.must
    .map(clauseHits)
    .sort((a, b) => a.keys.length - b.keys.length)
    .reduce(both);
  for (const clause of query.not) found = without(found, clauseHits(clause));
  return positionsOf(read, resource, meta, found);
}

/** The matches of a query: list position -> score; null when the resource has no index. */
export async function searchIndex(read: ReadJson, resource: SearchResource, query: ParsedQuery): Promise<Map<number, number> | null> {
  const ranked = await searchRanked(read, resource, query);
  if (ranked === null) return null;
  const out = new Map<number, number>();
  ranked.positions.forEach((position, i) => out.set(position, ranked.scores[i]!));
  return out;
}

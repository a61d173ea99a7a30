/**
 * The layout of the full-text index (docs/search.md, "Index layout"): which searchable
 * resources there are and with which fields, how documents fall into segments and a segment's
 * terms into buckets and files, and how postings are written. The build (src/output/search-index.ts)
 * writes with these functions and the API function (src/serve/api/search-actions.ts) reads with them.
 *
 * A document is one object of a resource's list (a request, a page, a public body). Its `group`
 * (request id, document id, public body id) puts it into segment `floor(group / SEGMENT_SPAN)`;
 * its `key` (unique, ascending within a group) names it in postings. Every segment except the
 * last one is **sealed**: its terms are spread over buckets by a hash of the term, and the
 * buckets are laid one after the other into as few postings files as POSTINGS_FILE_BYTES allows
 * (one at the sizes measured), read by byte range: an edit rewrites the one file, not one file
 * per changed term. The last segment is **open**: new objects (new ids) land in it, so it is cut by group into
 * TAIL_PARTS tail files that each hold every term of their documents; a new request changes
 * one tail file, the meta file and one positions file. When a group beyond the open segment
 * appears, the open segment is sealed (written as buckets) once.
 */
import { fnv1a } from '../fnv1a.ts';

/** froide's searchable resources and their fields with froide's boosts (docs/search.md, "What froide does"). */
export const SEARCH_FIELDS = {
  request: [
    { name: 'title', boost: 5 },
    { name: 'description', boost: 3 },
    { name: 'content', boost: 1 },
  ],
  page: [
    { name: 'title', boost: 3 },
    { name: 'description', boost: 2 },
    { name: 'content', boost: 1 },
  ],
  publicbody: [
    { name: 'name', boost: 5 },
    { name: 'content', boost: 1 },
  ],
} as const;

export type SearchResource = keyof typeof SEARCH_FIELDS;

export function isSearchResource(name: string): name is SearchResource {
  return name in SEARCH_FIELDS;
}

/** Groups (ids) per segment. */
export const SEGMENT_SPAN = 4096;
/** Tail parts of the open segment, each SEGMENT_SPAN / TAIL_PARTS groups... */
export const TAIL_PARTS = 16;
/** ... and each cut into this many files by term, so a new object changes at most this many. */
export const TAIL_BUCKETS = 4;
/**
 * A sealed segment's buckets of words hold about this many bytes each, those of word
 * pairs (read by phrases only) about PAIR_BUCKET_BYTES (docs/search.md, "Sizes").
 */
const BUCKET_BYTES = 16 * 1024;
export const PAIR_BUCKET_BYTES = 128 * 1024;
const MAX_BUCKETS = 256;
/**
 * A sealed segment's postings files hold at most this many bytes (a bucket larger than that
 * alone gets a file of its own): well below the deploy's 10 MB per file, and what an edit of
 * one text uploads again (docs/search.md, "What an edit changes").
 */
export const POSTINGS_FILE_BYTES = 4 * 1024 * 1024;
/** Keys of a page: document id * PAGE_KEY + page number. */
const PAGE_KEY = 100_000;

export const META_VERSION = 7;

export interface SegmentMeta {
  /** floor(group / SEGMENT_SPAN). */
  segment: number;
  /** Buckets of a sealed segment's words; 0 for the open one, which has `tails`. */
  buckets: number;
  /** Buckets of a sealed segment's word pairs, after the words' buckets in its postings files; 0 for the open one. */
  pairBuckets: number;
  /**
   * A sealed segment's buckets (words', then pairs') in the order they are laid into its
   * postings files: each one's byte length, as encodeNumbers (0 for an empty bucket).
   */
  bucketBytes?: string;
  /** The first bucket of each postings file (file n holds buckets fileStarts[n] … fileStarts[n + 1] - 1, back to back). */
  fileStarts?: number[];
  /** The open segment's tail parts that exist (ascending); each has TAIL_BUCKETS files of words (`t<part>-<bucket>`) and as many of pairs (`t<part>-p<bucket>`), empty ones left out. */
  tails?: number[];
}

/** `meta.json`: what a query needs besides postings. */
export interface SearchMeta {
  version: number;
  fields: string[];
  /** Documents with a non-empty field, per field (BM25's N per field). */
  docs: number[];
  /** Terms per field, summed over documents (avgdl = length / docs). */
  length: number[];
  segments: SegmentMeta[];
  /** Objects in the list the positions files count (src/formats/packs.ts listCounting). */
  total: number;
}

/**
 * `facets.json` of a search action with facets (ListAction.facets): facet -> key -> the list
 * positions (as the list's files count them) of the objects with that key, ascending, written
 * as base-64 varint deltas (encodeNumbers).
 */
export type SearchFacets = Record<string, Record<string, string>>;

/**
 * Postings of one term in one file: one string per field (`""` where the field does not hold
 * the term), each the numbers `keyDelta, tf, keyDelta, tf, ...` ascending by key (delta from
 * the previous key of that field, the first from 0), written as base-64 varints
 * (encodeNumbers): about a third of the bytes of a JSON number list. A bigram (two terms with
 * one space) is a term too: phrases are matched through them. The documents' field lengths
 * are in their segment's positions file, not here, so a text whose length changes rewrites
 * one file, not every bucket of its words.
 */
export type Postings = string[];
export type PostingsFile = Record<string, Postings>;

export function segmentOf(group: number): number {
  return Math.floor(group / SEGMENT_SPAN);
}

export function tailOf(group: number): number {
  return Math.floor((group % SEGMENT_SPAN) / (SEGMENT_SPAN / TAIL_PARTS));
}

/**
 * Pairs of neighbouring words (`kita platz`) are kept in files of their own, which only a
 * phrase reads: they are about two thirds of the postings, and a query of words needs none.
 */
export function isPair(term: string): boolean {
  return term.includes(' ');
}

/** The bucket of a term in a sealed segment, counting the words' buckets first, then the pairs'. */
export function sealedBucket(term: string, segment: SegmentMeta): number {
  return isPair(term) ? segment.buckets + bucketOf(term, segment.pairBuckets) : bucketOf(term, segment.buckets);
}

/** The file of a term in a tail part of the open segment. */
export function tailFile(term: string, tail: number): `t${number}-${number}` | `t${number}-p${number}` {
  return isPair(term) ? `t${tail}-p${bucketOf(term, TAIL_BUCKETS)}` : `t${tail}-${bucketOf(term, TAIL_BUCKETS)}`;
}

export function bucketOf(term: string, buckets: number): number {
  return fnv1a(term) % buckets;
}

/** A segment's bucket count from its size in bytes: a power of two, so a segment grows by doubling. */
export function bucketsFor(bytes: number, target = BUCKET_BYTES): number {
  let buckets = 1;
  while (buckets < MAX_BUCKETS && bytes / buckets > target) buckets *= 2;
  return buckets;
}

/**
 * A field's length in one byte, exact up to 32, then on a logarithmic scale (as Lucene keeps
 * norms): BM25 needs it only roughly, and a small number keeps postings small.
 */
export function encodeLength(length: number): number {
  if (length <= 32) return length;
  return Math.min(255, 32 + Math.round(Math.log(length / 32) / Math.log(1.05)));
}

export function decodeLength(norm: number): number {
  return norm <= 32 ? norm : 32 * Math.pow(1.05, norm - 32);
}

/** The page key of a document's page. */
export function pageKey(documentId: number, number: number): number {
  return documentId * PAGE_KEY + number;
}

/** The group of a key (the inverse of the sources' keys): a page's document id, else the key itself. */
export function groupOfKey(resource: SearchResource, key: number): number {
  return resource === 'page' ? Math.floor(key / PAGE_KEY) : key;
}

/** The smallest key a segment's documents can have (the inverse of groupOfKey and segmentOf). */
export function firstKeyOf(resource: SearchResource, segment: number): number {
  const group = segment * SEGMENT_SPAN;
  return resource === 'page' ? group * PAGE_KEY : group;
}

/** The index files of a search action's filter `<param>` are those of filter `search-<param>` (buildPaths.filterIndex). */
export const SEARCH_FILTER_PREFIX = 'search-';

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** Each digit's value by its character code (all digits are ASCII), -1 for any other: an array lookup, where a Map's cost a fresh process's first decode. */
const VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < DIGITS.length; i++) VALUE[DIGITS.charCodeAt(i)] = i;

/** Non-negative integers as base-64 varints: 5 bits of the number per character, the sixth says "more follows". */
export function encodeNumbers(numbers: readonly number[]): string {
  let out = '';
  for (let n of numbers) {
    while (n >= 32) {
      out += DIGITS[32 + (n % 32)];
      n = Math.floor(n / 32);
    }
    out += DIGITS[n];
  }
  return out;
}

/** The numbers of encodeNumbers, calling `each` with each in order. */
export function decodeNumbers(text: string, each: (n: number) => void): void {
  let n = 0;
  let scale = 1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const digit = code < 128 ? VALUE[code]! : -1;
    if (digit < 0) throw new Error(`search index: ${JSON.stringify(text[i])} is no postings digit`);
    if (digit >= 32) {
      n += (digit - 32) * scale;
      scale *= 32;
    } else {
      each(n + digit * scale);
      n = 0;
      scale = 1;
    }
  }
}

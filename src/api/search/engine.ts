/**
 * Answers a query from the full-text index (docs/search.md, "Scoring"): which objects match and
 * how well, as list positions with their scores. Reads the files through `read` (the serving
 * layer's Store), each at most once, all of one step in parallel.
 *
 * Scoring is BM25 (k1 = 1.2, b = 0.75, Lucene's and Elasticsearch's defaults) per field, summed
 * over the fields with froide's boosts and over the query's clauses (Elasticsearch's
 * `simple_query_string` over several fields scores as `most_fields`). A phrase scores as the
 * sum of its neighbouring pairs.
 */
import { buildPaths } from '../routes.ts';
import { countingOf } from '../packs.ts';
import type { ResourceName } from '../resources/registry.ts';
import { decodeLength, decodeNumbers, sealedFile, tailFile, groupOfKey, META_VERSION, SEARCH_FIELDS, segmentOf, type Postings, type PostingsFile, type SearchMeta, type SearchResource } from './layout.ts';
import { lookupTerms, type Clause, type ParsedQuery } from './query.ts';

const K1 = 1.2;
const B = 0.75;

export type ReadJson = (path: string) => Promise<unknown>;

/** One field's postings of a term, merged over the files: key -> [tf, field length]. */
type FieldHits = Map<number, [number, number]>;

/** The files that may hold a term: its bucket in each sealed segment, every tail of the open one. */
function filesOf(resource: ResourceName, meta: SearchMeta, term: string): string[] {
  return meta.segments.flatMap((segment) =>
    segment.buckets > 0
      ? [buildPaths.searchSegment(resource, segment.segment, sealedFile(term, segment))]
      : (segment.tails ?? []).map((tail) => buildPaths.searchSegment(resource, segment.segment, tailFile(term, tail))),
  );
}

function decode(postings: Postings, fieldCount: number, into: FieldHits[]): void {
  for (let f = 0; f < fieldCount; f++) {
    const list = postings[f];
    if (!list) continue;
    let key = 0;
    let slot = 0;
    let tf = 0;
    decodeNumbers(list, (n) => {
      if (slot === 0) key += n;
      else if (slot === 1) tf = n;
      else into[f]!.set(key, [tf, decodeLength(n)]);
      slot = (slot + 1) % 3;
    });
  }
}

/** The matches of a query: list position -> score; null when the resource has no index. */
export async function searchIndex(read: ReadJson, resource: SearchResource, query: ParsedQuery): Promise<Map<number, number> | null> {
  const meta = (await read(buildPaths.searchMeta(resource))) as SearchMeta | null;
  if (meta === null) return null;
  if (meta.version !== META_VERSION) throw new Error(`${buildPaths.searchMeta(resource)} is version ${meta.version}, not ${META_VERSION}; run the build`);
  if (query.must.length === 0) return new Map();
  const fields = SEARCH_FIELDS[resource];
  const wanted = [...new Set([...query.must, ...query.not].flatMap(lookupTerms))];
  const paths = [...new Set(wanted.flatMap((term) => filesOf(resource, meta, term)))];
  const files = new Map(await Promise.all(paths.map(async (path) => [path, (await read(path)) as PostingsFile | null] as const)));
  const hits = new Map<string, FieldHits[]>();
  for (const term of wanted) {
    const perField = fields.map((): FieldHits => new Map());
    for (const path of filesOf(resource, meta, term)) {
      const postings = files.get(path)?.[term];
      if (postings) decode(postings, fields.length, perField);
    }
    hits.set(term, perField);
  }

  const scoreOf = (term: string, f: number, tf: number, length: number): number => {
    const df = hits.get(term)![f]!.size;
    const docs = meta.docs[f]!;
    const idf = Math.log(1 + (docs - df + 0.5) / (df + 0.5));
    const average = docs ? meta.length[f]! / docs : 1;
    return fields[f]!.boost * idf * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / average)));
  };

  /** key -> score of one clause: a term in any field, a phrase's pairs all in one field. */
  const clauseHits = (clause: Clause): Map<number, number> => {
    const terms = lookupTerms(clause);
    const out = new Map<number, number>();
    fields.forEach((_, f) => {
      const [first, ...rest] = terms.map((term) => hits.get(term)![f]!);
      for (const [key, [tf, length]] of first!) {
        if (!rest.every((other) => other.has(key))) continue;
        let score = scoreOf(terms[0]!, f, tf, length);
        rest.forEach((other, i) => {
          const [otherTf, otherLength] = other.get(key)!;
          score += scoreOf(terms[i + 1]!, f, otherTf, otherLength);
        });
        out.set(key, (out.get(key) ?? 0) + score);
      }
    });
    return out;
  };

  const clauses = query.must.map(clauseHits).sort((a, b) => a.size - b.size);
  const scores = clauses[0]!;
  for (const other of clauses.slice(1)) {
    for (const [key, score] of scores) {
      const more = other.get(key);
      if (more === undefined) scores.delete(key);
      else scores.set(key, score + more);
    }
  }
  for (const clause of query.not) for (const key of clauseHits(clause).keys()) scores.delete(key);
  return positionsOf(read, resource, scores, countingOf(resource, meta.total));
}

/**
 * Keys -> positions through each segment's positions file (the segments the keys are in),
 * which holds them as the list's files count them (src/api/packs.ts listCounting).
 */
async function positionsOf(read: ReadJson, resource: SearchResource, scores: Map<number, number>, count: (position: number) => number): Promise<Map<number, number>> {
  const segments = [...new Set([...scores.keys()].map((key) => segmentOf(groupOfKey(resource, key))))];
  const maps = await Promise.all(
    segments.map(async (segment) => {
      const path = buildPaths.searchSegment(resource, segment, 'positions');
      const text = (await read(path)) as string | null;
      if (text === null) throw new Error(`${path} is missing; the index names its segment`);
      const map = new Map<number, number>();
      let key = 0;
      let odd = false;
      decodeNumbers(text, (n) => {
        if (odd) map.set(key, n);
        else key += n;
        odd = !odd;
      });
      return map;
    }),
  );
  const byKey = new Map<number, number>();
  for (const map of maps) for (const [key, position] of map) byKey.set(key, position);
  const out = new Map<number, number>();
  for (const [key, score] of scores) {
    const stored = byKey.get(key);
    if (stored === undefined) throw new Error(`search index of ${resource}: key ${key} has no position`);
    out.set(count(stored), score);
  }
  return out;
}

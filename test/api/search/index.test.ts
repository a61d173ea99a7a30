/**
 * The full-text index without a build (docs/search.md): the analysis, the query reading, the
 * layout the planner writes (segments, buckets, tails, positions) and the engine reading it
 * back, through an in-memory file map. What a build and the API function do with it is
 * test/serve/search-relevance.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { termOf, terms, tokens } from '../../../src/formats/search/analyze.ts';
import { searchIndex, type ReadJson } from '../../../src/serve/api/search/engine.ts';
import { bucketOf, bucketsFor, decodeLength, decodeNumbers, encodeLength, encodeNumbers, SEGMENT_SPAN, TAIL_BUCKETS, TAIL_PARTS, type SearchMeta } from '../../../src/formats/search/layout.ts';
import { parseQuery } from '../../../src/formats/search/query.ts';
import { planSearchIndex } from '../../../src/output/search-index.ts';
import { SEARCH_SOURCES } from '../../../src/api/search/sources.ts';
import type { StoredText } from '../../../src/lib/stored-text.ts';
import type { Document, FoiRequest } from '../../../src/model/types.ts';

/** The few fields of a request the index reads (src/api/search/sources.ts). */
function request(id: number, title: string, text = '', extra: Record<string, unknown> = {}) {
  return {
    id,
    title,
    description: '',
    refusalReason: '',
    tags: [],
    isFoi: true,
    sameAs: null,
    publicBody: null,
    messages: [{ contentHidden: false, subject: { text: '' }, content: { text }, attachments: [] }],
    ...extra,
  };
}

/** The planned files by path, each body as text (postings files are UTF-8 JSON objects back to back). */
function plan(objects: readonly object[], postingsFileBytes?: number): Map<string, string> {
  // The objects carry only the fields the index reads: typed as the requests they stand for.
  return new Map([...planSearchIndex('request', objects as FoiRequest[], undefined, postingsFileBytes)].map((file) => [file.path, Buffer.from((file as { body: string | Uint8Array }).body).toString()]));
}

/** Reads the planned files as the serving layer does: a whole file, or bytes [start, end) of it. */
function reader(files: Map<string, string>): ReadJson {
  return async (path, range) => {
    const body = files.get(path);
    if (body === undefined) return null;
    return JSON.parse(range ? Buffer.from(body).subarray(range.start, range.end).toString() : body);
  };
}

async function search(files: Map<string, string>, q: string): Promise<number[]> {
  const found = await searchIndex(reader(files), 'request', parseQuery(q));
  return [...found!].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([position]) => position);
}

/** Each bucket of a sealed segment (words', then pairs'), as the bytes meta.json places it at. */
function bucketsOf(files: Map<string, string>, segment: number): string[] {
  const entry = (JSON.parse(files.get('_data/request/search/meta.json')!) as SearchMeta).segments.find((candidate) => candidate.segment === segment)!;
  const lengths: number[] = [];
  decodeNumbers(entry.bucketBytes!, (length) => lengths.push(length));
  const out: string[] = [];
  entry.fileStarts!.forEach((first, file) => {
    const bytes = Buffer.from(files.get(`_data/request/search/0/0/${segment}/${file}.postings`)!);
    let offset = 0;
    for (let bucket = first; bucket < (entry.fileStarts![file + 1] ?? lengths.length); bucket++) {
      out.push(bytes.subarray(offset, (offset += lengths[bucket]!)).toString());
    }
    expect(offset).toBe(bytes.byteLength);
  });
  expect(out).toHaveLength(lengths.length);
  return out;
}

describe('analysis', () => {
  it('stems German inflections to one term, folds case, umlauts and ß, drops stop words', () => {
    expect(new Set(['Verträge', 'Vertrag', 'Vertrages', 'VERTRÄGEN', 'vertrage'].map(termOf))).toEqual(new Set(['vertrag']));
    expect(termOf('Straße')).toBe(termOf('Strasse'));
    expect(termOf('Café')).toBe('cafe');
    expect(terms('Die Akten und der Bescheid')).toEqual(['akt', 'bescheid']);
    expect(terms('Umwelt-Bundesamt 2023')).toEqual(['umwelt', 'bundesamt', '2023']);
  });

  it('keeps where each word stands, stop words with a null term', () => {
    expect(tokens('Die Akte')).toEqual([{ term: null, start: 0, end: 3 }, { term: 'akt', start: 4, end: 8 }]);
  });

  it('reads words, quoted phrases and negations as simple_query_string does with AND', () => {
    expect(parseQuery('Verträge "Kita Plätze" -Polizei')).toEqual({
      must: [{ terms: ['vertrag'] }, { terms: ['kita', 'platz'] }],
      not: [{ terms: ['polizei'] }],
      highlight: new Set(['vertrag', 'kita', 'platz']),
    });
    expect(parseQuery('die und der').must).toEqual([]);
    expect(parseQuery('Umwelt-Bundesamt').must).toEqual([{ terms: ['umwelt'] }, { terms: ['bundesamt'] }]);
  });

  it('keeps field lengths in one byte, exact where it matters most, and doubles buckets with size', () => {
    for (const length of [0, 1, 32]) expect(decodeLength(encodeLength(length))).toBe(length);
    for (const length of [100, 1_000, 20_000]) expect(Math.abs(decodeLength(encodeLength(length)) / length - 1)).toBeLessThan(0.03);
    expect(encodeLength(10 ** 9)).toBe(255);
    expect([0, 16 * 1024, 17 * 1024, 10 ** 9].map((bytes) => bucketsFor(bytes))).toEqual([1, 1, 2, 256]);
    expect(bucketsFor(200 * 1024, 128 * 1024)).toBe(2);
  });
});

describe('index layout and lookups', () => {
  const old = Array.from({ length: 40 }, (_, i) => request(1 + i * 100, `Anfrage ${i}`, i % 2 ? 'Verträge der Stadt' : 'Gutachten zur Brücke'));
  const recent = [request(SEGMENT_SPAN + 3, 'Vertrag über Schutzmasken'), request(SEGMENT_SPAN + 700, 'Nichts davon')];
  const files = plan([...recent, ...old]);

  it('seals every segment but the last into hash buckets, cuts the last into tails, maps keys to positions', () => {
    const meta = JSON.parse(files.get('_data/request/search/meta.json')!) as SearchMeta;
    expect(meta.segments).toEqual([
      { segment: 0, buckets: 1, pairBuckets: 1, bucketBytes: expect.any(String), fileStarts: [0] },
      { segment: 1, buckets: 0, pairBuckets: 0, tails: [0, Math.floor(700 / (SEGMENT_SPAN / TAIL_PARTS))] },
    ]);
    expect(meta.docs).toEqual([42, 0, 42]);
    const paths = [...files.keys()].sort();
    expect(paths.filter((path) => !/\/t\d+-p?\d\.json$/.test(path))).toEqual([
      '_data/request/search/0/0/0/0.postings',
      '_data/request/search/0/0/0/positions.json',
      '_data/request/search/0/0/1/positions.json',
      '_data/request/search/meta.json',
    ]);
    // The sealed segment's one file: its bucket of words, then its bucket of word pairs.
    const [words, pairs] = bucketsOf(files, 0).map((body) => JSON.parse(body) as Record<string, unknown>);
    expect(Object.keys(words!)).toContain('vertrag');
    expect(Object.keys(pairs!)).toContain(`${termOf('Gutachten')} ${termOf('Brücke')}`);
    expect(Object.keys(words!).every((term) => !term.includes(' ')) && Object.keys(pairs!).every((term) => term.includes(' '))).toBe(true);
    // The open segment: tail parts 0 and 2, each cut by term into at most TAIL_BUCKETS files of
    // words and as many of word pairs.
    const tails = paths.filter((path) => /\/t\d+-p?\d\.json$/.test(path));
    expect(new Set(tails.map((path) => /\/(t\d+)-/.exec(path)![1]))).toEqual(new Set(['t0', 't2']));
    expect(tails.filter((path) => path.includes('-p')).length).toBeGreaterThan(0);
    expect(tails.length).toBeLessThanOrEqual(2 * 2 * TAIL_BUCKETS);
    // Key, then its position in the list, counted as the request list's chunks count it: from
    // its end, since the list puts new requests first (positions 0 and 1 of 42 are 41 and 40);
    // then the length of each field (title, description, text) in words, as encodeLength keeps it.
    const positions: number[] = [];
    decodeNumbers(JSON.parse(files.get('_data/request/search/0/0/1/positions.json')!), (n) => positions.push(n));
    const total = recent.length + old.length;
    expect(positions).toEqual([SEGMENT_SPAN + 3, total - 1, 2, 0, 2, 697, total - 2, 1, 0, 1]);
  });

  it('finds every inflected form across segments, the title (×5) before the text', async () => {
    const found = await search(files, 'Vertrages');
    expect(found[0]).toBe(0);
    expect(found).toHaveLength(21);
    expect(await search(files, 'Brücken Gutachten')).toHaveLength(20);
    expect(await search(files, '"Gutachten Brücke"')).toHaveLength(20);
    expect(await search(files, '"Brücke Gutachten"')).toEqual([]);
    expect(await search(files, 'Vertrag -Stadt')).toEqual([0]);
    expect(await search(files, 'Atomkraftwerk')).toEqual([]);
    expect(await search(files, 'der die das')).toEqual([]);
  });

  it('a new request (a new id) changes its tail file, the meta file and its segment positions only', () => {
    const more = plan([request(SEGMENT_SPAN + 701, 'Neue Anfrage zu Verträgen'), ...recent, ...old]);
    const changed = [...new Set([...more.keys(), ...files.keys()])].filter((path) => more.get(path) !== files.get(path)).sort();
    // The list counts positions from the end that keeps its oldest requests, so only the new
    // request's segment gets a new position; postings (keys) change only in its tail part.
    expect(changed.filter((path) => !path.includes('/t2-'))).toEqual([
      '_data/request/search/0/0/1/positions.json',
      '_data/request/search/meta.json',
    ]);
    expect(changed.filter((path) => path.includes('/t2-')).length).toBeGreaterThan(0);
    expect(changed.filter((path) => path.includes('/t2-')).length).toBeLessThanOrEqual(2 * TAIL_BUCKETS);
  });

  it("a longer text changes its segment's postings file in the new word's bucket only, and its positions file", async () => {
    // A sealed segment of many buckets: 600 requests with words of their own.
    const vocabulary = Array.from({ length: 3000 }, (_, i) => `Wort${i.toString(36)}`);
    const text = (id: number) => Array.from({ length: 40 }, (_, k) => vocabulary[(id * 37 + k * 11) % vocabulary.length]).join(' ');
    const sealed = Array.from({ length: 600 }, (_, i) => request(i + 1, `Anfrage ${i + 1}`, text(i + 1)));
    const open = [request(SEGMENT_SPAN + 1, 'Offen')];
    const before = plan([...open, ...sealed]);
    const meta = JSON.parse(before.get('_data/request/search/meta.json')!) as SearchMeta;
    const buckets = meta.segments[0]!.buckets;
    expect(buckets).toBeGreaterThan(4);
    // Request 300 gets a postscript of one new word, forty times: a text twice as long (past
    // the next step of encodeLength), every other word as often as before.
    expect(encodeLength(81)).not.toBe(encodeLength(41));
    const edited = sealed.map((object) => (object.id === 300 ? request(300, 'Anfrage 300', `${text(300)}${' Nachtrag'.repeat(40)}`) : object));
    const after = plan([...open, ...edited]);
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter((path) => after.get(path) !== before.get(path)).sort();
    expect(changed).toEqual(['_data/request/search/0/0/0/0.postings', '_data/request/search/0/0/0/positions.json', '_data/request/search/meta.json']);
    // Of the word buckets only the new word's changes, though the request's words fill others;
    // its word pairs are new too (the pairs' buckets follow the words').
    const own = new Set(terms(text(300)).map((word) => bucketOf(word, buckets)));
    expect(own.size).toBeGreaterThan(2);
    const [was, is] = [bucketsOf(before, 0), bucketsOf(after, 0)];
    const changedWords = is.flatMap((body, bucket) => (bucket < buckets && body !== was[bucket] ? [bucket] : []));
    expect(changedWords).toEqual([bucketOf(termOf('Nachtrag')!, buckets)]);
    expect(changed.filter((path) => path.includes('/0/0/1/'))).toEqual([]);
    // The length comes from the positions file: the request scores lower for its own words.
    const word = vocabulary[(300 * 37) % vocabulary.length]!;
    const score = async (files: Map<string, string>) => (await searchIndex(reader(files), 'request', parseQuery(word)))!.get(300);
    expect(await score(after)).toBeLessThan((await score(before))!);
  });

  it("cuts a sealed segment's postings into files of at most the given size, each read by range", async () => {
    const vocabulary = Array.from({ length: 3000 }, (_, i) => `Wort${i.toString(36)}`);
    const sealed = Array.from({ length: 600 }, (_, i) => request(i + 1, `Anfrage ${i + 1}`, Array.from({ length: 40 }, (_, k) => vocabulary[(i * 37 + k * 11) % vocabulary.length]).join(' ')));
    const objects = [request(SEGMENT_SPAN + 1, 'Offen'), ...sealed];
    const whole = plan(objects);
    const cut = plan(objects, 20_000);
    const postings = (files: Map<string, string>) => [...files.keys()].filter((path) => path.endsWith('.postings')).sort();
    expect(postings(whole)).toEqual(['_data/request/search/0/0/0/0.postings']);
    const files = postings(cut);
    expect(files.length).toBeGreaterThan(3);
    // Only a bucket larger than the limit alone makes a file larger than it.
    const largest = Math.max(...bucketsOf(cut, 0).map((body) => Buffer.byteLength(body)));
    for (const path of files) expect(Buffer.byteLength(cut.get(path)!)).toBeLessThanOrEqual(Math.max(20_000, largest));
    // No file of empty buckets only: an empty bucket never starts a file.
    for (const path of files) expect(Buffer.byteLength(cut.get(path)!)).toBeGreaterThan(0);
    // The same buckets, the same answers.
    expect(bucketsOf(cut, 0)).toEqual(bucketsOf(whole, 0));
    for (const q of [vocabulary[5]!, `${vocabulary[5]} ${vocabulary[16]}`, `"${vocabulary[5]} ${vocabulary[16]}"`, 'Anfrage']) {
      expect(await search(cut, q)).toEqual(await search(whole, q));
    }
    expect((await search(whole, vocabulary[5]!)).length).toBeGreaterThan(0);
  });

  it('refuses a meta.json whose bucket sizes do not match its buckets, and a postings file cut short', async () => {
    const vocabulary = Array.from({ length: 400 }, (_, i) => `Wort${i.toString(36)}`);
    const objects = [request(SEGMENT_SPAN + 1, 'Offen'), ...Array.from({ length: 200 }, (_, i) => request(i + 1, `Anfrage ${i + 1}`, vocabulary.slice(i, i + 40).join(' ')))];
    const files = plan(objects);
    const meta = JSON.parse(files.get('_data/request/search/meta.json')!) as SearchMeta;
    const lengths: number[] = [];
    decodeNumbers(meta.segments[0]!.bucketBytes!, (length) => lengths.push(length));
    meta.segments[0]!.bucketBytes = encodeNumbers(lengths.slice(1));
    const broken = new Map([...files, ['_data/request/search/meta.json', JSON.stringify(meta)]]);
    await expect(search(broken, 'Anfrage')).rejects.toThrow(`meta.json gives segment 0 ${lengths.length - 1} bucket lengths from file 0, not ${lengths.length} from file 0`);
    // A postings file shorter than meta.json says: the bucket's bytes are not JSON.
    const path = '_data/request/search/0/0/0/0.postings';
    const short = new Map([...files, [path, files.get(path)!.slice(0, 10)]]);
    await expect(search(short, vocabulary[30]!)).rejects.toThrow();
  });

  it('writes postings as base-64 varints that read back as written', () => {
    const numbers = [0, 1, 31, 32, 33, 1023, 1024, 123_456_789, 2 ** 40];
    const text = encodeNumbers(numbers);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    const back: number[] = [];
    decodeNumbers(text, (n) => back.push(n));
    expect(back).toEqual(numbers);
    expect(() => decodeNumbers('a,b', () => {})).toThrow(/no postings digit/);
  });

  it('leaves out what froide keeps out of its public search index: non-FOI requests and duplicates', async () => {
    const hidden = plan([request(1, 'Vertrag', '', { isFoi: false }), request(2, 'Vertrag', '', { sameAs: { id: 3 } }), request(3, 'Vertrag')]);
    expect(await search(hidden, 'Vertrag')).toEqual([2]);
  });
});

describe('page documents', () => {
  it('tell a page’s text by its PDF’s SHA-256 and number and its document’s title and description, without reading it', () => {
    const unread = {
      read() {
        throw new Error('a page’s text was read');
      },
    } as unknown as StoredText;
    const document = (title: string | null, description: string) => ({ id: 3, title, description }) as Document;
    const textKey = (of: Document, number: number, pdf: string) => SEARCH_SOURCES.page!({ document: of, page: { number, width: 10, height: 10, text: unread }, pdf })!.textKey!();
    const first = document('Bericht', 'Anlage');
    expect(textKey(first, 1, 'a'.repeat(64))).toBe(textKey(document('Bericht', 'Anlage'), 1, 'a'.repeat(64)));
    const keys = [
      textKey(first, 1, 'a'.repeat(64)),
      textKey(first, 2, 'a'.repeat(64)),
      textKey(first, 1, 'b'.repeat(64)),
      textKey(document('Bericht 2', 'Anlage'), 1, 'a'.repeat(64)),
      textKey(document('Bericht', 'Anlage 2'), 1, 'a'.repeat(64)),
      textKey(document('BerichtA', 'nlage'), 1, 'a'.repeat(64)),
      textKey(document(null, 'Anlage'), 1, 'a'.repeat(64)),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
});

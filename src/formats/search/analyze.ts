/**
 * Text analysis of the full-text search (docs/search.md, "Analysis"): the one place that turns
 * text into index terms, used alike by the build (what a document holds) and by the API
 * function (what a query asks for), so the two cannot disagree.
 *
 * A token is a run of letters, marks and digits (Elasticsearch's standard tokenizer splits at
 * everything else, hyphens included). Each token is lower-cased, dropped if it is a German stop
 * word (the Snowball list, as Elasticsearch's `_german_`), stemmed by the Snowball German
 * stemmer (which also folds ä/ö/ü to a/o/u and ß to ss) and finally folded to ASCII where the
 * stemmer left a diacritic (é -> e), as froide's analyzer does with `asciifolding`.
 */
import { stemmer } from '@orama/stemmers/german';
import { stopwords } from '@orama/stopwords/german';

const STOP: ReadonlySet<string> = new Set(stopwords);
const TOKEN = /[\p{L}\p{M}\p{N}]+/gu;
/** Longer runs are no words (hashes, base64); Elasticsearch's standard tokenizer cuts at 255. */
const MAX_TOKEN = 64;
const COMBINING = /\p{M}+/gu;

/** One token of a text: its term (null for a stop word) and where it stands in the text. */
export interface Token {
  term: string | null;
  start: number;
  end: number;
}

const cache = new Map<string, string | null>();

/** The index term of one word, or null for a stop word or a word too long to be one. */
export function termOf(word: string): string | null {
  const known = cache.get(word);
  if (known !== undefined) return known;
  const lower = word.toLowerCase();
  let term: string | null = null;
  if (lower.length <= MAX_TOKEN && !STOP.has(lower)) {
    term = stemmer(lower).normalize('NFKD').replace(COMBINING, '');
    if (term === '') term = null;
  }
  if (cache.size > 200_000) cache.clear();
  cache.set(word, term);
  return term;
}

/** Every token of a text, stop words included (with a null term), in text order. */
export function tokens(text: string): Token[] {
  const out: Token[] = [];
  for (const match of text.matchAll(TOKEN)) out.push({ term: termOf(match[0]), start: match.index, end: match.index + match[0].length });
  return out;
}

/** The terms of a text in order, stop words left out. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const term = termOf(match[0]);
    if (term !== null) out.push(term);
  }
  return out;
}

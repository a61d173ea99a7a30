/**
 * A search query (`q`) as froide sends it to Elasticsearch: `simple_query_string` with
 * `default_operator: and` (okfde/froide `BaseSearchFilterSet.auto_query`). Read here:
 * words (every one must match), `"quoted phrases"` (their words in this order, next to each
 * other), and `-` before a word or phrase (must not match). The other operators of
 * simple_query_string (`|`, `+`, `*`, `~`, parentheses) are read as separators, as its
 * `lenient` reading of an unparsable query would (docs/search.md, "Queries").
 */
import { terms } from './analyze.ts';

export interface Clause {
  /** One term, or the terms of a phrase in order. */
  terms: string[];
}

export interface ParsedQuery {
  must: Clause[];
  not: Clause[];
  /** The analyzed terms a match may show (for highlights): every term of `must`. */
  highlight: Set<string>;
}

const PART = /(-?)"([^"]*)"?|(-?)([^\s"]+)/g;

/** The clauses of a query; a query whose words are all stop words has no `must` clause. */
export function parseQuery(q: string): ParsedQuery {
  const must: Clause[] = [];
  const not: Clause[] = [];
  for (const match of q.matchAll(PART)) {
    const negated = (match[1] ?? match[3]) === '-';
    const text = match[2] ?? match[4] ?? '';
    const found = terms(text);
    if (found.length === 0) continue;
    const phrase = match[2] !== undefined;
    // An unquoted word that analyzes to several terms (`Umwelt-Bundesamt`) needs all of them.
    const clauses = phrase ? [{ terms: found }] : found.map((term) => ({ terms: [term] }));
    (negated ? not : must).push(...clauses);
  }
  return { must, not, highlight: new Set(must.flatMap((clause) => clause.terms)) };
}

/** The index terms a clause is looked up by: its term, or each pair of neighbours of a phrase. */
export function lookupTerms(clause: Clause): string[] {
  if (clause.terms.length === 1) return clause.terms;
  return clause.terms.slice(1).map((term, i) => `${clause.terms[i]} ${term}`);
}

import { filtersOf } from '../../api/resources/declaration-registry.ts';
import type { ResourceName } from '../../formats/resource-names.ts';
import { tokens } from '../../formats/search/analyze.ts';
import { parseQuery } from '../../formats/search/query.ts';
/**
 * froide's `query_highlight` (docs/froide.md#page; okfde/froide:froide/helper/search/queryset.py):
 * fragments of about 100 characters around the matches (Elasticsearch's default
 * `fragment_size`), each match's word wrapped in `<em>`, split at runs of whitespace, keeping
 * the sections with a match that are not only the match, at most 5, joined by " […] ".
 */

const FRAGMENT_SIZE = 100;
const MAX_SNIPPETS = 5;
const WORD = /[\p{L}\p{N}]/u;

type Range = [start: number, end: number];

/** The function that marks a search's matches in each answered object, or null without a search. */
export function highlighter(resource: ResourceName, query: URLSearchParams): ((object: unknown) => unknown) | null {
  for (const spec of filtersOf(resource)) {
    if (!spec.highlight) continue;
    const value = query.getAll(spec.param).at(-1) ?? '';
    const parts = value.split(/\s+/).filter(Boolean);
    if (parts.length === 0) continue;
    const { field, target } = spec.highlight;
    // A full-text search marks the words whose terms it matched (a stemmed form, any case).
    const terms = spec.parse.kind === 'fulltext' ? parseQuery(value).highlight : null;
    return (object) => {
      const record = object as Record<string, unknown>;
      const text = String(record[field] ?? '');
      return { ...record, [target]: terms ? highlightRanges(text, termRanges(text, terms)) : highlight(text, parts) };
    };
  }
  return null;
}

export function highlight(text: string, parts: readonly string[]): string {
  return highlightRanges(text, matchRanges(text, parts));
}

/** The words of a text whose index term is one of `terms` (src/formats/search/analyze.ts), in text order. */
function termRanges(text: string, terms: ReadonlySet<string>): Range[] {
  return tokens(text).flatMap((token): Range[] => (token.term !== null && terms.has(token.term) ? [[token.start, token.end]] : []));
}

function highlightRanges(text: string, ranges: readonly Range[]): string {
  const snippets: string[] = [];
  for (const fragment of fragments(text, ranges)) {
    for (const section of fragment.split(/\s{2,}/)) {
      if (!section.includes('<em>') || (section.startsWith('<em>') && section.endsWith('</em>'))) continue;
      if (snippets.includes(section)) continue;
      snippets.push(section);
      if (snippets.length === MAX_SNIPPETS) return snippets.join(' […] ');
    }
  }
  return snippets.join(' […] ');
}

/** Every occurrence of a part, widened to the words it touches; merged and in text order. */
function matchRanges(text: string, parts: readonly string[]): Range[] {
  const lower = text.toLowerCase();
  const found: Range[] = [];
  for (const part of parts.map((p) => p.toLowerCase())) {
    for (let at = lower.indexOf(part); at >= 0; at = lower.indexOf(part, at + part.length)) {
      let start = at;
      let end = at + part.length;
      while (start > 0 && WORD.test(text[start - 1]!)) start--;
      while (end < text.length && WORD.test(text[end]!)) end++;
      found.push([start, end]);
    }
  }
  found.sort((a, b) => a[0] - b[0]);
  const merged: Range[] = [];
  for (const range of found) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

/** Fragments of about FRAGMENT_SIZE characters, each holding one or more matches, in text order. */
function* fragments(text: string, ranges: readonly Range[]): Generator<string> {
  let i = 0;
  while (i < ranges.length) {
    let start = Math.max(0, ranges[i]![0] - Math.floor((FRAGMENT_SIZE - (ranges[i]![1] - ranges[i]![0])) / 2));
    while (start > 0 && start < ranges[i]![0] && WORD.test(text[start - 1]!)) start++;
    let end = Math.max(ranges[i]![1], start + FRAGMENT_SIZE);
    let j = i;
    while (j + 1 < ranges.length && ranges[j + 1]![1] <= end) j++;
    end = Math.min(text.length, Math.max(end, ranges[j]![1]));
    while (end < text.length && end > ranges[j]![1] && WORD.test(text[end]!)) end--;
    let out = '';
    let cursor = start;
    for (let k = i; k <= j; k++) {
      const [from, to] = ranges[k]!;
      out += `${text.slice(cursor, from)}<em>${text.slice(from, to)}</em>`;
      cursor = to;
    }
    yield (out + text.slice(cursor, end)).trim();
    i = j + 1;
  }
}

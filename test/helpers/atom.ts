/**
 * Validates Atom documents against RFC 4287's RELAX NG schema (test/fixtures/atom/atom.rng) with
 * libxml2 (xmllint-wasm), plus the RFC's rules a grammar cannot say (section 4.1.1: an author
 * on the feed or on every entry; unique entry ids).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { DOMParser, type Element } from '@xmldom/xmldom';

const SCHEMA = readFile(join(import.meta.dirname, '../fixtures/atom/atom.rng'), 'utf8');
const ATOM = 'http://www.w3.org/2005/Atom';

/** The schema's and the RFC's complaints about a document; empty when it is a valid Atom feed. */
export async function atomProblems(xml: string): Promise<string[]> {
  const result = await validateXML({ xml: [{ fileName: 'feed.xml', contents: xml }], schema: [{ fileName: 'atom.rng', contents: await SCHEMA }], extension: 'relaxng' });
  if (!result.valid) return result.errors.map((error) => error.message);
  const feed = new DOMParser().parseFromString(xml, 'application/xml').documentElement!;
  const children = (element: Element, name: string) => Array.from(element.childNodes).filter((node): node is Element => node.nodeType === 1 && (node as Element).localName === name && (node as Element).namespaceURI === ATOM);
  const entries = children(feed, 'entry');
  const problems: string[] = [];
  if (children(feed, 'author').length === 0 && entries.some((entry) => children(entry, 'author').length === 0)) problems.push('an entry without author in a feed without author');
  const ids = entries.map((entry) => children(entry, 'id')[0]!.textContent);
  if (new Set(ids).size !== ids.length) problems.push('entry ids are not unique');
  return problems;
}

/** The entries of a feed: id, title, link, updated. */
export function atomEntries(xml: string): { id: string; title: string; link: string; updated: string }[] {
  const feed = new DOMParser().parseFromString(xml, 'application/xml').documentElement!;
  return Array.from(feed.getElementsByTagNameNS(ATOM, 'entry')).map((entry) => ({
    id: entry.getElementsByTagNameNS(ATOM, 'id')[0]!.textContent!,
    title: entry.getElementsByTagNameNS(ATOM, 'title')[0]!.textContent!,
    link: entry.getElementsByTagNameNS(ATOM, 'link')[0]!.getAttribute('href')!,
    updated: entry.getElementsByTagNameNS(ATOM, 'updated')[0]!.textContent!,
  }));
}

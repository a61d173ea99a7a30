/**
 * Atom feeds of API answers (docs/serving.md, "Feeds"): `?format=atom` on a list, a list action
 * or a search answers the page's objects as entries; on a request its messages; on a public
 * body, a campaign or a jurisdiction the requests that name it (the request list with that
 * filter). Written by the `feed` package (MIT, one small dependency), so the XML escaping and
 * the element order are a library's, not ours; the suite validates the answers against RFC
 * 4287's RELAX NG schema. Computed by the function only: no feed is a file of build/.
 */
import { Feed, type Item } from 'feed';
import type { UrlBuilder } from '../../api/urls.ts';
import type { ResourceName } from '../../formats/resource-names.ts';
import { escapeHtml } from './html/escape.ts';

export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';

/** Details whose feed is the request list filtered by them, with the filter's parameter. */
export const REQUESTS_OF: Partial<Record<ResourceName, string>> = { publicbody: 'public_body', campaign: 'campaign', jurisdiction: 'jurisdiction' };

type ApiObject = Record<string, unknown>;

const TITLE_KEYS = ['title', 'subject', 'name', 'label', 'ident'] as const;
const UPDATED_KEYS = ['last_modified_at', 'last_message', 'timestamp', 'updated_at', 'created_at', 'published_at', 'created', 'date'] as const;
const PUBLISHED_KEYS = ['created_at', 'first_message', 'timestamp', 'published_at', 'created', 'date'] as const;
const TEXT_KEYS = ['description', 'summary', 'content', 'text'] as const;

function firstString(object: ApiObject, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = object[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

function firstDate(object: ApiObject, keys: readonly string[]): Date | undefined {
  for (const key of keys) {
    const value = object[key];
    if (typeof value !== 'string') continue;
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return date;
  }
  return undefined;
}

/** The page on the site an object has (absolute), else its API URL. */
function linkOf(object: ApiObject, urls: UrlBuilder): string {
  const site = firstString(object, ['site_url']);
  if (site) return site;
  const relative = firstString(object, ['url']);
  if (relative?.startsWith('/')) return `${urls.settings.siteUrl.replace(/\/$/, '')}${relative}`;
  return firstString(object, ['resource_uri']) ?? urls.settings.baseUrl;
}

/** The Atom epoch for an object without any date: the feed stays valid, the entry sorts last. */
const NO_DATE = new Date(0);

/** Characters XML 1.0 cannot hold (C0 controls but tab and line ends, U+FFFE/U+FFFF, lone surrogates), dropped. */
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A plain text as the HTML the library declares its titles and summaries to be. */
function html(text: string): string {
  return escapeHtml(text.replace(NOT_XML, ''));
}

function entryOf(object: ApiObject, urls: UrlBuilder): Item {
  const id = firstString(object, ['resource_uri']) ?? `${linkOf(object, urls)}#${String(object.id)}`;
  const text = firstString(object, TEXT_KEYS);
  const title = firstString(object, TITLE_KEYS) ?? (object.id === undefined ? id : `#${String(object.id)}`);
  return {
    // The library writes title and summary as type="html": plain texts are escaped for it.
    title: html(title),
    id,
    link: linkOf(object, urls),
    date: firstDate(object, UPDATED_KEYS) ?? NO_DATE,
    ...(firstDate(object, PUBLISHED_KEYS) ? { published: firstDate(object, PUBLISHED_KEYS)! } : {}),
    ...(text ? { description: html(text).replace(/\r?\n/g, '<br>') } : {}),
  };
}

/** The objects an answer's feed has: a page's objects, a request's messages, else the object itself. */
export function feedObjects(resource: ResourceName | null, answer: unknown): ApiObject[] {
  if (answer === null || typeof answer !== 'object') return [];
  const value = answer as ApiObject;
  if (Array.isArray(value.objects)) return value.objects as ApiObject[];
  if (resource === 'request' && Array.isArray(value.messages)) return value.messages as ApiObject[];
  return Array.isArray(answer) ? (answer as ApiObject[]) : [value];
}

export interface FeedFacts {
  /** The feed's own URL (its id and its `self` link). */
  self: string;
  /** What the feed is about, for its title ("Foi Request List", "Requests of Umweltamt"). */
  title: string;
  objects: readonly ApiObject[];
}

/** The Atom document of a feed, entries newest first (a list's own order is kept among equals). */
export function renderAtom(facts: FeedFacts, urls: UrlBuilder): string {
  const host = new URL(urls.settings.baseUrl).host;
  const entries = facts.objects.map((object) => entryOf(object, urls));
  const ordered = entries.map((entry, index) => ({ entry, index })).sort((a, b) => b.entry.date.getTime() - a.entry.date.getTime() || a.index - b.index);
  const updated = ordered[0]?.entry.date ?? NO_DATE;
  const feed = new Feed({
    id: facts.self,
    // A text construct without type: the library escapes it.
    title: `${host}: ${facts.title}`.replace(NOT_XML, ''),
    updated,
    link: urls.settings.siteUrl,
    feedLinks: { atom: facts.self },
    author: { name: host, link: urls.settings.siteUrl },
    generator: 'FOI archive API',
  });
  for (const { entry } of ordered) feed.addItem(entry);
  return feed.atom1();
}

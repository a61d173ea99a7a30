/**
 * Documents (filingcabinet's DocumentSerializer), their page annotations and document
 * collections -> content records. A document derived from an attachment is written with its
 * attachment (map-requests.ts); here are the documents of their own (`original` null).
 */
import { DOCUMENT_TYPES } from '../content/choices.ts';
import { cleanName } from './names.ts';
import { absoluteUrl, bool, dateTimeOf, fileNameOf, idOf, list, numberOf, object, hexDigestOf, slugFromSiteUrl, textOf, type Json } from './values.ts';

/** The keys of `properties` content keeps (docs/content-guide.md, imported documents); froide adds the PDF's own metadata beside them. */
const PROPERTY_KEYS = ['url', 'publisher', 'reference', 'foreign_id', 'publisher_url'] as const;

function properties(value: unknown): Json {
  if (!value || typeof value !== 'object') return {};
  const p = value as Json;
  const out: Json = {};
  for (const key of PROPERTY_KEYS) if (p[key] !== undefined && p[key] !== null) out[key] = textOf(p[key], `properties.${key}`);
  if (Array.isArray(p._tables)) out.tables = p._tables;
  else if (p._tables === null) out.tables = null;
  return out;
}

/**
 * filingcabinet's `data`: a parliamentary paper (publisher, document_type, legislative_term),
 * a research paper (year, category, publisher), or nothing. Instances send the numbers as
 * strings or the strings as numbers; both are read. Anything else: null, and a summary line.
 */
function documentData(value: unknown): Json | null {
  if (value === null || value === undefined) return {};
  const d = object(value, 'data');
  if (Object.keys(d).length === 0) return {};
  if ('legislative_term' in d || 'document_type' in d) {
    const type = d.document_type === null || d.document_type === undefined ? null : textOf(d.document_type, 'data.document_type');
    if (type !== null && !(DOCUMENT_TYPES as readonly string[]).includes(type)) return null;
    return { category: null, publisher: textOf(d.publisher, 'data.publisher'), document_type: type, legislative_term: textOf(d.legislative_term, 'data.legislative_term') };
  }
  if ('year' in d) {
    const year = numberOf(d.year, 'data.year');
    if (year === undefined || !Number.isInteger(year)) return null;
    const out: Json = { year, category: textOf(d.category, 'data.category'), publisher: textOf(d.publisher, 'data.publisher') };
    if (d.jurisdiction !== undefined) out.jurisdiction = textOf(d.jurisdiction, 'data.jurisdiction');
    if (d.document_type === null) out.document_type = null;
    return out;
  }
  return null;
}

export interface MappedDocument {
  document: Json;
  /** The PDF: its URL (with its token when private), the size the API announced, and its sha256 if it does. */
  file: { name: string; url: string; size: number | null; sha256: string | null };
  skipped: string[];
}

export function mapDocument(answer: unknown): MappedDocument {
  const a = object(answer, 'document');
  const id = idOf(a.id, 'document.id');
  const url = textOf(a.file_url, 'file_url');
  const skipped: string[] = [];
  let data = documentData(a.data);
  if (data === null) {
    skipped.push(`document ${id}: data ${JSON.stringify(a.data)} fits none of the kinds content/ knows; left out`);
    data = {};
  }
  const decoded = fileNameOf(url, `document ${id} file_url`);
  const name = cleanName(/\.pdf$/i.test(decoded) ? decoded : `${decoded}.pdf`, `document ${id} file_url`);
  return {
    document: {
      id,
      file: name,
      uid: textOf(a.uid, 'uid') || undefined,
      title: textOf(a.title, 'title'),
      slug: textOf(a.slug, 'slug'),
      description: textOf(a.description, 'description'),
      published_at: dateTimeOf(a.published_at, 'published_at'),
      public: bool(a.public, true),
      listed: bool(a.listed, true),
      last_modified_at: dateTimeOf(a.last_modified_at, 'last_modified_at') ?? undefined,
      properties: properties(a.properties),
      data,
    },
    file: { name, url: absoluteUrl(url, `document ${id} file_url`), size: numberOf(a.file_size, 'file_size') ?? null, sha256: hexDigestOf(a.sha256, 'sha256') },
    skipped,
  };
}

export function mapAnnotation(answer: unknown): Json {
  const a = object(answer, 'pageannotation');
  return {
    id: idOf(a.id, 'id'),
    page: numberOf(a.number ?? a.page, 'number'),
    title: textOf(a.title, 'title'),
    description: textOf(a.description, 'description'),
    top: numberOf(a.top, 'top') ?? null,
    left: numberOf(a.left, 'left') ?? null,
    width: numberOf(a.width, 'width') ?? null,
    height: numberOf(a.height, 'height') ?? null,
    timestamp: dateTimeOf(a.timestamp, 'timestamp'),
    highlight: textOf(a.highlight, 'highlight'),
  };
}

/**
 * filingcabinet publishes a directory's description as HTML made from Markdown with a few
 * tags (paragraphs, bold, italics, lists, links); this writes that HTML back as Markdown.
 */
export function markdownOf(html: string): string {
  const inline = (part: string) =>
    part
      .replace(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gs, '[$2]($1)')
      .replace(/<\/?strong>/g, '**')
      .replace(/<\/?em>/g, '*')
      .replace(/<br\s*\/?>/g, '\n')
      .replace(/<[^>]+>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  const blocks: string[] = [];
  for (const match of html.matchAll(/<(p|ul|ol)>(.*?)<\/\1>/gs)) {
    const [, tag, body] = match;
    if (tag === 'p') blocks.push(inline(body!));
    else {
      const items = [...body!.matchAll(/<li>(.*?)<\/li>/gs)].map((item, index) => `${tag === 'ol' ? `${index + 1}.` : '-'} ${inline(item[1]!)}`);
      blocks.push(items.join('\n'));
    }
  }
  return blocks.length ? blocks.join('\n\n') : inline(html);
}

export interface DirectoryAnswer {
  id: number;
  name: string;
  description: string;
  created_at: string | null;
  updated_at: string | null;
}

export function directory(value: unknown): DirectoryAnswer {
  const d = object(value, 'directory');
  return {
    id: idOf(d.id, 'directory.id'),
    name: textOf(d.name, 'directory.name'),
    description: markdownOf(textOf(d.description, 'directory.description')),
    created_at: dateTimeOf(d.created_at, 'directory.created_at'),
    updated_at: dateTimeOf(d.updated_at, 'directory.updated_at'),
  };
}

/** The collection record without its directories and documents, which take further answers. */
export function mapCollection(answer: unknown): Json {
  const a = object(answer, 'documentcollection');
  const id = idOf(a.id, 'documentcollection.id');
  return {
    id,
    title: textOf(a.title, 'title'),
    slug: slugFromSiteUrl(a.site_url, id),
    description: textOf(a.description, 'description'),
    public: bool(a.public, true),
    listed: bool(a.listed, true),
    uid: textOf(a.uid, 'uid') || undefined,
    created_at: dateTimeOf(a.created_at, 'created_at'),
    updated_at: dateTimeOf(a.updated_at, 'updated_at') ?? undefined,
    allow_zip_download: a.zip_download_url === undefined ? true : textOf(a.zip_download_url, 'zip_download_url') !== '',
    settings: a.settings && typeof a.settings === 'object' ? a.settings : {},
  };
}

export const documentsOf = (answer: unknown): unknown[] => list(object(answer, 'documentcollection').documents ?? [], 'documents');

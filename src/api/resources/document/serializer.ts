/**
 * Document (docs/api.md#document-fields). Title and properties come from the PDF unless the editor set
 * them. Private documents' media URLs carry a token for the document directory
 * and percent-encode the template braces (docs/api.md#document-fields, docs/froide.md#media-files-and-page-images).
 */
import { buildPaths } from '../../build-paths.ts';
import { mediaPaths } from '../../media-paths.ts';
import type { Archive, Document } from '../../../model/types.ts';
import { formatPythonUtc } from '../../../model/time.ts';
import { slugify } from '../../../model/names.ts';
import type { DocumentFacts } from '../../../documents/document-facts.ts';
import { DOCUMENT_TYPES } from '../../../content/choices.ts';
import { alwaysNull, arrayOf, boolean, dateTime, enumOf, type FieldTable, integer, link, number, pythonDateTime, ref, relative, selfLink, string, uri, uriTemplate, uuid } from '../../field-types.ts';
import { renderDateTime, type RenderContext } from '../context.ts';
import { defineObject, extendObject } from '../object-fields.ts';
import { documentPage } from '../page/serializer.ts';
import { apiJson } from '../../../formats/json.ts';
import { withTokenSlot } from '../../../formats/token-slots.ts';
import { byId, defineBuilt, sorted } from '../serializer-spec.ts';
import { document as declaration } from './declaration.ts';
import { collectionKey } from '../documentcollection/collection-key.ts';

const PDF_PROPERTY_KEYS = ['title', 'author', 'creator', 'subject', 'producer'] as const;

export function documentMediaDir(document: Document): string {
  return mediaPaths.documentDir(document.uid, document.public);
}

/** Editor's title, else the PDF's, else the file name without extension. */
function documentTitle(document: Document, facts: DocumentFacts): string {
  if (document.title !== undefined) return document.title;
  const fromPdf = facts.properties.title?.trim();
  if (fromPdf) return fromPdf;
  // NFC: the file on disk may be named in decomposed form (content/file-names.ts).
  const name = document.original?.name ?? document.file.path.slice(document.file.path.lastIndexOf('/') + 1).normalize('NFC');
  return name.replace(/\.pdf$/i, '');
}

function documentSlug(document: Document, facts: DocumentFacts): string {
  return document.slug ?? slugify(documentTitle(document, facts));
}

function properties(document: Document, facts: DocumentFacts): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const key of PDF_PROPERTY_KEYS) {
    if (key in facts.properties) result[key] = facts.properties[key] ?? null;
  }
  // django-filingcabinet sets the marker once the WebP siblings exist, and never before.
  if (facts.webp) result._format_webp = true;
  const { tables, ...source } = document.properties;
  if (tables !== undefined) result._tables = tables;
  return { ...result, ...source };
}

/**
 * The media URL of a file in a document's directory (docs/api.md#document-fields, docs/api.md#media-urls-and-tokens). A private document's URLs
 * carry a token slot, minted for the directory when answered (one token covers the PDF and
 * every page image; src/formats/token-slots.ts), and
 * percent-encode the `{page}`/`{size}` template braces; a public document's are plain.
 */
export function documentFileUrl(ctx: RenderContext, document: Document, relativePath: string): string {
  if (document.public) return ctx.urls.media(relativePath);
  const url = withTokenSlot(ctx.urls.media(relativePath));
  return url.replace(/\{/g, '%7B').replace(/\}/g, '%7D');
}

/** Every media URL a document's API objects show: file, cover, page template, one page's image template. */
export function documentMedia(ctx: RenderContext, document: Document) {
  const dir = documentMediaDir(document);
  const url = (relativePath: string) => documentFileUrl(ctx, document, relativePath);
  return {
    fileUrl: url(`${dir}/${document.fileName}`),
    coverImage: url(mediaPaths.pageImage(dir, 1, 'small')),
    pageTemplate: url(mediaPaths.pageImage(dir, '{page}', '{size}')),
  };
}

/** A page's `image`: the page template with `{size}` only (docs/froide.md#media-files-and-page-images), tokened like the template. */
export function pageImageUrl(ctx: RenderContext, document: Document, page: number): string {
  return documentFileUrl(ctx, document, mediaPaths.pageImage(documentMediaDir(document), page, '{size}'));
}

/**
 * Documents with a precomputed detail (in the detail packs): listed public ones, and those derived from a published
 * attachment. froide answers 404/401 to anonymous callers for private and unlisted documents;
 * a derived one is already published in full inside its attachment, so its resource_uri
 * resolves here too (docs/api.md, Deviations). Imported private or unlisted documents are
 * reachable nowhere and get no file. A pending document has its detail like any other:
 * froide leaves pending documents out of lists only (filingcabinet DocumentViewSet).
 */
function hasDetail(document: Document): boolean {
  return (document.public && document.listed) || document.original !== null;
}

/** What several keys read, once per document. */
function documentParts(document: Document, ctx: RenderContext) {
  const facts = ctx.facts(document);
  return { facts, slug: documentSlug(document, facts), media: documentMedia(ctx, document) };
}

/** django-filingcabinet's `DocumentSerializer` keys, in its order. */
export const documentObject = defineObject('Document', documentParts, {
  resource_uri: [selfLink('document'), (d, ctx) => ctx.urls.detail('document', d.id)],
  id: [integer, 'id'],
  site_url: [uri, (d, ctx, { slug }) => ctx.urls.documentPage(d.id, slug)],
  title: [string, (d, _, { facts }) => documentTitle(d, facts)],
  slug: [string, (_, __, { slug }) => slug],
  description: [string.describe('Markdown.'), 'description'],
  published_at: [dateTime.nullable(), (d, ctx) => renderDateTime(ctx, d.publishedAt)],
  num_pages: [integer, (_, __, { facts }) => facts.numPages],
  public: [boolean, 'public'],
  listed: [boolean, 'listed'],
  allow_annotation: [boolean, 'allowAnnotation'],
  pending: [boolean, (_, __, { facts }) => facts.pending],
  file_url: [uri.describe("The PDF; a private document's carries a signed `token`."), (_, __, { media }) => media.fileUrl],
  file_size: [integer.describe('Bytes.'), (_, __, { facts }) => facts.fileSize],
  cover_image: [uri, (_, __, { media }) => media.coverImage],
  page_template: [
    uriTemplate.describe('Page image URL with `{page}` and `{size}` (small, normal, large, original); percent-encoded braces and a `token` in private documents.'),
    (_, __, { media }) => media.pageTemplate,
  ],
  outline: [string.describe('Markdown list of the PDF outline, linking `#page-<n>`.'), (_, __, { facts }) => facts.outline],
  properties: [ref('DocumentProperties'), (d, _, { facts }) => properties(d, facts)],
  uid: [uuid, 'uid'],
  data: [ref('DocumentData'), 'data'],
  pages_uri: [
    relative.describe('`/api/v1/page/?document=<id>` (and `&uid=<uid>` when unlisted).'),
    (d, ctx) => ctx.urls.relativeList('page', d.listed ? { document: d.id } : { document: d.id, uid: d.uid }),
  ],
  original: [link('attachment').nullable(), (d, ctx) => ctx.urls.ref('attachment', d.original?.id)],
  foirequest: [link('request').nullable(), (d, ctx) => ctx.urls.ref('request', d.foirequest?.id)],
  publicbody: [link('publicbody').nullable(), (d, ctx) => ctx.urls.ref('publicbody', d.publicbody?.id)],
  last_modified_at: [pythonDateTime.describe("Python's str() of a UTC date-time (docs/api.md#document-fields)."), (d) => formatPythonUtc(d.lastModifiedAt)],
});

export const serializeDocument = documentObject.serialize;

/** Detail adds the pages, ordered by number, without query_highlight (docs/froide.md#document). */
export const documentDetail = extendObject(documentObject, 'DocumentDetail', {
  pages: [arrayOf(ref('DocumentPage')).describe('By page number.'), (document, ctx, { facts }) => facts.pages.map((page) => documentPage.serialize(ctx, { document, page }))],
});

const serializeDocumentDetail = documentDetail.serialize;

/** The PDF's properties and the content's, as `properties` holds them (values of the content, no serializer of their own). */
export const DOCUMENT_PROPERTIES = {
  title: string.nullable().maybe(),
  author: string.nullable().maybe(),
  creator: string.nullable().maybe(),
  subject: string.nullable().maybe(),
  producer: string.nullable().maybe(),
  _format_webp: boolean.maybe().describe('True when every page image has a `.webp` sibling.'),
  _tables: arrayOf(ref('DocumentTable')).nullable().maybe(),
  url: string.maybe(),
  publisher: string.maybe(),
  reference: string.maybe(),
  foreign_id: string.maybe(),
  publisher_url: string.maybe(),
} satisfies FieldTable;

export const DOCUMENT_TABLE = { page: integer, order: integer, accuracy: number, whitespace: number } satisfies FieldTable;

/** `data` as the content gives it (docs/api.md#document-fields). */
export const PARLIAMENTARY_PAPER = {
  category: alwaysNull,
  publisher: string,
  document_type: enumOf(DOCUMENT_TYPES).nullable(),
  legislative_term: string,
} satisfies FieldTable;

export const RESEARCH_PAPER = {
  year: integer,
  category: string,
  publisher: string,
  jurisdiction: string.maybe(),
  document_type: alwaysNull.maybe(),
} satisfies FieldTable;

/** Documents anyone may list (docs/froide.md#visibility: public, listed, not pending). */
export function listedDocuments(archive: Archive, ctx: RenderContext): Document[] {
  return sorted(archive.documents.filter((document) => document.public && document.listed && !ctx.facts(document).pending), byId);
}

/** Documents anyone may read with their uid (docs/froide.md#visibility: public, unlisted; pending ones too, as in froide's detail). */
export function unlistedDocuments(archive: Archive): Document[] {
  return sorted(archive.documents.filter((document) => document.public && !document.listed), byId);
}

export const documentBuild = defineBuilt(declaration, {
  list: listedDocuments,
  details: (archive) => sorted(archive.documents.filter(hasDetail), byId),
  id: (document) => document.id,
  item: serializeDocument,
  detail: serializeDocumentDetail,
  // An unlisted imported document has no detail in the packs; its uid opens it (docs/froide.md#visibility).
  // (Unlisted documents derived from an attachment have their public detail, docs/api.md.)
  files: (archive, ctx) =>
    unlistedDocuments(archive)
      .filter((document) => !hasDetail(document))
      .map((document) => ({ path: buildPaths.unlistedDetail('document', collectionKey(document)), body: apiJson(serializeDocumentDetail(ctx, document)) })),
  ordering: 'id ascending (froide leaves it unspecified without a collection filter)',
});

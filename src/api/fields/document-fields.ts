/**
 * Field tables of documents, pages, collections and annotations (docs/api.md#document-fields, docs/froide.md#resources), in the key order of the serializers in src/api/resources/: document/, page/,
 * documentcollection/ and pageannotation/ (serializer.ts in each).
 */
import { DOCUMENT_TYPES } from '../../content/choices.ts';
import { alwaysNull, arrayOf, boolean, dateTime, enumOf, type FieldTable, freeObject, integer, link, number, pythonDateTime, ref, relative, selfLink, string, uri, uriTemplate, uuid } from '../field-types.ts';

const DOCUMENT = {
  resource_uri: selfLink('document'),
  id: integer,
  site_url: uri,
  title: string,
  slug: string,
  description: string.describe('Markdown.'),
  published_at: dateTime.nullable(),
  num_pages: integer,
  public: boolean,
  listed: boolean,
  allow_annotation: boolean,
  pending: boolean,
  file_url: uri.describe("The PDF; a private document's carries a signed `token`."),
  file_size: integer.describe('Bytes.'),
  cover_image: uri,
  page_template: uriTemplate.describe('Page image URL with `{page}` and `{size}` (small, normal, large, original); percent-encoded braces and a `token` in private documents.'),
  outline: string.describe('Markdown list of the PDF outline, linking `#page-<n>`.'),
  properties: ref('DocumentProperties'),
  uid: uuid,
  data: ref('DocumentData'),
  pages_uri: relative.describe('`/api/v1/page/?document=<id>` (and `&uid=<uid>` when unlisted).'),
  original: link('attachment').nullable(),
  foirequest: link('request').nullable(),
  publicbody: link('publicbody').nullable(),
  last_modified_at: pythonDateTime.describe("Python's str() of a UTC date-time (docs/api.md#document-fields)."),
} satisfies FieldTable;

const PAGE = {
  document: link('document'),
  number: integer,
  content: string.describe('Text of the page.'),
  width: integer.nullable().describe('Pixels of the original page image.'),
  height: integer.nullable(),
  image: uriTemplate.describe('Page image URL with `{size}`.'),
  query_highlight: string.describe('HTML snippets of the matches of `q`; empty without it.'),
} satisfies FieldTable;

const { query_highlight: _, ...DOCUMENT_PAGE } = PAGE;

const DOCUMENT_DETAIL = { ...DOCUMENT, pages: arrayOf(ref('DocumentPage')).describe('By page number.') } satisfies FieldTable;

const DOCUMENT_PROPERTIES = {
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

const DOCUMENT_TABLE = { page: integer, order: integer, accuracy: number, whitespace: number } satisfies FieldTable;

const PARLIAMENTARY_PAPER = {
  category: alwaysNull,
  publisher: string,
  document_type: enumOf(DOCUMENT_TYPES).nullable(),
  legislative_term: string,
} satisfies FieldTable;

const RESEARCH_PAPER = {
  year: integer,
  category: string,
  publisher: string,
  jurisdiction: string.maybe(),
  document_type: alwaysNull.maybe(),
} satisfies FieldTable;

const DOCUMENT_COLLECTION = {
  resource_uri: selfLink('documentcollection'),
  id: integer,
  site_url: uri,
  title: string,
  description: string,
  public: boolean,
  listed: boolean,
  created_at: dateTime,
  updated_at: dateTime,
  document_count: integer.nullable().describe('null, not 0, when there is none.'),
  document_directory_count: integer.nullable(),
  uid: uuid,
  cover_image: uri.nullable(),
  current_directory: ref('CollectionDirectory').nullable(),
  directories: arrayOf(ref('CollectionDirectory')),
  directory_stack: arrayOf(ref('CollectionDirectory')),
  documents: arrayOf(ref('Document')).describe('At most 50, in collection order.'),
  documents_uri: relative,
  pages_uri: relative,
  settings: freeObject,
  zip_download_url: relative.describe('Empty when zip download is off.'),
} satisfies FieldTable;

const COLLECTION_DIRECTORY = {
  id: integer,
  name: string,
  description: string.describe('HTML (p, strong, em, ul, ol, li, a).'),
  depth: integer,
  created_at: dateTime,
  updated_at: dateTime,
} satisfies FieldTable;

const PAGE_ANNOTATION = {
  resource_uri: selfLink('pageannotation'),
  id: integer,
  title: string,
  description: string,
  top: integer.nullable(),
  left: integer.nullable(),
  width: integer.nullable(),
  height: integer.nullable(),
  timestamp: dateTime,
  can_delete: boolean,
  highlight: string,
  image: uri.nullable().describe('The annotated area cropped from the page image.'),
  number: integer.describe('Page number.'),
} satisfies FieldTable;

export const DOCUMENT_OBJECTS = {
  Document: DOCUMENT,
  DocumentDetail: DOCUMENT_DETAIL,
  DocumentProperties: DOCUMENT_PROPERTIES,
  DocumentTable: DOCUMENT_TABLE,
  ParliamentaryPaper: PARLIAMENTARY_PAPER,
  ResearchPaper: RESEARCH_PAPER,
  Page: PAGE,
  DocumentPage: DOCUMENT_PAGE,
  DocumentCollection: DOCUMENT_COLLECTION,
  CollectionDirectory: COLLECTION_DIRECTORY,
  PageAnnotation: PAGE_ANNOTATION,
} satisfies Record<string, FieldTable>;

/** Page (docs/froide.md#page): one page of a published document; a private one's image carries its token (docs/api.md#media-urls-and-tokens). */
import { lazyTextOf } from '../../../lib/stored-text.ts';
import type { Document } from '../../../model/types.ts';
import type { DocumentFacts } from '../../../documents/document-facts.ts';
import { integer, link, string, uriTemplate } from '../../field-types.ts';
import type { RenderContext } from '../context.ts';
import { defineObject, extendObject } from '../object-fields.ts';
import { defineBuilt } from '../serializer-spec.ts';
import { page as declaration, type PageItem } from './declaration.ts';
import { listedDocuments, pageImageUrl, unlistedDocuments } from '../document/serializer.ts';
import { collectionKey } from '../documentcollection/collection-key.ts';

/** A page with the document it belongs to. */
interface PageOf {
  document: Document;
  page: DocumentFacts['pages'][number];
}

/** A page inside its document's detail: every key of a listed page but `query_highlight`. */
export const documentPage = defineObject<PageOf>('DocumentPage', {
  document: [link('document'), ({ document }, ctx) => ctx.urls.detail('document', document.id)],
  number: [integer, ({ page }) => page.number],
  content: [string.describe('Text of the page.'), ({ page }) => lazyTextOf(page.text)],
  width: [integer.nullable().describe('Pixels of the original page image.'), ({ page }) => page.width],
  height: [integer.nullable(), ({ page }) => page.height],
  image: [uriTemplate.describe('Page image URL with `{size}`.'), ({ document, page }, ctx) => pageImageUrl(ctx, document, page.number)],
});

/** django-filingcabinet's `PageSerializer` keys, in its order. */
export const pageObject = extendObject(documentPage, 'Page', {
  query_highlight: [string.describe('HTML snippets of the matches of `q`; empty without it.'), () => ''],
});

function pageItems(ctx: RenderContext, document: Document): PageItem[] {
  const facts = ctx.facts(document);
  return facts.pages.map((page) => ({ document, page, pdf: facts.sha256 }));
}

export const pageBuild = defineBuilt(declaration, {
  list: (archive, ctx) => listedDocuments(archive, ctx).flatMap((document) => pageItems(ctx, document)),
  // An unlisted document's pages are listed for its pages_uri, `?document=<id>&uid=<uid>`
  // (docs/froide.md#page: the document filter lifts the listed-only rule; docs/froide.md#media-files-and-page-images), and nowhere else.
  unlisted: (archive, ctx) => unlistedDocuments(archive).map((document) => ({ key: collectionKey(document), items: pageItems(ctx, document) })),
  details: () => [],
  id: () => null,
  item: pageObject.serialize,
  ordering: 'by document id, then page number; all pages, not only page 1 (froide returns page 1 unless searching)',
});

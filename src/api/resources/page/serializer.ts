/** Page (docs/froide.md#page): one page of a published document; a private one's image carries its token (docs/api.md#media-urls-and-tokens). */
import { keptTextOf } from '../../../lib/stored-text.ts';
import type { Document } from '../../../model/types.ts';
import type { DocumentFacts } from '../../../documents/document-facts.ts';
import type { RenderContext } from '../context.ts';
import { defineBuilt } from '../serializer-spec.ts';
import { page as declaration, type PageItem } from './declaration.ts';
import { listedDocuments, pageImageUrl, unlistedDocuments } from '../document/serializer.ts';
import { collectionKey } from '../documentcollection/collection-key.ts';

export function serializePage(ctx: RenderContext, document: Document, page: DocumentFacts['pages'][number]) {
  return {
    document: ctx.urls.detail('document', document.id),
    number: page.number,
    content: keptTextOf(page.text),
    width: page.width,
    height: page.height,
    image: pageImageUrl(ctx, document, page.number),
    query_highlight: '',
  };
}

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
  item: (ctx, { document, page }) => serializePage(ctx, document, page),
  ordering: 'by document id, then page number; all pages, not only page 1 (froide returns page 1 unless searching)',
});

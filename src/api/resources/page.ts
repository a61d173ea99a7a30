/** Page (facts §5.16): one page of a published document; a private one's image carries its token (spec §5). */
import type { Document } from '../../model/types.ts';
import type { DocumentFacts } from '../../derive/facts.ts';
import type { RenderContext } from './context.ts';
import { pageImageUrl } from './document.ts';

export interface PageItem {
  document: Document;
  page: DocumentFacts['pages'][number];
}

export function serializePage(ctx: RenderContext, document: Document, page: DocumentFacts['pages'][number]) {
  return {
    document: ctx.urls.detail('document', document.id),
    number: page.number,
    content: page.text,
    width: page.width,
    height: page.height,
    image: pageImageUrl(ctx, document, page.number),
    query_highlight: '',
  };
}

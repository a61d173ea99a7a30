/** Article tag (facts §5.19): froide has no resource_uri here; spec §1 says every object carries one. */
import type { ArticleTag } from '../../model/types.ts';
import type { RenderContext } from './context.ts';

export function serializeArticleTag(ctx: RenderContext, tag: ArticleTag) {
  return { resource_uri: ctx.urls.detail('articletag', tag.id), id: tag.id, name: tag.name, slug: tag.slug };
}

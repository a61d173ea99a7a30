/** Article tag (docs/froide.md#articletag): froide has no resource_uri here; docs/api.md#responses-and-links says every object carries one. */
import type { ArticleTag } from '../../../model/types.ts';
import type { RenderContext } from '../context.ts';
import { byId, defineBuilt, distinctNames, sorted } from '../serializer-spec.ts';
import { articletag as declaration } from './declaration.ts';

function serializeArticleTag(ctx: RenderContext, tag: ArticleTag) {
  return { resource_uri: ctx.urls.detail('articletag', tag.id), id: tag.id, name: tag.name, slug: tag.slug };
}

export const articletagBuild = defineBuilt(declaration, {
  list: (archive) => sorted(archive.articleTags, byId),
  id: (tag) => tag.id,
  item: serializeArticleTag,
  ordering: 'id ascending (froide leaves it unspecified)',
  // fds_blog: names of article tags starting with q (no explicit order; by name here).
  actions: { autocomplete: { source: 'names', names: (archive) => distinctNames(archive.articleTags.map((tag) => tag.name)) } },
});

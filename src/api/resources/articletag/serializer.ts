/** Article tag (docs/froide.md#articletag): froide has no resource_uri here; docs/api.md#responses-and-links says every object carries one. */
import type { ArticleTag } from '../../../model/types.ts';
import { integer, selfLink, string } from '../../field-types.ts';
import { defineObject } from '../object-fields.ts';
import { byId, defineBuilt, distinctNames, sorted } from '../serializer-spec.ts';
import { articletag as declaration } from './declaration.ts';

export const articleTagObject = defineObject<ArticleTag>('ArticleTag', {
  resource_uri: [selfLink('articletag'), (tag, ctx) => ctx.urls.detail('articletag', tag.id)],
  id: [integer, 'id'],
  name: [string, 'name'],
  slug: [string, 'slug'],
});

export const articletagBuild = defineBuilt(declaration, {
  list: (archive) => sorted(archive.articleTags, byId),
  id: (tag) => tag.id,
  item: articleTagObject.serialize,
  ordering: 'id ascending (froide leaves it unspecified)',
  // fds_blog: names of article tags starting with q (no explicit order; by name here).
  actions: { autocomplete: { source: 'names', names: (archive) => distinctNames(archive.articleTags.map((tag) => tag.name)) } },
});

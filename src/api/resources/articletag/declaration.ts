/** fds_blog's article tags: no filters; names for autocomplete (docs/froide.md#articletag). */
import type { ArticleTag } from '../../../model/types.ts';
import { defineResource, type ResourceSpec } from '../declaration-spec.ts';

export const articletag: ResourceSpec<ArticleTag> = defineResource('articletag', 'ArticleTag', 'Article Tag', {
  listActions: [{ path: 'autocomplete', viewName: 'Autocomplete', source: 'names', object: 'NameChoice' }],
  objects: { item: 'ArticleTag', detail: 'ArticleTag' },
});

/** fds_blog's article tags: no filters; names for autocomplete (docs/froide.md#articletag). */
import { defineResource } from '../declaration-spec.ts';

export const articletag = defineResource('articletag', 'ArticleTag', 'Article Tag', {
  listActions: [{ path: 'autocomplete', viewName: 'Autocomplete', source: 'names', object: 'NameChoice' }],
  objects: { item: 'ArticleTag', detail: 'ArticleTag' },
});

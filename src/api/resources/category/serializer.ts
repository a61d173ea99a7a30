

/** froide's categories: the tree serializer of src/api/resources/tree.ts. */
import type { Category } from '../../../model/types.ts';
import { treeOrder } from '../../../model/records.ts';
import { compareNames, defineBuilt } from '../serializer-spec.ts';
import { category as declaration } from './declaration.ts';
import { categoryObject } from '../tree.ts';

export const categoryBuild = defineBuilt(declaration, {
  list: (archive) => treeOrder(archive.categories),
  id: (category) => category.id,
  item: categoryObject.serialize,
  ordering: 'tree order: each parent before its children, siblings by name (froide: treebeard path)',
  // froide: names, `order_by("name")`.
  actions: {
    autocomplete: {
      source: 'list',
      value: (category: Category) => category.name,
      label: (category: Category) => category.name,
      order: (a: Category, b: Category) => compareNames(a.name, b.name) || a.id - b.id,
    },
  },
});

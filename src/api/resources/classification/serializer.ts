

/** froide's classifications: the tree serializer of src/api/resources/tree.ts. */
import { treeOrder } from '../../../model/records.ts';
import { defineBuilt } from '../serializer-spec.ts';
import { classification as declaration } from './declaration.ts';
import { classificationObject } from '../tree.ts';

export const classificationBuild = defineBuilt(declaration, {
  list: (archive) => treeOrder(archive.classifications),
  id: (classification) => classification.id,
  item: classificationObject.serialize,
  ordering: 'tree order: each parent before its children, siblings by name (froide: treebeard path)',
});

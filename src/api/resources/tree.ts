/**
 * Category and classification (docs/froide.md#category, docs/froide.md#classification). froide omits resource_uri here; docs/api.md#responses-and-links says
 * every object carries one, and the contract wins (docs/api.md, "Deviations").
 */
import type { Category, Classification } from '../../model/types.ts';
import type { RenderContext } from './context.ts';

/** One shape for both trees; `extra` keys (category's is_topic) sit between slug and depth, as in froide. */
function serializeNode<T extends Category | Classification>(
  ctx: RenderContext,
  resource: 'category' | 'classification',
  node: T,
  extra: Record<string, unknown> = {},
) {
  const { urls } = ctx;
  return {
    resource_uri: urls.detail(resource, node.id),
    id: node.id,
    name: node.name,
    slug: node.slug,
    ...extra,
    depth: node.depth,
    parent: urls.ref(resource, node.parent?.id),
    children: node.children.map((child) => urls.detail(resource, child.id)),
  };
}

export function serializeCategory(ctx: RenderContext, category: Category) {
  return serializeNode(ctx, 'category', category, { is_topic: category.isTopic });
}

export function serializeClassification(ctx: RenderContext, classification: Classification) {
  return serializeNode(ctx, 'classification', classification);
}

/**
 * Category and classification (facts §5.5–5.6). froide omits resource_uri here; spec §1 says
 * every object carries one, and the spec wins (docs/api.md, "Deviations").
 */
import type { Category, Classification } from '../../model/types.ts';
import type { RenderContext } from './context.ts';

export function serializeCategory(ctx: RenderContext, category: Category) {
  const { urls } = ctx;
  return {
    resource_uri: urls.detail('category', category.id),
    id: category.id,
    name: category.name,
    slug: category.slug,
    is_topic: category.isTopic,
    depth: category.depth,
    parent: urls.ref('category', category.parent?.id),
    children: category.children.map((child) => urls.detail('category', child.id)),
  };
}

export function serializeClassification(ctx: RenderContext, classification: Classification) {
  const { urls } = ctx;
  return {
    resource_uri: urls.detail('classification', classification.id),
    id: classification.id,
    name: classification.name,
    slug: classification.slug,
    depth: classification.depth,
    parent: urls.ref('classification', classification.parent?.id),
    children: classification.children.map((child) => urls.detail('classification', child.id)),
  };
}

/** Tree order (treebeard path): parents before children, siblings by name. */
export function treeOrder<T extends { parent: T | null; children: T[]; name: string; id: number }>(nodes: readonly T[]): T[] {
  const roots = nodes.filter((node) => !node.parent).sort((a, b) => a.name.localeCompare(b.name, 'de') || a.id - b.id);
  const out: T[] = [];
  const visit = (node: T) => {
    out.push(node);
    node.children.forEach(visit);
  };
  roots.forEach(visit);
  return out;
}

/**
 * Category and classification (docs/froide.md#category, docs/froide.md#classification). froide omits resource_uri here; docs/api.md#responses-and-links says
 * every object carries one, and the contract wins (docs/api.md, "Deviations").
 */
import type { Category, Classification } from '../../model/types.ts';
import { arrayOf, boolean, integer, link, selfLink, string } from '../field-types.ts';
import { defineObject, type Fields } from './object-fields.ts';

/** One shape for both trees; `extra` keys (category's is_topic) sit between slug and depth, as in froide. */
function treeNode<T extends Category | Classification>(resource: 'category' | 'classification', extra: Fields<T, undefined> = {}): Fields<T, undefined> {
  return {
    resource_uri: [selfLink(resource), (node, ctx) => ctx.urls.detail(resource, node.id)],
    id: [integer, 'id'],
    name: [string, 'name'],
    slug: [string, 'slug'],
    ...extra,
    depth: [integer, 'depth'],
    parent: [link(resource).nullable(), (node, ctx) => ctx.urls.ref(resource, node.parent?.id)],
    children: [arrayOf(link(resource)), (node, ctx) => node.children.map((child) => ctx.urls.detail(resource, child.id))],
  };
}

export const categoryObject = defineObject<Category>('Category', treeNode<Category>('category', { is_topic: [boolean, 'isTopic'] }));

export const classificationObject = defineObject<Classification>('Classification', treeNode<Classification>('classification'));

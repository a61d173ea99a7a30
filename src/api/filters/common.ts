/**
 * Building blocks of the resources' filter tables (each resource declares its own filters in
 * `src/api/resources/<name>/declaration.ts`): parse shorthands and index-key helpers that more than
 * one resource uses. Adding a filter is adding one entry to a resource's `filters`.
 */
import { DEFAULTS } from '../../config.ts';
import { formatDateTime, type Timestamp } from '../../model/time.ts';
import type { Category, Classification, Document, DocumentCollection } from '../../model/types.ts';
import type { ResourceName } from '../../formats/resource-names.ts';
import type { FilterSpec } from './filter-spec.ts';
import type { FilterParse } from './parses.ts';
import { secretKey } from './keyed.ts';

/** A timestamp's calendar date in the site's zone: what froide's date filters compare. */
export function dateKey(timestamp: Timestamp | null | undefined): string | null {
  return timestamp === null || timestamp === undefined ? null : formatDateTime(timestamp, DEFAULTS.timeZone).slice(0, 10);
}

/** Every non-empty prefix of a text: a prefix filter becomes an exact key lookup. */
export function prefixes(text: string): string[] {
  return Array.from({ length: text.length }, (_, i) => text.slice(0, i + 1));
}

export interface TreeNode {
  id: number;
  parent: TreeNode | null;
}

export function ancestorsAndSelf(node: TreeNode | null): number[] {
  const ids: number[] = [];
  for (let current = node; current; current = current.parent) ids.push(current.id);
  return ids;
}

export function ancestors(node: TreeNode): number[] {
  return ancestorsAndSelf(node.parent);
}

export const idFilter = (ref?: ResourceName, none?: string): FilterParse => ({ kind: 'id', ...(ref ? { ref } : {}), ...(none ? { none } : {}) });
export const booleanFilter: FilterParse = { kind: 'boolean' };
/** A model choice filter over things this archive has none of (see `nochoice`). */
export const NO_CHOICE: FilterParse = { kind: 'nochoice' };
/** froide's `q` on names (publicbody, law, category, classification): every word contained, any case. */
export const NAME_SEARCH: FilterParse = { kind: 'scan', match: ['icontains'], bits: true };
export const textFilter: FilterParse = { kind: 'text' };

/** The filters of froide's tree resources (category, classification). */
export function treeFilters<T extends Category | Classification>(): FilterSpec<T>[] {
  return [
    { param: 'q', parse: NAME_SEARCH, values: (node) => node.name },
    { param: 'name', parse: textFilter, values: (node) => node.name },
    { param: 'depth', parse: { kind: 'integer' }, values: (node) => node.depth },
    { param: 'parent', parse: idFilter(), values: (node) => node.parent?.id },
    { param: 'ancestor', parse: idFilter(), values: (node) => ancestors(node) },
  ];
}

// --- collections (docs/froide.md#document, docs/froide.md#page): documents and pages ------------------------------------

/** An unlisted collection's objects are keyed with its uid: `?uid=` unlocks them (docs/froide.md#visibility, keyed.ts secretKey). */
export function lockedKey(collection: DocumentCollection, id: number): string {
  return collection.listed ? String(id) : secretKey(String(id), collection.uid);
}

const collectionParse = { kind: 'id', known: true, secret: 'uid' } as const;

/**
 * `collection=<id>`: the collection's documents in collection order. `directory=<id>`: those
 * of one directory, in collection order; `directory=-`: documents at the top level of a
 * collection. Ids of no published collection or directory are froide's 400.
 */
export function collectionFilters<T>(documentOf: (object: T) => Document): FilterSpec<T>[] {
  const rank = (object: T, key: string) => documentOf(object).collections.find((entry) => lockedKey(entry.collection, entry.collection.id) === key || (entry.directory && lockedKey(entry.collection, entry.directory.id) === key))?.rank ?? 0;
  return [
    {
      param: 'collection',
      parse: collectionParse,
      values: (object) => documentOf(object).collections.map((entry) => lockedKey(entry.collection, entry.collection.id)),
      order: rank,
      known: (archive) => archive.collections.map((collection) => collection.id),
    },
    {
      param: 'directory',
      parse: { ...collectionParse, none: '-' },
      values: (object) => documentOf(object).collections.map((entry) => (entry.directory ? lockedKey(entry.collection, entry.directory.id) : '-')),
      order: rank,
      known: (archive) => ['-', ...archive.collections.flatMap((collection) => collection.allDirectories.map((directory) => directory.id))],
    },
  ];
}

/** A collection's `settings.filters` on `data.<key>` (data.ts). */
export const DATA_FILTERS: FilterParse = { kind: 'data', prefix: 'data.', requires: 'collection' };

/**
 * filingcabinet's `created_at` DateFromToRangeFilter on documents and pages: `lte` the end of
 * the `before` day, so that day is included; one error key for both bounds.
 */
export const DOCUMENT_DATES: FilterParse = { kind: 'range', value: 'date', min: 'created_at_after', max: 'created_at_before', errorKey: 'created_at' };

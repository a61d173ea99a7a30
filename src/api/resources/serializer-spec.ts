/**
 * The build half of a resource's declaration (`src/api/resources/<name>/serializer.ts`, assembled in
 * serializer-registry.ts): which objects its list holds (visibility, docs/froide.md#visibility), in which order
 * (documented in docs/api.md), how list items and details are rendered, the
 * further files the serving layer reads, and what its autocomplete actions offer. The output
 * plan, the filter indexes and the OpenAPI document read it. Its edge-safe half (methods,
 * filters, actions, routes) is declaration.ts beside it.
 */
import type { Archive } from '../../model/types.ts';
import type { PlannedFile } from '../../lib/planned-file.ts';
import type { RenderContext } from './context.ts';
import type { ResourceName } from '../../formats/resource-names.ts';
import type { ResourceSpec } from './declaration-spec.ts';
import type { EmbedRef } from '../embeds.ts';

/**
 * What one autocomplete action offers (docs/froide.md#resources), keyed in
 * BuiltResource.actions by the path of a list action the resource declares. `list` actions map
 * the resource's own list objects to choices (froide: `filter_queryset(get_queryset())`, so
 * the list filters apply); `names` actions collect names.
 */
interface ListChoices<T> {
  source: 'list';
  value(item: T): number | string;
  label(item: T): string;
  /** The action's own order; without it, the list's order. */
  order?(a: T, b: T): number;
}

interface NameChoices {
  source: 'names';
  names(archive: Archive): string[];
}

export type ActionChoices<T> = ListChoices<T> | NameChoices;

/**
 * `T` is the resource's item type, the one its declaration names (ResourceSpec<T>): the list's
 * objects are what the declaration's filters read.
 */
export interface BuiltResource<T> {
  name: ResourceName;
  /** The objects of the public list, in list order. */
  list(archive: Archive, ctx: RenderContext): T[];
  /** Objects that get a precomputed detail in the detail packs (defaults to the list). */
  details?(archive: Archive, ctx: RenderContext): T[];
  /** Path segment of the detail URL (a data key for resources the function answers whole); null when the resource has no detail route. */
  id(item: T): number | string | null;
  item(ctx: RenderContext, item: T): unknown;
  detail?(ctx: RenderContext, item: T): unknown;
  /** One line for docs/api.md: the order of the list and why. */
  ordering: string;
  /**
   * A record the list item (`item`) or the detail (`detail`) embeds that packs and list chunks
   * store as a reference, spliced in when answered (src/api/embeds.ts): what would otherwise
   * change the stored bytes of many objects when one object is added (a public body's
   * `number_of_requests` in every request of that body).
   */
  embeds?: { item?(ctx: RenderContext, item: T): EmbedRef | null; detail?(ctx: RenderContext, item: T): EmbedRef | null };
  /** Further files the serving layer reads for this resource (query variants of details, per-key lists). */
  files?(archive: Archive, ctx: RenderContext): Iterable<PlannedFile>;
  /**
   * Lists of their own that only a uid opens, kept out of the public list (output/plan.ts
   * planUnlisted); `key` names the file (buildPaths.unlistedList), the API core finds it from
   * the query (src/serve/api/views/page.ts).
   */
  unlisted?(archive: Archive, ctx: RenderContext): { key: string; items: T[] }[];
  /** What each list action of the resource's declaration.ts offers, by action path (src/api/resources/autocomplete-files.ts). */
  actions?: Record<string, ActionChoices<T>>;
}

/** The build half of the resource `declaration` declares: its list must hold the declaration's item type. */
export function defineBuilt<T>(declaration: ResourceSpec<T>, built: Omit<BuiltResource<T>, 'name'>): BuiltResource<T> {
  return { name: declaration.name, ...built };
}

export function byId(a: { id: number }, b: { id: number }): number {
  return a.id - b.id;
}

export function sorted<T>(items: readonly T[], compare: (a: T, b: T) => number): T[] {
  return [...items].sort(compare);
}

/** Names in German order, ties by code point: froide's `order_by("name")`. */
export function compareNames(a: string, b: string): number {
  return a.localeCompare(b, 'de') || (a < b ? -1 : a > b ? 1 : 0);
}

/** The distinct names, in name order. */
export function distinctNames(names: Iterable<string>): string[] {
  return [...new Set(names)].sort(compareNames);
}

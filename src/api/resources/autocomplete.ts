/**
 * What each autocomplete action offers, per resource (facts §5.1, §5.4, §5.5, §5.8, §5.9,
 * §5.19), and the files the build writes for it. `list` actions map the resource's own list
 * objects to choices (froide: `filter_queryset(get_queryset())`, so the list filters apply);
 * `names` actions collect names.
 */
import type { Archive, Category, GeoRegion, Law, PublicBody } from '../../model/types.ts';
import { georegionLabel } from './georegion.ts';
import { actionPage, choices, type ActionEntries } from '../autocomplete.ts';
import { buildPaths, type UrlBuilder } from '../routes.ts';
import { listActionsOf, type ResourceName, RESOURCES } from './registry.ts';
import { PAGE_SIZE } from './spec.ts';

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

type ActionChoices = ListChoices<any> | NameChoices;

const byName = (a: string, b: string) => a.localeCompare(b, 'de') || (a < b ? -1 : a > b ? 1 : 0);

const distinctNames = (names: Iterable<string>) => [...new Set(names)].sort(byName);

/** Keyed by resource, then by the action path of LIST_ACTIONS. */
export const ACTION_CHOICES: Partial<Record<ResourceName, Record<string, ActionChoices>>> = {
  // froide: `{"value": t.id, "label": t.name}` over the filtered list, in list order.
  publicbody: {
    autocomplete: { source: 'list', value: (body: PublicBody) => body.id, label: (body: PublicBody) => body.name } satisfies ListChoices<PublicBody>,
  },
  law: {
    autocomplete: { source: 'list', value: (law: Law) => law.id, label: (law: Law) => law.name } satisfies ListChoices<Law>,
  },
  // froide: names, `order_by("name")`.
  category: {
    autocomplete: {
      source: 'list',
      value: (category: Category) => category.name,
      label: (category: Category) => category.name,
      order: (a: Category, b: Category) => byName(a.name, b.name) || a.id - b.id,
    } satisfies ListChoices<Category>,
  },
  // froide: `{"value": pk, "label": str(region)}`, `order_by("level", "name")`, list filters apply.
  georegion: {
    autocomplete: {
      source: 'list',
      value: (region: GeoRegion) => region.id,
      label: georegionLabel,
      order: (a: GeoRegion, b: GeoRegion) => a.level - b.level || byName(a.name, b.name) || a.id - b.id,
    } satisfies ListChoices<GeoRegion>,
  },
  // fds_blog: names of article tags starting with q (no explicit order; by name here).
  articletag: { autocomplete: { source: 'names', names: (archive) => distinctNames(archive.articleTags.map((tag) => tag.name)) } },
  // froide: tags starting with q, `order_by("name")`; here the tags of published requests.
  request: { 'tags/autocomplete': { source: 'names', names: (archive) => distinctNames(archive.requests.flatMap((request) => request.tags)) } },
};

function entriesOf(spec: ActionChoices, archive: Archive, ordered: readonly unknown[]): ActionEntries {
  if (spec.source === 'names') return { source: 'names', rows: spec.names(archive) };
  const positioned = ordered.map((item, position) => ({ item, position }));
  if (spec.order) positioned.sort((a, b) => spec.order!(a.item, b.item) || a.position - b.position);
  return { source: 'list', rows: positioned.map(({ item, position }) => [position, spec.value(item), spec.label(item)]) };
}

/**
 * The files of a resource's list actions: the entries the function answers from, and the
 * answer without parameters, which the host serves as a static file. `ordered` is the list the
 * resource's page files were cut from.
 */
export function planListActions(resource: ResourceName, ordered: readonly unknown[], archive: Archive, urls: UrlBuilder) {
  return listActionsOf(resource).flatMap((action) => {
    const spec = ACTION_CHOICES[resource]?.[action.path];
    if (!spec) return [];
    const entries = entriesOf(spec, archive, ordered);
    const first = actionPage(urls, resource, action, {
      query: {},
      offset: 0,
      limit: Math.min(PAGE_SIZE, RESOURCES[resource].defaultLimit),
      all: choices(entries, new URLSearchParams(), null),
    });
    return [
      { path: buildPaths.actionEntries(resource, action.path), body: JSON.stringify(entries) },
      { path: buildPaths.action(resource, action.path), body: JSON.stringify(first) },
    ];
  });
}

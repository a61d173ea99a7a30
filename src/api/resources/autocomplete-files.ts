/**
 * The files the build writes for a resource's autocomplete actions (docs/froide.md#resources): each list action a resource declares (declaration.ts `listActions`) with what
 * it offers (serializer.ts `actions`, ActionChoices in serializer-spec.ts).
 */
import type { Archive } from '../../model/types.ts';
import { actionPage, choices, type ActionEntries } from '../autocomplete.ts';
import { buildPaths } from '../build-paths.ts';
import { type UrlBuilder } from '../urls.ts';
import { BUILT, type BuiltName } from './serializer-registry.ts';
import type { ActionChoices, BuiltResource } from './serializer-spec.ts';
import { listActionsOf, RESOURCES, type ResourceItems } from './declaration-registry.ts';
import { PAGE_SIZE } from './declaration-spec.ts';

function entriesOf<T>(spec: ActionChoices<T>, archive: Archive, ordered: readonly T[]): ActionEntries {
  if (spec.source === 'names') return { source: 'names', rows: spec.names(archive) };
  const positioned = ordered.map((item, position) => ({ item, position }));
  if (spec.order) positioned.sort((a, b) => spec.order!(a.item, b.item) || a.position - b.position);
  return { source: 'list', rows: positioned.map(({ item, position }) => [position, spec.value(item), spec.label(item)]) };
}

/**
 * The files of a resource's list actions: the entries the function answers from, and the
 * answer without parameters, which the host serves as a static file. `ordered` is the list the
 * resource's list chunks hold.
 */
export function planListActions<N extends BuiltName>(resource: N, ordered: readonly ResourceItems[N][], archive: Archive, urls: UrlBuilder) {
  return listActionsOf(resource).flatMap((action) => {
    const built: BuiltResource<ResourceItems[N]> = BUILT[resource];
    const spec = built.actions?.[action.path];
    if (!spec) return [];
    if (spec.source !== action.source) throw new Error(`${resource}/${action.path}: declaration.ts declares ${action.source} answers, serializer.ts ${spec.source} ones`);
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

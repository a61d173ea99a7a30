/**
 * Which answers a loose build writes as files of their own (src/output/layout.ts): what the
 * build, the generated routing rules and the serving layer's routing (src/serve/host-routing.ts,
 * which the Edge Functions load, so edge-safe) decide alike.
 */
import { PAGE_SIZE } from './resources/declaration-spec.ts';
import { hasStaticDetail, QUERY_ANSWERED } from './resources/declaration-registry.ts';
import type { ResourceName } from '../formats/resource-names.ts';
import { answeredByFunction } from './route-shapes.ts';

/** True when a loose build writes a resource's details as files (the others the functions answer in any layout). */
export function hasLooseDetails(resource: ResourceName): boolean {
  return !QUERY_ANSWERED.has(resource) && hasStaticDetail(resource) && !answeredByFunction({ kind: 'detail', resource });
}

/** True when a loose build writes every default-limit page of a resource's list (not a list whose answers mint tokens). */
export function hasLoosePages(resource: ResourceName): boolean {
  return !answeredByFunction({ kind: 'list', resource });
}

/** The offsets past 0 of a list's default-limit pages: the pages `meta.next` leads to from the first. */
export function pageOffsets(total: number): number[] {
  const offsets: number[] = [];
  for (let offset = PAGE_SIZE; offset < total; offset += PAGE_SIZE) offsets.push(offset);
  return offsets;
}

/** The lists of a build with their sizes, as the manifest holds them. */
export type ListTotals = Partial<Record<ResourceName, { total: number } | undefined>>;


/**
 * How the files of a resource's list count its positions: the byte format's rule
 * (src/formats/packs.ts listCounting) with the resource's own order (ResourceSpec.newestFirst). Apart
 * from packs.ts, so that the pack format needs no registry.
 */
import { listCounting } from '../../formats/packs.ts';
import type { ResourceName } from '../../formats/resource-names.ts';
import { RESOURCES } from './declaration-registry.ts';

/** How the files of a resource's list of `total` objects count its positions (ResourceSpec.newestFirst). */
export function countingOf(resource: ResourceName, total: number): (position: number) => number {
  return listCounting(RESOURCES[resource].newestFirst === true, total);
}

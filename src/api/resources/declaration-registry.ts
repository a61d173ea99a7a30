/**
 * The edge-safe registry: every resource's declaration (`<name>/declaration.ts`), in the order of
 * the API root (docs/api.md#root-index). The route shapes (src/api/route-shapes.ts), the serving
 * layer, the Netlify Edge Functions and rules, and the OpenAPI document read the resources
 * from here. Adding a resource is a folder `<name>/` with its declaration.ts (and serializer.ts, see
 * serializer-registry.ts) and one line here, at its place in the root.
 *
 * The names alone are the leaf src/formats/resource-names.ts (RESOURCE_NAMES, in the same order).
 *
 * Nothing this module loads may import src/api/route-shapes.ts: route-shapes.ts makes its route shapes from
 * the registry as it loads, so it must find the registry complete (test/api/routes.test.ts).
 */
import { articletag } from './articletag/declaration.ts';
import { attachment } from './attachment/declaration.ts';
import { campaign } from './campaign/declaration.ts';
import { campaigninformationobject } from './campaigninformationobject/declaration.ts';
import { category } from './category/declaration.ts';
import { classification } from './classification/declaration.ts';
import { document } from './document/declaration.ts';
import { documentcollection } from './documentcollection/declaration.ts';
import { following } from './following/declaration.ts';
import { georegion } from './georegion/declaration.ts';
import { governmentplan } from './governmentplan/declaration.ts';
import { jurisdiction } from './jurisdiction/declaration.ts';
import { law } from './law/declaration.ts';
import { message } from './message/declaration.ts';
import { page } from './page/declaration.ts';
import { pageannotation } from './pageannotation/declaration.ts';
import { problemreport } from './problemreport/declaration.ts';
import { publicbody } from './publicbody/declaration.ts';
import { request } from './request/declaration.ts';
import { upload } from './upload/declaration.ts';
import { venue } from './venue/declaration.ts';
import type { FilterSpec } from '../filters/filter-spec.ts';
import { RESOURCE_NAMES, type ResourceName } from '../../formats/resource-names.ts';
import type { ListAction, ResourceSpec, WriteAction } from './declaration-spec.ts';

/** Keyed by name, in root order (the order of the keys is the order of the root index). */
const DECLARATIONS = {
  governmentplan,
  articletag,
  venue,
  campaigninformationobject,
  request,
  message,
  attachment,
  publicbody,
  category,
  classification,
  jurisdiction,
  law,
  georegion,
  following,
  campaign,
  upload,
  problemreport,
  document,
  documentcollection,
  page,
  pageannotation,
} satisfies { [N in ResourceName]: ResourceSpec };

/**
 * Each resource's item type, as its declaration names it (`defineResource<Item>`): the objects
 * its build half's list holds (serializer-registry.ts checks that), which its filters read.
 */
export type ResourceItems = { [N in ResourceName]: (typeof DECLARATIONS)[N] extends ResourceSpec<infer T> ? T : never };

/**
 * The declarations, each typed by its own item type: `RESOURCES[name]` for a generic `name`
 * is `ResourceSpec<ResourceItems[N]>`, so a pass over any resource keeps its filters and its
 * objects of one type.
 */
export const RESOURCES: { readonly [N in ResourceName]: ResourceSpec<ResourceItems[N]> } = DECLARATIONS;

/** The resources whose every answer the API function gives from the query (ResourceSpec.byFunction `all`). */
export const QUERY_ANSWERED: ReadonlySet<ResourceName> = new Set(RESOURCE_NAMES.filter((name) => RESOURCES[name].byFunction === 'all'));

/**
 * Whether GET on the resource's detail path is its precomputed detail (in a detail pack);
 * otherwise the API function answers it (the query decides, or the detail has no GET).
 */
export function hasStaticDetail(resource: ResourceName): boolean {
  const spec: ResourceSpec = RESOURCES[resource];
  return spec.byFunction === undefined && (spec.detailMethods?.includes('GET') ?? false);
}

export function listActionsOf<N extends ResourceName>(resource: N): readonly ListAction<ResourceItems[N]>[] {
  return RESOURCES[resource].listActions;
}

export function writeActionsOf(resource: ResourceName): readonly WriteAction[] {
  return RESOURCES[resource].writeActions;
}

/** A resource's list filters (ResourceSpec.filters). */
export function filtersOf<N extends ResourceName>(resource: N): readonly FilterSpec<ResourceItems[N]>[] {
  return RESOURCES[resource].filters;
}

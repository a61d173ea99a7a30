/**
 * The build registry: every resource the build precomputes, by its build half
 * (`<name>/serializer.ts`: list order, serializers, further files, autocomplete entries). The output
 * plan, the filter indexes, the list actions and the OpenAPI document read the resources from
 * here. A resource the build writes nothing for (following, upload, problemreport) has no entry.
 * Adding a resource is its folder `<name>/` (declaration.ts, registered in declaration-registry.ts, and serializer.ts)
 * and one line here.
 */
import { articletagBuild } from './articletag/serializer.ts';
import { attachmentBuild } from './attachment/serializer.ts';
import type { BuiltResource } from './serializer-spec.ts';
import { campaignBuild } from './campaign/serializer.ts';
import { campaigninformationobjectBuild } from './campaigninformationobject/serializer.ts';
import { categoryBuild } from './category/serializer.ts';
import { classificationBuild } from './classification/serializer.ts';
import { documentBuild } from './document/serializer.ts';
import { documentcollectionBuild } from './documentcollection/serializer.ts';
import { georegionBuild } from './georegion/serializer.ts';
import { governmentplanBuild } from './governmentplan/serializer.ts';
import { jurisdictionBuild } from './jurisdiction/serializer.ts';
import { lawBuild } from './law/serializer.ts';
import { messageBuild } from './message/serializer.ts';
import { pageBuild } from './page/serializer.ts';
import { pageannotationBuild } from './pageannotation/serializer.ts';
import { publicbodyBuild } from './publicbody/serializer.ts';
import type { ResourceItems } from './declaration-registry.ts';
import type { ResourceName } from '../../formats/resource-names.ts';
import { requestBuild } from './request/serializer.ts';
import { venueBuild } from './venue/serializer.ts';

/** In the order the build plans them. */
const BUILDS = {
  request: requestBuild,
  message: messageBuild,
  attachment: attachmentBuild,
  document: documentBuild,
  page: pageBuild,
  publicbody: publicbodyBuild,
  jurisdiction: jurisdictionBuild,
  law: lawBuild,
  category: categoryBuild,
  classification: classificationBuild,
  articletag: articletagBuild,
  governmentplan: governmentplanBuild,
  georegion: georegionBuild,
  documentcollection: documentcollectionBuild,
  pageannotation: pageannotationBuild,
  campaign: campaignBuild,
  venue: venueBuild,
  campaigninformationobject: campaigninformationobjectBuild,
} satisfies { [N in ResourceName]?: BuiltResource<ResourceItems[N]> };

/** The resources the build precomputes. */
export type BuiltName = keyof typeof BUILDS;

/**
 * Each build half by name, typed by its resource's item type (ResourceItems): its list holds
 * the objects its declaration's filters read, and a pass generic in the name (`BUILT[name]`
 * with `name: N`) keeps the two of one type.
 */
export const BUILT: { readonly [N in BuiltName]: BuiltResource<ResourceItems[N]> } = BUILDS;

/** In the order the build plans them. */
export const BUILT_NAMES = Object.keys(BUILDS) as readonly BuiltName[];

/** One build half, of whichever resource. */
export type SomeBuiltResource = { [N in BuiltName]: BuiltResource<ResourceItems[N]> }[BuiltName];

/** The build halves, in the order the build plans them. */
export const BUILT_RESOURCES: readonly SomeBuiltResource[] = BUILT_NAMES.map((name) => BUILT[name]);

function isBuiltName(name: ResourceName): name is BuiltName {
  return Object.hasOwn(BUILDS, name);
}

/** A resource's build half, if the build precomputes it. */
export function builtResourceOf(resource: ResourceName): SomeBuiltResource | undefined {
  return isBuiltName(resource) ? BUILT[resource] : undefined;
}

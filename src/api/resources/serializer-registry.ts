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
import type { ResourceName } from './declaration-registry.ts';
import { requestBuild } from './request/serializer.ts';
import { venueBuild } from './venue/serializer.ts';

/** In the order the build plans them. */
export const BUILT_RESOURCES: readonly BuiltResource[] = [
  requestBuild,
  messageBuild,
  attachmentBuild,
  documentBuild,
  pageBuild,
  publicbodyBuild,
  jurisdictionBuild,
  lawBuild,
  categoryBuild,
  classificationBuild,
  articletagBuild,
  governmentplanBuild,
  georegionBuild,
  documentcollectionBuild,
  pageannotationBuild,
  campaignBuild,
  venueBuild,
  campaigninformationobjectBuild,
];

/** A resource's build half, if the build precomputes it. */
export function builtResourceOf(resource: ResourceName): BuiltResource | undefined {
  return BUILT_RESOURCES.find((built) => built.name === resource);
}

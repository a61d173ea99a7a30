/**
 * The build registry: every resource the build precomputes, by its build half
 * (`<name>/build.ts`: list order, serializers, further files, autocomplete entries). The output
 * plan, the filter indexes, the list actions and the OpenAPI document read the resources from
 * here. A resource the build writes nothing for (following, upload, problemreport) has no entry.
 * Adding a resource is its folder `<name>/` (route.ts, registered in registry.ts, and build.ts)
 * and one line here.
 */
import { articletagBuild } from './articletag/build.ts';
import { attachmentBuild } from './attachment/build.ts';
import type { BuiltResource } from './build-spec.ts';
import { campaignBuild } from './campaign/build.ts';
import { campaigninformationobjectBuild } from './campaigninformationobject/build.ts';
import { categoryBuild } from './category/build.ts';
import { classificationBuild } from './classification/build.ts';
import { documentBuild } from './document/build.ts';
import { documentcollectionBuild } from './documentcollection/build.ts';
import { georegionBuild } from './georegion/build.ts';
import { governmentplanBuild } from './governmentplan/build.ts';
import { jurisdictionBuild } from './jurisdiction/build.ts';
import { lawBuild } from './law/build.ts';
import { messageBuild } from './message/build.ts';
import { pageBuild } from './page/build.ts';
import { pageannotationBuild } from './pageannotation/build.ts';
import { publicbodyBuild } from './publicbody/build.ts';
import type { ResourceName } from './registry.ts';
import { requestBuild } from './request/build.ts';
import { venueBuild } from './venue/build.ts';

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

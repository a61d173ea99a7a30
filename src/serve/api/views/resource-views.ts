/**
 * The views of the resources whose answers the generic list and detail readers cannot give,
 * one file per resource beside this one: froide answers them from per-user data
 * (following.ts), from the query itself (venue.ts, campaigninformationobject.ts, a collection's
 * `?directory=` in documentcollection.ts, annotations per `?document=` in pageannotation.ts, an
 * unlisted document's pages with its uid in page.ts), or in another shape than a plain object
 * file. The API core consults this registry before the generic readers. Routing sends these
 * paths to the function by the resource's declaration (`byFunction` in
 * src/api/resources/<name>/declaration.ts); a resource with views of its own is one line here.
 */
import type { ResourceName } from '../../../formats/resource-names.ts';
import { campaigninformationobjectViews } from './campaigninformationobject.ts';
import { documentcollectionViews } from './documentcollection.ts';
import { followingViews } from './following.ts';
import { pageViews } from './page.ts';
import { pageannotationViews } from './pageannotation.ts';
import { venueViews } from './venue.ts';
import type { ResourceViews } from './view-spec.ts';

export const RESOURCE_VIEWS: Partial<Record<ResourceName, ResourceViews>> = {
  following: followingViews,
  venue: venueViews,
  campaigninformationobject: campaigninformationobjectViews,
  documentcollection: documentcollectionViews,
  page: pageViews,
  pageannotation: pageannotationViews,
};

/**
 * Resources whose answers the generic list and detail readers cannot give (issue 5): froide
 * answers them from per-user data (following), from the query itself (venue, information
 * objects, a collection's `?directory=`, annotations per `?document=`, an unlisted document's
 * pages with its uid), or in another shape
 * than a plain object file. One table, declared per resource; the API core consults it before
 * the generic readers. Routing sends these paths to the function (QUERY_ANSWERED in routes.ts,
 * `detailByFunction` in the resource table).
 */
import type { Manifest } from '../../api/manifest.ts';
import type { ResourceName } from '../../api/routes.ts';
import { followingViews } from './contentless.ts';
import { campaignObjectViews, venueViews } from './query-answers.ts';
import { annotationViews, collectionViews, pageViews } from './query-views.ts';
import type { Store } from '../shared/store.ts';

/** What a view answers: a body, or an error status with froide's body (and extra headers). */
export type Answer = { body: unknown } | { status: number; error: Record<string, unknown>; headers?: Record<string, string> };

/** A list the generic reader reads instead of the resource's own: its files and its size. */
export interface ListScope {
  store: Store;
  total: number;
}

export interface ResourceViews {
  /** Answers every list request of the resource. */
  list?(url: URL, store: Store, manifest: Manifest): Promise<Answer>;
  /**
   * The list of its own a request opens with a uid (BuiltResource.unlisted), or null for the
   * resource's list; the generic list reader then filters and pages it as usual.
   */
  unlisted?(url: URL, store: Store): Promise<ListScope | null>;
  /** Answers every detail request; `id` is the decoded path segment. */
  detail?(id: string, url: URL, store: Store): Promise<Answer>;
}

export const RESOURCE_VIEWS: Partial<Record<ResourceName, ResourceViews>> = {
  following: followingViews,
  venue: venueViews,
  campaigninformationobject: campaignObjectViews,
  documentcollection: collectionViews,
  page: pageViews,
  pageannotation: annotationViews,
};

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
import type { Manifest } from '../../../api/manifest.ts';
import type { ResourceName } from '../../../api/resources/declaration-registry.ts';
import type { BuildStore } from '../../shared/build-store.ts';
import { campaigninformationobjectViews } from './campaigninformationobject.ts';
import { documentcollectionViews } from './documentcollection.ts';
import { followingViews } from './following.ts';
import { pageViews } from './page.ts';
import { pageannotationViews } from './pageannotation.ts';
import { venueViews } from './venue.ts';

/** What a view answers: a body, or an error status with froide's body (and extra headers). */
export type Answer = { body: unknown } | { status: number; error: Record<string, unknown>; headers?: Record<string, string> };

/** A list the generic reader reads instead of the resource's own: its files and its size. */
export interface ListScope {
  store: BuildStore;
  total: number;
}

export interface ResourceViews {
  /** Answers every list request of the resource. */
  list?(url: URL, store: BuildStore, manifest: Manifest): Promise<Answer>;
  /**
   * The list of its own a request opens with a uid (BuiltResource.unlisted), or null for the
   * resource's list; the generic list reader then filters and pages it as usual.
   */
  unlisted?(url: URL, store: BuildStore): Promise<ListScope | null>;
  /**
   * The `facets` of a filtered list of the resource's own (not an unlisted one), counted over
   * every position found, or null for the declaration's (ResourceSpec.facets).
   */
  facets?(query: URLSearchParams, store: BuildStore, positions: readonly number[], total: number): Promise<{ fields: Record<string, unknown> } | null>;
  /** Answers every detail request; `id` is the decoded path segment. */
  detail?(id: string, url: URL, store: BuildStore): Promise<Answer>;
}

export const RESOURCE_VIEWS: Partial<Record<ResourceName, ResourceViews>> = {
  following: followingViews,
  venue: venueViews,
  campaigninformationobject: campaigninformationobjectViews,
  documentcollection: documentcollectionViews,
  page: pageViews,
  pageannotation: pageannotationViews,
};

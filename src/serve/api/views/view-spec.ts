/**
 * What a resource's views are (the registry is resource-views.ts beside this file): apart from the
 * registry, so that each view module names the type without importing the registry that imports it.
 */
import type { Manifest } from '../../../formats/manifest.ts';
import type { BuildStore } from '../../shared/build-store.ts';

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

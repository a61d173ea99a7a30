/**
 * `build/_data/manifest.json`: what the serving layer needs to know about a build without
 * reading the collection itself.
 */
import type { UrlSettings, ResourceName } from './routes.ts';

export const MANIFEST_VERSION = 1;

export interface ListFacts {
  /** Objects in the unfiltered list (meta.total_count). */
  total: number;
}

export interface Manifest {
  version: typeof MANIFEST_VERSION;
  /**
   * Identifies the build's output: a hash over the paths of every file and the bodies of the
   * JSON ones. Equal builds have equal ids; the serving layer keys its caches by it.
   */
  build: string;
  urls: UrlSettings;
  /** Resources whose lists the build precomputed, with their sizes. */
  lists: Partial<Record<ResourceName, ListFacts>>;
}

/**
 * `build/_data/manifest.json`: what the serving layer needs to know about a build without
 * reading the collection itself.
 */
import type { ResourceName } from './resource-names.ts';

/** Where the archive lives: the settings' urls, which the manifest carries to the serving side. */
export interface UrlSettings {
  /** Absolute, without trailing slash: `https://archive.example.org`. */
  baseUrl: string;
  /** Absolute, with trailing slash: `https://archive.example.org/media/`. */
  mediaUrl: string;
  /** Absolute, without trailing slash: where the public HTML pages live. */
  siteUrl: string;
}

export const MANIFEST_VERSION = 1;

interface ListTotal {
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
  lists: Partial<Record<ResourceName, ListTotal>>;
  /**
   * Present when build/ also holds every detail and default-limit page as a file
   * (src/output/layout.ts): the preview routes those URLs to them as the generated rules do.
   */
  layout?: 'loose';
}

/**
 * `buildPaths.unlistedList(resource, key)`: the files the resource's list would have if it held
 * only these objects (list chunks, kept as their text, and filter indexes), by build path. The
 * serving layer reads the list through them as if they were the build's own
 * (src/serve/api/views/page.ts). Key index files hold only keys with positions; every other key
 * of the build's own index file counts as present without positions, so an id or slug is
 * valid (or froide's 400) exactly as it is for the public list.
 */
export interface UnlistedList {
  total: number;
  files: Record<string, unknown>;
}

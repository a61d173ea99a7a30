// The folders the build plugin (index.js) keeps between builds, in a module of their own: a
// plugin's main module may export only event handlers (index.js). The GitHub Actions workflow
// build-deploy.yml reads the same list.

/**
 * The folders kept, relative to the `root` input (default `.cache`). A stage that keeps a cache
 * under `.cache/` adds its folder here and a row to the table in docs/deploy.md.
 */
export const CACHED_FOLDERS = [
  // The entries of the local mirror of the PDF derivative cache (src/media/derivatives-in-media-store.ts):
  // spare a build one download per PDF; the cache itself is in the media store.
  'archive/entries',
  // The parse cache (src/content/parse-cache.ts): what parsing and validating each content file
  // gave, in 64 shard files, so a build parses only the files that changed.
  'archive/parsed',
  // SHA-256 of PDFs and attachment files by stat signature (src/lib/file-digests.ts): one file.
  'archive/digests',
  // The output reuse record (src/previous/output-record.ts): which packs and chunks of build/ hold which
  // objects, one file. It spares work where the previous build/ is there too: kept below
  // (keep_build), by the GitHub Actions workflow, or in a checkout.
  'archive/output',
];

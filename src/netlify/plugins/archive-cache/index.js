// Local Netlify build plugin: keeps folders of `.cache/`, and the publish folder `build/`,
// between deploys with Netlify's build cache (`utils.cache`, netlify/build packages/cache-utils:
// it copies each folder into the build machine's cache directory after the build, and back
// before the next one; a folder that is missing or empty is skipped). docs/deploy.md, "The
// build cache on Netlify", says what each folder holds and how big it gets.
//
// `build/` is kept so that a build links the packs of unchanged requests from the previous one
// instead of serializing every object (docs/architecture.md, "Incremental builds"); input
// `keep_build = false` turns that off. A build/ that cannot be saved or restored costs time,
// never the deploy: the error is logged and the build goes on.
//
// What is NOT kept: page images and other media objects (they live in the media store,
// Netlify Blobs, already; a large archive's ~50 GB would be copied by every build).
// Everything kept is verified when read, so a stale or damaged restore only costs time.
// `utils.cache` is injected by Netlify's build; this plugin has no dependencies.
//
// Netlify's build accepts only event handlers (`onPreBuild`, ...) as exports of a plugin's main
// module and stops the build on any other (`Invalid event 'X'`, @netlify/build
// `lib/plugins/child/validate.js`), so the list of folders lives in folders.js.

import { CACHED_FOLDERS } from './folders.js';

/** The publish folder, when it is kept (Netlify's PUBLISH_DIR: `build`, netlify.toml). */
const keptBuild = (inputs, constants) => (inputs.keep_build === false || inputs.keep_build === 'false' ? null : (constants?.PUBLISH_DIR ?? null));

/** Restores or saves the publish folder; an error is logged, not thrown: without it the build only serializes more. */
const keepBuild = async (action, folder, cache) => {
  const done = action === 'restore' ? 'restored' : 'saved';
  try {
    const kept = action === 'restore' ? await cache.restore(folder) : await cache.save(folder);
    console.log(kept ? `archive-cache: ${done} ${folder}` : `archive-cache: no ${folder} to ${action}`);
  } catch (error) {
    console.log(`archive-cache: ${folder} not ${done} (${error instanceof Error ? error.message : String(error)}); a build without it serializes every object`);
  }
};

const folders = (inputs) => {
  const root = (inputs.root ?? '.cache').replace(/\/+$/, '');
  return CACHED_FOLDERS.map((folder) => `${root}/${folder}`);
};

export const onPreBuild = async ({ inputs, utils, constants }) => {
  for (const folder of folders(inputs)) {
    const restored = await utils.cache.restore(folder);
    console.log(restored ? `archive-cache: restored ${folder}` : `archive-cache: no cache for ${folder} yet`);
  }
  const build = keptBuild(inputs, constants);
  if (build) await keepBuild('restore', build, utils.cache);
  // Netlify gives build plugins, not the build command, a Netlify Blobs context; environment
  // changes a plugin makes in onPreBuild reach the later steps. The build's media store can
  // fall back on it when no NETLIFY_BLOBS_TOKEN is set (src/media/select.ts, docs/deploy.md).
  if (process.env.NETLIFY_BLOBS_CONTEXT && !process.env.ARCHIVE_BLOBS_CONTEXT) {
    process.env.ARCHIVE_BLOBS_CONTEXT = process.env.NETLIFY_BLOBS_CONTEXT;
  }
};

// onPostBuild runs only after a successful build command: a failed build keeps the last cache.
export const onPostBuild = async ({ inputs, utils, constants }) => {
  for (const folder of folders(inputs)) {
    const saved = await utils.cache.save(folder);
    console.log(saved ? `archive-cache: saved ${folder}` : `archive-cache: nothing to save at ${folder}`);
  }
  const build = keptBuild(inputs, constants);
  if (build) await keepBuild('save', build, utils.cache);
};

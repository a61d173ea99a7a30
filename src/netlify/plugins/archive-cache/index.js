// Local Netlify build plugin: keeps the content-addressed PDF derivative cache
// (src/pdf/cache.ts, docs/pdf.md) between deploys, so unchanged PDFs cost no PDF work.
// `utils.cache` is injected by Netlify's build; this plugin has no dependencies.
// Entries are verified when read, so a stale or damaged restore only costs time.

export const onPreBuild = async ({ inputs, utils }) => {
  const restored = await utils.cache.restore(inputs.path);
  console.log(restored ? `archive-cache: restored ${inputs.path}` : `archive-cache: no cache for ${inputs.path} yet`);
  // Netlify gives build plugins, not the build command, a Netlify Blobs context; environment
  // changes a plugin makes in onPreBuild reach the later steps. The build's media upload can
  // fall back on it when no NETLIFY_BLOBS_TOKEN is set (src/media/select.ts, docs/deploy.md).
  if (process.env.NETLIFY_BLOBS_CONTEXT && !process.env.ARCHIVE_BLOBS_CONTEXT) {
    process.env.ARCHIVE_BLOBS_CONTEXT = process.env.NETLIFY_BLOBS_CONTEXT;
  }
};

export const onPostBuild = async ({ inputs, utils }) => {
  // Staging folders of a killed build are not worth keeping; the cache removes them itself too.
  const saved = await utils.cache.save(inputs.path);
  console.log(saved ? `archive-cache: saved ${inputs.path}` : `archive-cache: nothing to save at ${inputs.path}`);
};

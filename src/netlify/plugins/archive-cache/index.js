// Local Netlify build plugin: keeps the entries of the local mirror of the PDF derivative
// cache between deploys (src/media/derivative-store.ts, docs/pdf.md). The cache itself lives in the
// media store (Netlify Blobs), so every build continues where the last one stopped, on any
// machine; the mirror's entries only spare a build downloading one entry per PDF. Its files
// (page images) are not kept: they are media objects in the store already, and a large
// archive's (60,000 pages, ~50 GB) would be restored and saved by every build. A build
// downloads only the page images it reads (annotation crops, the PNGs of a WebP pass).
// `utils.cache` is injected by Netlify's build; this plugin has no dependencies. Entries are
// verified when read, so a stale or damaged restore only costs time.

const entries = (path) => `${path.replace(/\/+$/, '')}/entries`;

export const onPreBuild = async ({ inputs, utils }) => {
  const restored = await utils.cache.restore(entries(inputs.path));
  console.log(restored ? `archive-cache: restored ${entries(inputs.path)}` : `archive-cache: no cache for ${entries(inputs.path)} yet`);
  // Netlify gives build plugins, not the build command, a Netlify Blobs context; environment
  // changes a plugin makes in onPreBuild reach the later steps. The build's media store can
  // fall back on it when no NETLIFY_BLOBS_TOKEN is set (src/media/select.ts, docs/deploy.md).
  if (process.env.NETLIFY_BLOBS_CONTEXT && !process.env.ARCHIVE_BLOBS_CONTEXT) {
    process.env.ARCHIVE_BLOBS_CONTEXT = process.env.NETLIFY_BLOBS_CONTEXT;
  }
};

export const onPostBuild = async ({ inputs, utils }) => {
  const saved = await utils.cache.save(entries(inputs.path));
  console.log(saved ? `archive-cache: saved ${entries(inputs.path)}` : `archive-cache: nothing to save at ${entries(inputs.path)}`);
};

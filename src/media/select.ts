/**
 * Opens the media store a command names (`--media-store`, MEDIA_STORE; config.ts
 * mediaStoreSpec), with the credentials a Netlify Blobs store needs outside Netlify's
 * functions (docs/deploy.md, "Media store"):
 *
 * 1. NETLIFY_BLOBS_TOKEN (a Netlify personal access token) with NETLIFY_SITE_ID, or SITE_ID,
 *    which Netlify sets in its builds; NETLIFY_BLOBS_API_URL optionally. Works anywhere: a
 *    Netlify build, GitHub Actions, a laptop.
 * 2. ARCHIVE_BLOBS_CONTEXT: the Blobs context Netlify gives build plugins, which the archive's
 *    build plugin copies for the build command (src/netlify/plugins/archive-cache). Netlify's
 *    documentation says a plugin can write only deploy-specific stores, so this may list and
 *    read the site-wide store but be refused its writes; hence 1 comes first.
 */
import { netlifySign, SettingsError, type Env, type MediaStoreSpec } from '../config.ts';
import { blobsMediaStore, type BlobsAccess } from './media-blobs-store.ts';
import { folderMediaStore } from './media-folder-store.ts';
import type { MediaStore } from './media-store.ts';

export function openMediaStore(spec: MediaStoreSpec, env: Env): MediaStore {
  return spec.kind === 'folder' ? folderMediaStore(spec.path) : blobsMediaStore(spec.name, blobsAccess(spec.name, env));
}

export function blobsAccess(name: string, env: Env): BlobsAccess {
  const siteID = env.NETLIFY_SITE_ID ?? env.SITE_ID;
  if (env.NETLIFY_BLOBS_TOKEN && siteID) {
    return { siteID, token: env.NETLIFY_BLOBS_TOKEN, ...(env.NETLIFY_BLOBS_API_URL ? { apiURL: env.NETLIFY_BLOBS_API_URL } : {}) };
  }
  const context = env.ARCHIVE_BLOBS_CONTEXT ? decodeContext(env.ARCHIVE_BLOBS_CONTEXT) : null;
  if (context) return context;
  const sign = netlifySign(env);
  if (sign) {
    // Under Netlify without Blobs: refuse rather than keep media in a folder no deploy carries.
    throw new SettingsError(
      `this build runs under Netlify (${sign}) but Netlify gave it no Blobs for the media store netlify-blobs:${name}. ` +
        (env.NETLIFY === 'true'
          ? `Netlify hands build plugins a Blobs context: keep the archive-cache plugin in netlify.toml ([[plugins]]), or set NETLIFY_BLOBS_TOKEN (a personal access token) in the site's environment.`
          : `\`netlify build\` gives none offline or unlinked; \`netlify serve\` does (its local Blobs sandbox), or set NETLIFY_BLOBS_TOKEN and NETLIFY_SITE_ID of a linked site.`) +
        ` To keep media in a folder instead, name it: MEDIA_STORE=<folder> or --media-store <folder>.`,
    );
  }
  throw new SettingsError(
    `the media store netlify-blobs:${name} needs Netlify credentials: set NETLIFY_BLOBS_TOKEN to a Netlify personal access token ` +
      `and NETLIFY_SITE_ID to the site's id (Site configuration > Site details), or use a folder: --media-store <path>`,
  );
}

/** The base64 JSON context (`apiURL`/`edgeURL`, `siteID`, `token`) @netlify/blobs reads from NETLIFY_BLOBS_CONTEXT. */
function decodeContext(value: string): BlobsAccess | null {
  try {
    const { siteID, token, apiURL, edgeURL } = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as Record<string, unknown>;
    if (typeof siteID !== 'string' || typeof token !== 'string') return null;
    return { siteID, token, ...(typeof apiURL === 'string' ? { apiURL } : {}), ...(typeof edgeURL === 'string' ? { edgeURL } : {}) };
  } catch {
    return null;
  }
}

/**
 * Edge Function adapter for media, declared in netlify.toml on
 * /media/*. No media file is deployed: the answer streams the object from the site's Netlify
 * Blobs store (src/media/media-blobs-store.ts, with the Blobs context Netlify gives every Edge
 * Function), after the gate and the media index, both read from the same deploy (`_data/`, as
 * the API function reads build data; docs/netlify.md#functions). Edge responses get no custom headers from
 * netlify.toml (docs/netlify.md#edge-functions): every header comes from src/serve/media/handler.ts.
 */
import { DEFAULTS, mediaStoreSpec } from '../../config.ts';
import { blobsMediaStore } from '../../media/media-blobs-store.ts';
import { createMediaHandler } from '../../serve/media/handler.ts';
import { fetchBuildStore } from '../../serve/shared/build-store.ts';
import { tokenServingOf } from '../../serve/shared/minting.ts';
import { deployEnv, netlifyEnv, type EdgeContext } from '../edge-runtime.ts';

/** The store the build uploaded to: MEDIA_STORE when it names a Blobs store (set in the UI), else the default. */
function storeName(): string {
  const spec = mediaStoreSpec(undefined, { MEDIA_STORE: netlifyEnv('MEDIA_STORE'), NETLIFY: 'true' });
  return spec.kind === 'netlify-blobs' ? spec.name : DEFAULTS.mediaBlobsStore;
}

export default async function media(request: Request, context?: EdgeContext): Promise<Response> {
  // Fails closed: without MEDIA_TOKEN_KEYS no token verifies; public documents and attachments still work.
  const { keys, ttl, refused } = tokenServingOf(deployEnv(context));
  const handler = createMediaHandler({
    keys,
    ttl,
    refused,
    data: fetchBuildStore(new URL(request.url).origin),
    media: blobsMediaStore(storeName()),
    onError: (error) => console.error(error),
  });
  return handler(request);
}

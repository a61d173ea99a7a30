/**
 * Netlify Functions v2 adapter around the API core. Reached through the rewrites in
 * build/_redirects (src/output/routing.ts); `request.url` is the original URL (docs/netlify.md#query-rules), and build data is fetched from the same deploy (docs/netlify.md#functions).
 */
import { createApiHandler, type Handler } from '../../serve/api/handler.ts';
import { fetchBuildStore } from '../../serve/shared/build-store.ts';
import { tokenServingOf } from '../../serve/shared/minting.ts';
import { deployEnv, type DeployContext } from '../edge-runtime.ts';

const handlers = new Map<string, Handler>();

export default async function api(request: Request, context?: DeployContext): Promise<Response> {
  const origin = new URL(request.url).origin;
  let handler = handlers.get(origin);
  if (!handler) {
    const tokens = tokenServingOf(deployEnv(context, (name) => process.env[name]));
    handler = createApiHandler({ store: fetchBuildStore(origin), cacheManifest: true, tokens, onError: (error) => console.error(error) });
    handlers.set(origin, handler);
  }
  return handler(request);
}

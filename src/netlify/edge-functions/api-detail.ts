/**
 * Edge Function for detail paths (issue 4 #5): a rewrite to a missing `<id>.json` ends in
 * Netlify's HTML 404 page, and rules cannot fall through (platform facts A2). Every answer
 * passes unchanged, except a 404, which becomes froide's JSON body, the same bytes the API
 * core answers locally. As it runs before the CDN anyway, it also refuses an `Accept` the
 * view cannot satisfy (406), which the static file could not (docs/api.md).
 */
import { missingDetail, unacceptable } from '../../serve/api-early.ts';
import type { EdgeContext } from '../edge-runtime.ts';

// Literal value: Netlify reads this declaration without running the module. It equals
// DETAIL_API_PATH in src/serve/api-early.ts (checked by test/netlify).
export const config = { pattern: '^/api/v1/[^/]+/[^/]+/$' };

export default async function apiDetail(request: Request, context: EdgeContext): Promise<Response> {
  const refused = unacceptable(request);
  if (refused) return refused;
  const response = await context.next();
  if (response.status !== 404) return response;
  const json = missingDetail(request);
  if (!json) return response;
  await response.body?.cancel();
  return json;
}

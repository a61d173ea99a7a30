/**
 * Edge Function for detail paths: rewrites `/api/v1/<resource>/<id>/`
 * to the object's file in its shard folder, answers a missing one with froide's JSON 404 and
 * refuses an `Accept` the view cannot satisfy (406), all in src/serve/api/detail-rewrite.ts.
 */
import { answerDetail, originFetch } from '../../serve/api/detail-rewrite.ts';
import type { EdgeContext } from '../edge-runtime.ts';

// Literal value: Netlify reads this declaration without running the module. It equals
// DETAIL_API_PATH in src/serve/api/early.ts (checked by test/netlify).
export const config = { pattern: '^/api/v1/[^/]+/[^/]+/$' };

export default async function apiDetail(request: Request, context: EdgeContext): Promise<Response> {
  return answerDetail(request, () => context.next(), originFetch(new URL(request.url).origin));
}

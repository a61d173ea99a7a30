/**
 * Edge Function for detail paths: answers `/api/v1/<resource>/<id>/` from the object's detail
 * pack, fetched in two byte ranges from the same deploy; a missing one is froide's JSON 404 and
 * an `Accept` the view cannot satisfy a 406, all in src/serve/api/detail-rewrite.ts.
 */
import { answerDetail } from '../../serve/api/detail-rewrite.ts';
import { fetchStore } from '../../serve/shared/store.ts';
import type { EdgeContext } from '../edge-runtime.ts';

// Literal value: Netlify reads this declaration without running the module. It equals
// DETAIL_API_PATH in src/serve/api/early.ts (checked by test/netlify).
export const config = { pattern: '^/api/v1/[^/]+/[^/]+/$' };

export default async function apiDetail(request: Request, context: EdgeContext): Promise<Response> {
  return answerDetail(request, () => context.next(), fetchStore(new URL(request.url).origin));
}

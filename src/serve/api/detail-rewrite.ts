/**
 * What the detail Edge Function answers, and the preview with it: `/api/v1/<resource>/<id>/`
 * from the object's detail pack (src/api/packs.ts), read through a Store with two small byte
 * ranges (src/serve/shared/packs.ts), so no JSON is parsed and at most the object's bytes and
 * one slot-table entry are fetched. An object in no pack goes on to the function, whose 404
 * becomes froide's JSON 404 here; an `Accept` the view
 * cannot satisfy is a 406. Everything the API function answers (queries, function-answered
 * details) goes on down the chain unchanged, its 404s included. Web-standard only (Deno).
 */
import { methodsOf, missingDetail, unacceptable } from './early.ts';
import { matchApiRoute } from './route.ts';
import { routeRequest } from '../host-routing.ts';
import { apiHeaders, okResponse } from './responses.ts';
import { readDetail } from '../shared/packs.ts';
import type { Store } from '../shared/store.ts';

export async function answerDetail(request: Request, next: () => Promise<Response>, store: Store): Promise<Response> {
  const refused = unacceptable(request);
  if (refused) return refused;
  const url = new URL(request.url);
  const view = matchApiRoute(url.pathname);
  if (routeRequest(request.method, url).kind === 'detail' && view.kind === 'detail') {
    const bytes = await readDetail(store, view.resource, view.id);
    if (bytes !== null) return okResponse(request, bytes, apiHeaders(methodsOf(view)));
    // Not in a pack: the function answers (an unlisted document's detail, a view nobody may
    // read), and a 404 of it becomes froide's JSON 404 below.
  }
  const response = await next();
  if (response.status !== 404) return response;
  const json = missingDetail(request);
  if (!json) return response;
  await response.body?.cancel();
  return json;
}

/**
 * Edge Function for detail paths: answers `/api/v1/<resource>/<id>/` from the object's detail
 * pack, fetched in two byte ranges from the same deploy (a request's public body in two more),
 * and mints the media tokens of the answer (MEDIA_TOKEN_KEYS, MEDIA_TOKEN_TTL); a missing one
 * is froide's JSON 404 and an `Accept` the view cannot satisfy a 406, all in
 * src/serve/api/detail-rewrite.ts.
 */
import { answerDetail, manifestMediaUrl } from '../../serve/api/detail-rewrite.ts';
import { tokenServingOf } from '../../serve/shared/minting.ts';
import { errorResponse } from '../../serve/api/responses.ts';
import { fetchBuildStore } from '../../serve/shared/build-store.ts';
import { deployEnv, type EdgeContext } from '../edge-runtime.ts';

// No inline declaration: a packed build declares this function on every detail path, a loose
// build on none (src/netlify/edge-declarations.ts).

/** The media URL of the deploy's build, read once per origin (a deploy never changes). */
const mediaUrls = new Map<string, Promise<string>>();

export default async function apiDetail(request: Request, context: EdgeContext): Promise<Response> {
  const origin = new URL(request.url).origin;
  const store = fetchBuildStore(origin);
  const mediaUrl = () => {
    let url = mediaUrls.get(origin);
    if (!url) {
      url = manifestMediaUrl(store).catch((error: unknown) => (mediaUrls.delete(origin), Promise.reject(error)));
      mediaUrls.set(origin, url);
    }
    return url;
  };
  try {
    return await answerDetail(request, () => context.next(), store, { tokens: tokenServingOf(deployEnv(context)), mediaUrl });
  } catch (error) {
    // As the API core answers an unexpected error (a detail with media links and no MEDIA_TOKEN_KEYS).
    console.error(error);
    return errorResponse(request, 500, { detail: 'A server error occurred.' }, []);
  }
}

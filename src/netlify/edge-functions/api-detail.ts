/**
 * Edge Function for detail paths (issue 4 #5, issue 10 #1): rewrites `/api/v1/<resource>/<id>/`
 * to the object's file in its shard folder, answers a missing one with froide's JSON 404 and
 * refuses an `Accept` the view cannot satisfy (406) and mints the media tokens of the answer
 * (MEDIA_TOKEN_KEYS, MEDIA_TOKEN_TTL), all in src/serve/api/detail-rewrite.ts.
 */
import { answerDetail, manifestMediaUrl, originFetch } from '../../serve/api/detail-rewrite.ts';
import { tokenServingOf } from '../../serve/shared/minting.ts';
import { errorResponse } from '../../serve/api/responses.ts';
import { netlifyEnv, type EdgeContext } from '../edge-runtime.ts';

// Literal value: Netlify reads this declaration without running the module. It equals
// DETAIL_API_PATH in src/serve/api/early.ts (checked by test/netlify).
export const config = { pattern: '^/api/v1/[^/]+/[^/]+/$' };

/** The media URL of the deploy's build, read once per origin (a deploy never changes). */
const mediaUrls = new Map<string, Promise<string>>();

export default async function apiDetail(request: Request, context: EdgeContext): Promise<Response> {
  const origin = new URL(request.url).origin;
  const fetchFile = originFetch(origin);
  const mediaUrl = () => {
    let url = mediaUrls.get(origin);
    if (!url) {
      url = manifestMediaUrl(fetchFile).catch((error: unknown) => (mediaUrls.delete(origin), Promise.reject(error)));
      mediaUrls.set(origin, url);
    }
    return url;
  };
  try {
    return await answerDetail(request, () => context.next(), fetchFile, { tokens: tokenServingOf(netlifyEnv), mediaUrl });
  } catch (error) {
    // As the API core answers an unexpected error (a detail with media links and no MEDIA_TOKEN_KEYS).
    console.error(error);
    return errorResponse(request, 500, { detail: 'A server error occurred.' }, []);
  }
}

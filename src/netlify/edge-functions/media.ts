/**
 * Edge Function adapter around the media gate (issue 4 #7–#8), declared in netlify.toml on
 * /media/*. Valid requests pass through to the CDN's copy (context.next()); the gate's headers
 * are put on that answer, because custom headers do not apply to edge responses (facts A5).
 * The list of public attachment files is fetched from the same deploy (`_data/`, as the API
 * function reads build data; facts A4), only for requests without a valid token.
 */
import { parseTokenKeys, type TokenKey } from '../../api/media-token.ts';
import { checkMediaRequest, mediaHeaders, refusal } from '../../serve/media-gate.ts';
import { fetchStore } from '../../serve/store.ts';
import { netlifyEnv, type EdgeContext } from '../edge-runtime.ts';

/** Fails closed: without MEDIA_TOKEN_KEYS no token verifies; public documents and attachments still work. */
function keys(): TokenKey[] {
  const value = netlifyEnv('MEDIA_TOKEN_KEYS');
  return value ? parseTokenKeys(value) : [];
}

export default async function media(request: Request, context: EdgeContext): Promise<Response> {
  const url = new URL(request.url);
  const decision = await checkMediaRequest(url, { keys: keys(), store: fetchStore(url.origin) });
  if (!decision.allow) return refusal(decision);
  const response = await context.next();
  if (response.status === 404) return refusal({ allow: false, status: 404, message: 'Not found.' });
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(mediaHeaders(decision.path, decision.access))) {
    if (name !== 'content-type' || !headers.has(name)) headers.set(name, value);
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

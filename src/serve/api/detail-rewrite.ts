/**
 * What the detail Edge Function answers. Detail files live in shard
 * folders (`api/v1/message/0/0/7.json`, buildPaths.detail), which a redirect rule cannot compute,
 * so the Edge Function that already runs on every `/api/v1/<resource>/<id>/` rewrites the
 * request to its file itself, through routeRequest: the one decision the preview uses too.
 *
 * The file is fetched from the same deploy rather than returned as a rewrite `URL`, because a
 * rewrite to a missing file would end in the host's HTML 404 page (rules cannot fall through;
 * docs/netlify.md#rule-order): a missing file becomes froide's JSON 404 here instead. The answer carries
 * the headers the preview gives the same file (custom headers do not apply to Edge Function
 * responses; docs/netlify.md#edge-functions). Everything the function answers (queries, function-answered details)
 * goes on down the chain unchanged, its 404s included. Web-standard only (Deno).
 */
import { methodsOf, missingDetail, unacceptable } from './early.ts';
import { matchApiRoute } from './route.ts';
import { routeRequest } from '../host-routing.ts';
import { apiHeaders } from './responses.ts';

/** Fetches a file of the deploy (a path relative to build/). */
export type FileFetch = (relative: string, init: RequestInit) => Promise<Response>;

/** Request headers a static file answer depends on. */
const FORWARDED = ['if-none-match', 'if-modified-since'];
/** Headers of the file's answer that describe its bytes, kept beside the view's own headers. */
const KEPT = ['etag', 'last-modified', 'content-length'];

export async function answerDetail(request: Request, next: () => Promise<Response>, fetchFile: FileFetch): Promise<Response> {
  const refused = unacceptable(request);
  if (refused) return refused;
  const url = new URL(request.url);
  const destination = routeRequest(request.method, url);
  const view = matchApiRoute(url.pathname);
  const response =
    destination.kind === 'static' && view.kind === 'detail'
      ? await staticDetail(request, destination.file, fetchFile, methodsOf(view))
      : await next();
  if (response.status !== 404) return response;
  const json = missingDetail(request);
  if (!json) return response;
  await response.body?.cancel();
  return json;
}

async function staticDetail(request: Request, file: string, fetchFile: FileFetch, allow: ReturnType<typeof methodsOf>): Promise<Response> {
  const headers = new Headers({ 'accept-encoding': 'identity' });
  for (const name of FORWARDED) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const method = request.method === 'HEAD' ? 'HEAD' : 'GET';
  const fetched = await fetchFile(file, { method, headers, redirect: 'manual' });
  if (fetched.status !== 200 && fetched.status !== 304) return fetched;
  const answer = new Headers(apiHeaders(allow));
  for (const name of KEPT) {
    const value = fetched.headers.get(name);
    if (value !== null) answer.set(name, value);
  }
  if (fetched.status === 304) answer.delete('content-type');
  return new Response(method === 'HEAD' || fetched.status === 304 ? null : fetched.body, { status: fetched.status, headers: answer });
}

/** A FileFetch over HTTP from the deploy's own origin, each path segment percent-encoded. */
export function originFetch(origin: string | URL, fetchImpl: typeof fetch = fetch): FileFetch {
  return (relative, init) => fetchImpl(new URL(`/${relative.split('/').map(encodeURIComponent).join('/')}`, origin), init);
}

/**
 * What the detail Edge Function answers (issue 4 #5, issue 10 #1). Detail files live in shard
 * folders (`api/v1/message/0/0/7.json`, buildPaths.detail), which a redirect rule cannot compute,
 * so the Edge Function that already runs on every `/api/v1/<resource>/<id>/` rewrites the
 * request to its file itself, through routeRequest: the one decision the preview uses too.
 *
 * The file is fetched from the same deploy rather than returned as a rewrite `URL`, because a
 * rewrite to a missing file would end in the host's HTML 404 page (rules cannot fall through;
 * platform facts A2): a missing file becomes froide's JSON 404 here instead, and a detail with
 * media links gets its tokens (mintTokens, src/api/token-slots.ts). The answer carries
 * the headers the preview gives the same file (custom headers do not apply to Edge Function
 * responses; facts A5). Everything the function answers (queries, function-answered details)
 * goes on down the chain unchanged, its 404s included. Web-standard only (Deno).
 */
import { methodsOf, missingDetail, unacceptable } from './early.ts';
import { matchApiRoute } from './route.ts';
import { routeRequest } from '../host-routing.ts';
import { apiHeaders, okResponse } from './responses.ts';
import { matchesIfNoneMatch } from '../shared/conditional.ts';
import { DEVELOPMENT_TOKENS, mintBytes, tokenAnswerHeaders, type StoredMinting } from '../shared/minting.ts';
import { hasSlot } from '../../api/token-slots.ts';
import { buildPaths } from '../../api/routes.ts';
import type { Manifest } from '../../api/manifest.ts';

/** Fetches a file of the deploy (a path relative to build/). */
export type FileFetch = (relative: string, init: RequestInit) => Promise<Response>;

/** Headers of the file's answer that describe its bytes, kept beside the view's own headers. */
const KEPT = ['etag', 'last-modified'];

export async function answerDetail(request: Request, next: () => Promise<Response>, fetchFile: FileFetch, minting?: StoredMinting): Promise<Response> {
  const refused = unacceptable(request);
  if (refused) return refused;
  const url = new URL(request.url);
  const destination = routeRequest(request.method, url);
  const view = matchApiRoute(url.pathname);
  const response =
    destination.kind === 'static' && view.kind === 'detail'
      ? await staticDetail(request, destination.file, fetchFile, methodsOf(view), minting ?? { tokens: DEVELOPMENT_TOKENS, mediaUrl: () => manifestMediaUrl(fetchFile) })
      : await next();
  if (response.status !== 404) return response;
  const json = missingDetail(request);
  if (!json) return response;
  await response.body?.cancel();
  return json;
}

/**
 * The stored detail as an answer. Its bytes are always fetched whole (a HEAD or a conditional
 * request too): a detail with a token slot is answered minted, with the ETag of the minted
 * bytes, so a client's copy is never revalidated into expired tokens; one without is answered
 * with the file's own ETag and Last-Modified, 304 as the CDN would.
 */
async function staticDetail(request: Request, file: string, fetchFile: FileFetch, allow: ReturnType<typeof methodsOf>, minting: StoredMinting): Promise<Response> {
  const fetched = await fetchFile(file, { method: 'GET', headers: { 'accept-encoding': 'identity' }, redirect: 'manual' });
  if (fetched.status !== 200) return fetched;
  const bytes = new Uint8Array(await fetched.arrayBuffer());
  if (hasSlot(bytes)) {
    const minted = await mintBytes(bytes, minting.tokens, await minting.mediaUrl());
    return okResponse(request, minted, { ...apiHeaders(allow), ...tokenAnswerHeaders(minting.tokens) });
  }
  const answer = new Headers(apiHeaders(allow));
  for (const name of KEPT) {
    const value = fetched.headers.get(name);
    if (value !== null) answer.set(name, value);
  }
  if (notModified(request, answer)) {
    answer.delete('content-type');
    return new Response(null, { status: 304, headers: answer });
  }
  answer.set('content-length', String(bytes.byteLength));
  return new Response(request.method === 'HEAD' ? null : bytes, { status: 200, headers: answer });
}

/** RFC 9110 §13.2.2: If-None-Match decides when present, else If-Modified-Since against Last-Modified. */
function notModified(request: Request, answer: Headers): boolean {
  const etag = answer.get('etag');
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch !== null) return etag !== null && matchesIfNoneMatch(ifNoneMatch, etag);
  const since = Date.parse(request.headers.get('if-modified-since') ?? '');
  const modified = Date.parse(answer.get('last-modified') ?? '');
  return !Number.isNaN(since) && !Number.isNaN(modified) && modified <= since;
}

/** The build's media URL from its manifest, fetched from the deploy. */
export async function manifestMediaUrl(fetchFile: FileFetch): Promise<string> {
  const response = await fetchFile(buildPaths.manifest, { method: 'GET', redirect: 'manual' });
  if (response.status !== 200) throw new Error(`${buildPaths.manifest} answered ${response.status}; run the build`);
  return ((await response.json()) as Manifest).urls.mediaUrl;
}

/** A FileFetch over HTTP from the deploy's own origin, each path segment percent-encoded. */
export function originFetch(origin: string | URL, fetchImpl: typeof fetch = fetch): FileFetch {
  return (relative, init) => fetchImpl(new URL(`/${relative.split('/').map(encodeURIComponent).join('/')}`, origin), init);
}

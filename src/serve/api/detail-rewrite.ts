/**
 * What the detail Edge Function answers, and the preview with it: `/api/v1/<resource>/<id>/`
 * from the object's detail pack (src/formats/packs.ts), read through a BuildStore with two small byte
 * ranges (src/serve/shared/pack-reader.ts), so no JSON is parsed and at most the object's bytes and
 * one slot-table entry are fetched (and those of a request's public body, which the reader
 * splices in: docs/architecture.md, "Embedded public bodies"). A detail with media links gets
 * its tokens here (mintTokens, src/formats/token-slots.ts). An object in no pack is froide's JSON 404, a view nobody
 * may read the API core's 401, an `Accept` the view cannot satisfy a 406. Everything the
 * API function answers (queries, function-answered details, CSV) goes on down the chain unchanged,
 * its 404s included. The answer carries the view's headers (custom headers do not apply to
 * Edge Function responses; docs/serving.md). Web-standard only (Deno).
 */
import { earlyAnswer, methodsOf, missingDetail, unacceptable } from './early.ts';
import { matchApiRoute } from './api-route.ts';
import { csvOfJsonAnswer, wantsCsv } from './csv-answer.ts';
import { routeRequest } from '../host-routing.ts';
import { apiHeaders, errorResponse, okResponse } from './responses.ts';
import { readDetail } from '../shared/pack-reader.ts';
import { parseJson, type BuildStore } from '../shared/build-store.ts';
import { DEVELOPMENT_TOKENS, mintBytes, tokenAnswerHeaders, TOKENS_REFUSED_DETAIL, type StoredMinting } from '../shared/minting.ts';
import { hasSlot } from '../../formats/token-slots.ts';
import { buildPaths } from '../../api/build-paths.ts';
import type { Manifest } from '../../formats/manifest.ts';

export async function answerDetail(request: Request, next: () => Promise<Response>, store: BuildStore, minting?: StoredMinting): Promise<Response> {
  const refused = unacceptable(request);
  if (refused) return refused;
  const url = new URL(request.url);
  const view = matchApiRoute(url.pathname);
  // CSV is computed: by the function, which every detail path reaches down the chain, and here
  // for a list action of this path shape that a static file answers (`publicbody/autocomplete/`).
  if (wantsCsv(request, url)) return view.kind === 'detail' ? next() : csvOfJsonAnswer(request, await next());
  if (routeRequest(request.method, url).kind === 'detail' && view.kind === 'detail') {
    // What the API core answers before it reads anything (a view nobody may read is a 401).
    const early = await earlyAnswer(request);
    if (early) return early;
    const bytes = await readDetail(store, view.resource, view.id);
    if (bytes !== null) return packedDetail(request, bytes, methodsOf(view), minting ?? { tokens: DEVELOPMENT_TOKENS, mediaUrl: () => manifestMediaUrl(store) });
    // In no pack: froide's JSON 404, without a call to the function (an unlisted document's
    // `?uid=` goes to the function by its query).
    const missing = missingDetail(request);
    if (missing) return missing;
  }
  const response = await next();
  if (response.status !== 404) return response;
  const json = missingDetail(request);
  if (!json) return response;
  await response.body?.cancel();
  return json;
}

/**
 * A detail's stored bytes as its answer: minted when they hold a token slot (with the ETag of
 * the minted bytes, so a client's copy is never revalidated into expired tokens, and the CDN
 * lifetime of an answer with tokens), else as they are, with an ETag of the bytes.
 */
async function packedDetail(request: Request, bytes: Uint8Array, allow: ReturnType<typeof methodsOf>, minting: StoredMinting): Promise<Response> {
  if (!hasSlot(bytes)) return okResponse(request, bytes, apiHeaders(allow));
  if (minting.tokens.refused) return tokensRefusedResponse(request);
  const minted = await mintBytes(bytes, minting.tokens, await minting.mediaUrl());
  return okResponse(request, minted, { ...apiHeaders(allow), ...tokenAnswerHeaders(minting.tokens) });
}

/** An answer that needs tokens while the keys are refused (src/serve/shared/minting.ts servingKeys). */
export function tokensRefusedResponse(request: Request): Response {
  return errorResponse(request, 503, { detail: TOKENS_REFUSED_DETAIL }, []);
}

/** The build's media URL from its manifest. */
export async function manifestMediaUrl(store: BuildStore): Promise<string> {
  const bytes = await store.read(buildPaths.manifest);
  if (bytes === null) throw new Error(`${buildPaths.manifest} is missing; run the build`);
  return (parseJson(bytes) as Manifest).urls.mediaUrl;
}

/**
 * The local preview's router: one web-standard `Request -> Response` function
 * that answers every URL as the Netlify deploy does. `routeRequest()` (../host-routing.ts)
 * says where a request goes; this sends it there: the media handler, the store-free API
 * answers, the API core, or a file of build/ with the headers the CDN gives it.
 * No node: import: the Node server lives in node-adapter.ts, the files come in through
 * `StaticFileReader`.
 */
import { DOWNLOADS_LINK } from '../../downloads/paths.ts';
import { API_PREFIX } from '../../api/route-shapes.ts';
import { contentTypeOf } from '../../lib/content-types.ts';
import { earlyAnswer, methodsOf, unacceptable } from '../api/early.ts';
import { apiHeaders, conditionalResponse, okResponse } from '../api/responses.ts';
import { hasSlot } from '../../formats/token-slots.ts';
import { mintBytes, tokenAnswerHeaders, type StoredMinting } from '../shared/minting.ts';
import { viewOfFile } from '../api/api-route.ts';
import { routeRequest } from '../host-routing.ts';
import { wantsCsv } from '../api/csv-answer.ts';
import { staticHeadersOf } from '../shared/static-headers.ts';
import { parseByteRange } from '../shared/conditional.ts';
import { answerDetail, tokensRefusedResponse } from '../api/detail-rewrite.ts';
import type { BuildStore } from '../shared/build-store.ts';
import type { ListTotals } from '../../api/loose-answers.ts';

export type WebHandler = (request: Request) => Promise<Response>;

export interface StaticFile {
  body: Uint8Array;
  etag: string;
}

export interface StaticFileReader {
  /** The file of build/ at this relative path, or null when there is none. */
  get(relative: string): Promise<StaticFile | null>;
}

export interface PreviewRoutes {
  /** The API core (src/serve/api/handler.ts). */
  api: WebHandler;
  /** The media handler (src/serve/media/handler.ts). */
  media: WebHandler;
  files: StaticFileReader;
  /** build/ as the serving layer reads it: details come from their packs. */
  store: BuildStore;
  /** Mints the tokens of an answer from stored bytes with token slots, as the detail Edge Function does. */
  minting: StoredMinting;
  /** A loose build's lists with their sizes (the manifest's), which route its page and detail URLs to files; undefined for a packed one. */
  loose?: () => Promise<ListTotals | undefined>;
}

export function createPreviewRouter({ api, media, files, store, minting, loose }: PreviewRoutes): WebHandler {
  return async (request) => {
    const url = new URL(request.url);
    const destination = routeRequest(request.method, url, await loose?.());
    switch (destination.kind) {
      case 'media':
        return media(request);
      case 'api-early':
        // Writes carry their body (an anonymous annotation's 400 names the document it sent).
        return (await earlyAnswer(request)) ?? api(request);
      case 'function':
        return api(request);
      case 'detail':
        return answerDetail(request, () => api(request), store, minting);
      case 'static': {
        // The CDN serves static files whatever the Accept header says (docs/api.md); the preview
        // negotiates first, as the function and the detail Edge Function do.
        if (url.pathname.startsWith(API_PREFIX)) {
          const refused = unacceptable(request);
          if (refused) return refused;
          // Static files are JSON: the API core computes a CSV answer (on Netlify the api-csv Edge
          // Function renders the file's JSON with the same renderer).
          if (wantsCsv(request, url)) return api(request);
        }
        const file = await files.get(destination.file);
        if (file && request.headers.has('range') && !url.pathname.startsWith(API_PREFIX)) return rangeResponse(request, file, staticHeaders(destination.file));
        // A view answered from a stored file with token slots is minted, as the detail Edge
        // Function mints a detail (a current build writes no such view file: a guard); the file's
        // own path is served as the CDN serves it, raw: it is the BuildStore's file, not an answer
        // (docs/serving.md, "Media tokens in answers").
        if (file && url.pathname.endsWith('/') && hasSlot(file.body)) {
          if (minting.tokens.refused) return tokensRefusedResponse(request);
          const minted = await mintBytes(file.body, minting.tokens, await minting.mediaUrl());
          return okResponse(request, minted, { ...staticHeaders(destination.file), ...tokenAnswerHeaders(minting.tokens) });
        }
        if (file) return conditionalResponse(request, file.body, staticHeaders(destination.file), file.etag);
        if (destination.missing === 'function') return api(request);
        return new Response('Not found.\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
      }
    }
  };
}

/**
 * A byte range of a data file, as the packs' readers ask for (src/serve/shared/pack-reader.ts): a 206
 * with Content-Range, a 416 past the end; a malformed or multiple range is the whole file.
 */
function rangeResponse(request: Request, file: StaticFile, headers: Record<string, string>): Response {
  const size = file.body.byteLength;
  const range = parseByteRange(request.headers.get('range'), size);
  if (range === null) return conditionalResponse(request, file.body, headers, file.etag);
  const answer = new Headers({ ...headers, etag: file.etag });
  if (range === 'unsatisfiable') {
    answer.set('content-range', `bytes */${size}`);
    return new Response(null, { status: 416, headers: answer });
  }
  const body = file.body.subarray(range.start, range.end + 1);
  answer.set('content-range', `bytes ${range.start}-${range.end}/${size}`);
  answer.set('content-length', String(body.byteLength));
  return new Response(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { status: 206, headers: answer });
}

/** Headers the CDN gives a static file: its type, the rules of ../shared/static-headers.ts, Allow from the generated _headers. */
function staticHeaders(relative: string): Record<string, string> {
  const type = contentTypeOf(relative);
  // The rules may type a file (the downloads: src/downloads/paths.ts), as netlify.toml's do.
  if (!relative.startsWith('api/v1/')) return { 'content-type': type, ...staticHeadersOf(`/${relative}`) };
  const view = viewOfFile(relative);
  // A loose build's answer files are JSON whatever their name (index.html: src/output/layout.ts), as its _headers say.
  const headers = apiHeaders(view.kind === 'none' ? [] : methodsOf(view), view.kind === 'none' ? type : 'application/json');
  // The root links the data downloads' manifest, as build/_headers says (src/output/routing.ts).
  return view.kind === 'root' ? { ...headers, link: DOWNLOADS_LINK } : headers;
}


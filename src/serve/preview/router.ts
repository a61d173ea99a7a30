/**
 * The local preview's router: one web-standard `Request -> Response` function
 * that answers every URL as the Netlify deploy does. `routeRequest()` (../host-routing.ts)
 * says where a request goes; this sends it there: the media handler, the store-free API
 * answers, the API core, or a file of build/ with the headers the CDN gives it.
 * No node: import: the Node server lives in node-adapter.ts, the files come in through
 * `StaticFileReader`.
 */
import { API_PREFIX } from '../../api/routes.ts';
import { contentTypeOf } from '../../lib/content-types.ts';
import { earlyAnswer, methodsOf, unacceptable } from '../api/early.ts';
import { apiHeaders, conditionalResponse } from '../api/responses.ts';
import { viewOfFile } from '../api/route.ts';
import { routeRequest } from '../host-routing.ts';
import { staticHeadersOf } from '../shared/static-headers.ts';

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
}

export function createPreviewRouter({ api, media, files }: PreviewRoutes): WebHandler {
  return async (request) => {
    const url = new URL(request.url);
    const destination = routeRequest(request.method, url);
    switch (destination.kind) {
      case 'media':
        return media(request);
      case 'api-early':
        // Writes carry their body (an anonymous annotation's 400 names the document it sent).
        return (await earlyAnswer(request)) ?? api(request);
      case 'function':
        return api(request);
      case 'static': {
        // The CDN serves static files whatever the Accept header says (docs/api.md); the preview
        // negotiates first, as the function and the detail Edge Function do.
        if (url.pathname.startsWith(API_PREFIX)) {
          const refused = unacceptable(request);
          if (refused) return refused;
        }
        const file = await files.get(destination.file);
        if (file) return conditionalResponse(request, file.body, staticHeaders(destination.file), file.etag);
        if (destination.missing === 'function') return api(request);
        return new Response('Not found.\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
      }
    }
  };
}

/** Headers the CDN gives a static file: its type, the rules of ../shared/static-headers.ts, Allow from the generated _headers. */
function staticHeaders(relative: string): Record<string, string> {
  const type = contentTypeOf(relative);
  if (!relative.startsWith('api/v1/')) return { ...staticHeadersOf(`/${relative}`), 'content-type': type };
  const view = viewOfFile(relative);
  return apiHeaders(view.kind === 'none' ? [] : methodsOf(view), type);
}


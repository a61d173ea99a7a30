/**
 * Headers, bodies and conditional requests for every answer under /api/v1/.
 * The headers the CDN adds to static files come from one table (../shared/static-headers.ts).
 */
import { apiJson } from '../../formats/json.ts';
import { API_PREFIX } from '../../api/route-shapes.ts';
import { matchesIfNoneMatch } from '../shared/conditional.ts';
import { staticHeadersOf } from '../shared/static-headers.ts';
import { allowHeader, type Method } from '../../api/resources/declaration-spec.ts';

export const JSON_TYPE = 'application/json';
export const HTML_TYPE = 'text/html; charset=utf-8';
/** The media type of the archive's feeds (`?format=atom`, RFC 4287). */
export const ATOM_TYPE = 'application/atom+xml';

/** Errors are not worth caching: an unknown id may exist after the next build. */
export const ERROR_CACHE_CONTROL = 'no-cache';

const API_STATIC_HEADERS = staticHeadersOf(API_PREFIX);

/** Headers every API answer carries, static or computed: the CDN's for /api/v1/*, the type and Allow. */
export function apiHeaders(allow: readonly Method[], contentType = JSON_TYPE): Record<string, string> {
  return { 'content-type': contentType, allow: allowHeader(allow), ...API_STATIC_HEADERS };
}

const encoder = new TextEncoder();

export function jsonBytes(value: unknown): Uint8Array {
  return encoder.encode(apiJson(value));
}

export async function etagOf(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', bytes as Uint8Array<ArrayBuffer>));
  let hex = '';
  for (let i = 0; i < 10; i++) hex += digest[i]!.toString(16).padStart(2, '0');
  return `"${hex}"`;
}

/**
 * A successful answer: ETag, 304 on If-None-Match, no body for HEAD.
 * `headers` must already hold the content type and the API headers.
 */
export async function okResponse(request: Request, body: Uint8Array, headers: Record<string, string>): Promise<Response> {
  return conditionalResponse(request, body, headers, await etagOf(body));
}

/** okResponse with an ETag the caller knows (the preview's static files carry theirs). */
export function conditionalResponse(request: Request, body: Uint8Array, headers: Record<string, string>, etag: string): Response {
  const all = new Headers(headers);
  all.set('etag', etag);
  if (matchesIfNoneMatch(request.headers.get('if-none-match'), etag)) {
    all.delete('content-type');
    return new Response(null, { status: 304, headers: all });
  }
  all.set('content-length', String(body.byteLength));
  return new Response(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { status: 200, headers: all });
}

/** A JSON error body `{"detail": ...}` or a filter error `{"<param>": [...]}`, with the API headers. */
export function errorResponse(
  request: Request,
  status: number,
  body: Record<string, unknown>,
  allow: readonly Method[],
  extra: Record<string, string> = {},
): Response {
  const bytes = jsonBytes(body);
  const headers = new Headers({ ...apiHeaders(allow), 'cache-control': ERROR_CACHE_CONTROL, ...extra });
  headers.set('content-length', String(bytes.byteLength));
  return new Response(request.method === 'HEAD' ? null : (bytes as Uint8Array<ArrayBuffer>), { status, headers });
}

/**
 * Error texts: DRF's English source strings, the same language as the 401 the contract fixes
 * (docs/serving.md, "Language of error texts").
 */
export const MESSAGES = {
  notFound: 'Not found.',
  noMatch: (model: string) => `No ${model} matches the given query.`,
  unauthenticated: 'Authentication credentials were not provided.',
  methodNotAllowed: (method: string) => `Method "${method}" not allowed.`,
  notAcceptable: 'Could not satisfy the request Accept header.',
} as const;

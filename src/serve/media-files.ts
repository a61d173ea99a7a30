/**
 * Serving a media file the gate allowed, from a Store, with HEAD and single byte ranges
 * (RFC 9110 §14). The local preview uses it; on Netlify the CDN serves the bytes.
 */
import { buildPaths } from '../api/routes.ts';
import { checkMediaRequest, mediaHeaders, refusal, type GateOptions } from './media-gate.ts';
import type { Store } from './store.ts';

export function createMediaHandler(store: Store, gate: GateOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    const decision = await checkMediaRequest(new URL(request.url), { store, ...gate });
    if (!decision.allow) return refusal(decision);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed.\n', { status: 405, headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' } });
    }
    const bytes = await store.read(buildPaths.media(decision.path));
    if (bytes === null) return refusal({ allow: false, status: 404, message: 'Not found.' });
    return rangeResponse(request, bytes, mediaHeaders(decision.path, decision.access));
  };
}

/** One `bytes=` range; several ranges or a malformed header mean "the whole file". */
export function parseRange(header: string | null, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (match[2] !== '' && Number(match[2]) < start) return null;
  }
  return start >= size ? 'unsatisfiable' : { start, end };
}

function rangeResponse(request: Request, bytes: Uint8Array, headers: Record<string, string>): Response {
  const head = request.method === 'HEAD';
  const range = parseRange(request.headers.get('range'), bytes.byteLength);
  if (range === 'unsatisfiable') {
    return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${bytes.byteLength}` } });
  }
  if (range) {
    const part = bytes.subarray(range.start, range.end + 1);
    return new Response(head ? null : (part as Uint8Array<ArrayBuffer>), {
      status: 206,
      headers: {
        ...headers,
        'content-range': `bytes ${range.start}-${range.end}/${bytes.byteLength}`,
        'content-length': String(part.byteLength),
      },
    });
  }
  return new Response(head ? null : (bytes as Uint8Array<ArrayBuffer>), {
    status: 200,
    headers: { ...headers, 'content-length': String(bytes.byteLength) },
  });
}

/**
 * Media answers, the same code on Netlify (src/netlify/edge-functions/media.ts)
 * and in the local preview: the gate (tokens, public attachments, traversal; fail closed),
 * then the path's entry in the media index (build data, through a BuildStore), then whether
 * production withdrew the object since (src/media/withdrawn.ts), then the object's bytes
 * streamed from the media store.
 *
 * Content-addressed bytes make the HTTP side simple: the ETag is the object's sha256 (strong),
 * Content-Length comes from the index, and a conditional request, a HEAD or an unsatisfiable
 * range is answered without reading the object. Single byte ranges answer 206 (RFC 9110 §14;
 * PDF viewers read ranges), guarded by If-Range.
 */
import type { MediaEntry } from '../../media/media-index.ts';
import { readMediaEntry } from '../../media/media-index.ts';
import type { ByteRange, MediaStore } from '../../media/media-store.ts';
import { isWithdrawn } from '../../media/withdrawn.ts';
import { checkMediaRequest, mediaHeaders, refusal, type GateOptions } from './gate.ts';
import { matchesIfNoneMatch, parseByteRange } from '../shared/conditional.ts';
import type { BuildStore } from '../shared/build-store.ts';

export interface MediaServing extends Omit<GateOptions, 'store'> {
  /** The build's files: the media index. */
  data: BuildStore;
  media: MediaStore;
  /** Called with the cause of a 500 and the request that met it. */
  onError?: (error: unknown, request: Request) => void;
}

export function createMediaHandler(options: MediaServing): (request: Request) => Promise<Response> {
  return async (request) => {
    try {
      return await answerMedia(request, options);
    } catch (error) {
      options.onError?.(error, request);
      return new Response('Internal error.\n', { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
    }
  };
}

async function answerMedia(request: Request, options: MediaServing): Promise<Response> {
  const { data, media, ...gate } = options;
  const decision = await checkMediaRequest(new URL(request.url), { ...gate, store: data });
  if (!decision.allow) return refusal(decision);
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('Method not allowed.\n', { status: 405, headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' } });
  }
  const entry = decision.entry ?? (await readMediaEntry(data, decision.path));
  if (!entry) return refusal({ allow: false, status: 404, message: 'Not found.' });
  // An older deploy's index still names what production has withdrawn since (docs/deploy.md#withdrawn-files).
  if (await isWithdrawn(media, entry.sha256)) return refusal({ allow: false, status: 404, message: 'Not found.' });

  const etag = `"${entry.sha256}"`;
  const headers = new Headers({ ...mediaHeaders(decision.path, decision.access), etag });
  if (matchesIfNoneMatch(request.headers.get('if-none-match'), etag)) {
    headers.delete('content-type');
    return new Response(null, { status: 304, headers });
  }
  const range = ifRange(request, etag) ? parseByteRange(request.headers.get('range'), entry.size) : null;
  if (range === 'unsatisfiable') {
    headers.set('content-range', `bytes */${entry.size}`);
    return new Response(null, { status: 416, headers });
  }
  if (range) headers.set('content-range', `bytes ${range.start}-${range.end}/${entry.size}`);
  headers.set('content-length', String(range ? range.end - range.start + 1 : entry.size));
  const status = range ? 206 : 200;
  if (request.method === 'HEAD') return new Response(null, { status, headers });
  return new Response(await objectStream(media, entry, decision.path, range ?? undefined), { status, headers });
}

async function objectStream(media: MediaStore, entry: MediaEntry, path: string, range?: ByteRange): Promise<ReadableStream<Uint8Array>> {
  // An empty object has no byte to read; its answer is the empty body.
  if (entry.size === 0) return new ReadableStream({ start: (controller) => controller.close() });
  const stream = await media.get(entry.sha256, range);
  // The build uploads every object its index names before it is deployed (src/media/upload.ts),
  // so a missing one means the store lost it, e.g. to a prune with too short a window.
  if (!stream) throw new Error(`the ${media.description} has no object ${entry.sha256}, which the media index names for ${path}`);
  return stream;
}

/** If-Range (RFC 9110 §13.1.5): the range applies only while the representation is unchanged. */
function ifRange(request: Request, etag: string): boolean {
  const condition = request.headers.get('if-range');
  return condition === null || condition.trim() === etag;
}


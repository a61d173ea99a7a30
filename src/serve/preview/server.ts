/**
 * `npm start` / `archive serve`: build/ over HTTP with the routing and the handlers of the
 * Netlify deploy (issue 4 #10). Static files answer bare paths; everything else goes to the
 * same web-standard handlers the Netlify functions wrap. No netlify-cli needed.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { DEVELOPMENT_KEY, parseTokenKeys, type TokenKey } from '../../api/media-token.ts';
import { API_PREFIX } from '../../api/routes.ts';
import { DEFAULTS, type Env } from '../../config.ts';
import { folderMediaStore } from '../../media/folder-store.ts';
import type { MediaStore } from '../../media/store.ts';
import { earlyAnswer, methodsOf, unacceptable } from '../api/early.ts';
import { createApiHandler } from '../api/handler.ts';
import { viewOfFile } from '../api/route.ts';
import { fsStore } from '../shared/fs-store.ts';
import { routeRequest } from '../shared/host-routing.ts';
import { createMediaHandler } from '../media/handler.ts';
import { apiHeaders, matchesIfNoneMatch } from '../api/responses.ts';
import { StaticFiles, staticContentType } from './static-files.ts';

export interface PreviewOptions {
  buildDir: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** MEDIA_TOKEN_KEYS is read from here when `tokenKeys` is not given. */
  env?: Env;
  tokenKeys?: readonly TokenKey[];
  /** Unix seconds, for token expiry. */
  now?: () => number;
  /** Where media bytes come from (default: the folder store at DEFAULTS.mediaStore, as `npm start` builds). */
  media?: MediaStore;
  /** Called with the cause of every 500 and the request that met it (`GET /api/v1/…`). */
  onError?: (error: unknown, request: string) => void;
}

export interface PreviewServer {
  /** With trailing slash: `http://127.0.0.1:8080/`. */
  url: string;
  close(): Promise<void>;
}

export async function startPreviewServer(options: PreviewOptions): Promise<PreviewServer> {
  const host = options.host ?? '127.0.0.1';
  const keys =
    options.tokenKeys ?? (options.env?.MEDIA_TOKEN_KEYS ? parseTokenKeys(options.env.MEDIA_TOKEN_KEYS) : [DEVELOPMENT_KEY]);
  const store = fsStore(options.buildDir);
  const files = new StaticFiles(options.buildDir);
  const api = createApiHandler({ store, onError: (error, request) => options.onError?.(error, describeRequest(request.method, new URL(request.url))) });
  const media = createMediaHandler({
    keys,
    ...(options.now ? { now: options.now } : {}),
    data: store,
    media: options.media ?? folderMediaStore(DEFAULTS.mediaStore),
    onError: (error, request) => options.onError?.(error, describeRequest(request.method, new URL(request.url))),
  });
  const origin = () => `http://${host}:${(server.address() as AddressInfo).port}`;

  const server = createServer((req, res) => {
    serve(req, res).catch((error) => {
      options.onError?.(error, describeRequest(req.method ?? 'GET', new URL(req.url ?? '/', origin())));
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal error.\n');
    });
  });
  server.keepAliveTimeout = 5000;

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', origin());
    const destination = routeRequest(method, url);
    switch (destination.kind) {
      case 'media':
        return send(res, await media(toRequest(req, url)));
      case 'api-early': {
        // Writes read their body (an anonymous annotation's 400 names the document it sent).
        const request = toRequest(req, url, await readBody(req));
        return send(res, (await earlyAnswer(request)) ?? (await api(toRequest(req, url))));
      }
      case 'function':
        return send(res, await api(toRequest(req, url)));
      case 'static': {
        // The CDN serves static files whatever the Accept header says (docs/api.md); the preview
        // negotiates first, as the function and the detail Edge Function do.
        if (url.pathname.startsWith(API_PREFIX)) {
          const accept = req.headers.accept;
          const refused = unacceptable(new Request(url, { method, headers: accept === undefined ? {} : { accept } }));
          if (refused) return send(res, refused);
        }
        const file = await files.get(destination.file);
        if (file) return sendStatic(req, res, destination.file, file);
        if (destination.missing === 'function') return send(res, await api(toRequest(req, url)));
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found.\n');
        return;
      }
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, host, () => resolve());
  });
  return {
    url: `${origin()}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function describeRequest(method: string, url: URL): string {
  return `${method} ${url.pathname}${url.search}`;
}

/** Headers the CDN adds to a static file (netlify.toml [[headers]] and the generated _headers). */
function staticHeaders(relative: string): Record<string, string> {
  const type = staticContentType(relative);
  if (!relative.startsWith('api/v1/')) return { 'content-type': type };
  const view = viewOfFile(relative);
  return view.kind === 'none' ? { ...apiHeaders([]), 'content-type': type } : apiHeaders(methodsOf(view), type);
}

function sendStatic(req: IncomingMessage, res: ServerResponse, relative: string, file: { body: Buffer; etag: string }): void {
  const headers: Record<string, string | number> = { ...staticHeaders(relative), etag: file.etag };
  if (matchesIfNoneMatch(req.headers['if-none-match'] ?? null, file.etag)) {
    delete headers['content-type'];
    res.writeHead(304, headers).end();
    return;
  }
  headers['content-length'] = file.body.byteLength;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : file.body);
}

/** Bodies of writes are read up to this size; the rest is drained unread (no write needs more). */
const MAX_BODY_BYTES = 1024 * 1024;

/** The body of a request that may carry one (not GET/HEAD), at most MAX_BODY_BYTES of it. */
async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const method = (req.method ?? 'GET').toUpperCase();
  if (method === 'GET' || method === 'HEAD') return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    if (size < MAX_BODY_BYTES) chunks.push(chunk.subarray(0, MAX_BODY_BYTES - size));
    size += chunk.byteLength;
  }
  return Buffer.concat(chunks);
}

function toRequest(req: IncomingMessage, url: URL, body: Buffer | null = null): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // Drain a body nobody read, so the connection stays usable.
  if (body === null) req.resume();
  return new Request(url, { method: req.method ?? 'GET', headers, ...(body && body.byteLength > 0 ? { body: new Uint8Array(body) } : {}) });
}

/** Streams the body (media objects can be large), with backpressure; a client that leaves stops the read. */
async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  res.writeHead(response.status, headers);
  if (!response.body) return void res.end();
  await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), res);
}

/**
 * The Node adapter of the local preview: a node:http server around one web-standard
 * `Request -> Response` function (STYLE: the platform adapter is thin; everything else is
 * tested with `new Request(...)`). It turns each incoming message into a Request, streams the
 * Response back with backpressure, and answers a thrown error with a plain 500.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

export interface NodeServerOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Called with the cause of every 500 and the request that met it (`GET /api/v1/…`). */
  onError?: (error: unknown, request: string) => void;
}

export interface NodeServer {
  /** With trailing slash: `http://127.0.0.1:8080/`. */
  url: string;
  close(): Promise<void>;
}

export async function serveOverNode(handler: (request: Request) => Promise<Response>, options: NodeServerOptions): Promise<NodeServer> {
  // An IPv6 address (`::`) is written in brackets in a URL.
  const origin = () => `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${(server.address() as AddressInfo).port}`;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin());
    answer(req, res, url).catch((error) => {
      options.onError?.(error, describeRequest(req.method ?? 'GET', url));
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal error.\n');
    });
  });
  server.keepAliveTimeout = 5000;

  async function answer(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    await send(res, await handler(toRequest(req, url, await readBody(req))));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
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

/** `GET /api/v1/message/?limit=5`: how an error names the request it met. */
export function describeRequest(method: string, url: URL): string {
  return `${method} ${url.pathname}${url.search}`;
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

function toRequest(req: IncomingMessage, url: URL, body: Buffer | null): Request {
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
  try {
    await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), res);
  } catch (error) {
    // The client closed the connection before the end of the body (it left, or it had every byte
    // of the Content-Length and closed before the stream said it was done): nothing went wrong here.
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE' && res.destroyed) return;
    throw error;
  }
}

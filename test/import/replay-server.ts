/**
 * A small real HTTP server that replays froide answers from test/fixtures/froide/ (`{base}` in
 * them becomes the server's own origin) and serves files, with scripted misbehaviour: an
 * answer may be preceded by failures (a 429 with Retry-After, a 500, broken JSON, a truncated
 * body, a file of the wrong size), or fail for good. It logs every request it sees.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Failure =
  | { kind: 'status'; status: number; headers?: Record<string, string> }
  | { kind: 'broken-json' }
  | { kind: 'truncated' }
  | { kind: 'wrong-size' };

export interface Route {
  /** A fixture file name (JSON with `{base}`), or the path of a file to serve as bytes. */
  fixture?: string;
  file?: string;
  status?: number;
  /** Answered, in order, before the real answer. */
  failures?: Failure[];
  /** Every request fails like this. */
  always?: Failure;
}

interface LoggedRequest {
  path: string;
  at: number;
  userAgent: string | undefined;
}

export interface ReplayServer {
  origin: string;
  log: LoggedRequest[];
  /** Most requests the server was answering at once. */
  maxInFlight: number;
  close(): Promise<void>;
}

const FIXTURES = new URL('../fixtures/froide/', import.meta.url);

export async function startReplayServer(routes: Record<string, Route>): Promise<ReplayServer> {
  const log: LoggedRequest[] = [];
  const served = new Map<string, number>();
  let inFlight = 0;
  const state = { maxInFlight: 0 };
  let origin = '';

  async function body(route: Route): Promise<Buffer> {
    if (route.fixture) return Buffer.from((await readFile(new URL(route.fixture, FIXTURES), 'utf8')).split('{base}').join(origin));
    return readFile(route.file!);
  }

  async function fail(failure: Failure, route: Route, response: ServerResponse) {
    if (failure.kind === 'status') {
      response.writeHead(failure.status, { 'content-type': 'application/json', ...failure.headers }).end('{"detail":"nope"}');
    } else if (failure.kind === 'broken-json') {
      const text = (await body(route)).toString('utf8');
      response.writeHead(200, { 'content-type': 'application/json' }).end(text.slice(0, Math.floor(text.length / 2)));
    } else if (failure.kind === 'truncated') {
      const bytes = await body(route);
      response.writeHead(200, { 'content-length': String(bytes.length) });
      response.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => response.destroy());
    } else {
      response.writeHead(200, { 'content-type': 'application/pdf' }).end((await body(route)).subarray(0, 100));
    }
  }

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const path = request.url ?? '/';
    log.push({ path, at: Date.now(), userAgent: request.headers['user-agent'] });
    const route = routes[path];
    if (!route) return void response.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Nicht gefunden."}');
    const count = served.get(path) ?? 0;
    served.set(path, count + 1);
    const failure = route.always ?? route.failures?.[count];
    if (failure) return fail(failure, route, response);
    if (route.status) return void response.writeHead(route.status).end();
    const bytes = await body(route);
    response.writeHead(200, { 'content-type': route.fixture ? 'application/json' : 'application/pdf', 'content-length': String(bytes.length) }).end(bytes);
  }

  const server = createServer((request, response) => {
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    response.on('close', () => inFlight--);
    // A little latency, so that requests in flight overlap when the client lets them.
    setTimeout(() => void answer(request, response).catch(() => response.destroy()), 15);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    log,
    get maxInFlight() {
      return state.maxInFlight;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A froide-compatible instance that can answer as a broken or hostile one might: real HTTP on
 * 127.0.0.1, an API origin and a media origin (as FragDenStaat serves files from another host
 * than its API), answers made from test/fixtures/froide/ (`{base}/files/` becomes the media
 * origin, `{base}` the API origin). A scenario replaces what any path answers (`answer`) or
 * edits a fixture's JSON (`edit`). A third server, `elsewhere`, stands for every other origin:
 * it logs what reaches it, which must be nothing.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const FIXTURES = new URL('../fixtures/froide/', import.meta.url);
const SAMPLE = (path: string) => new URL(`../../content/${path}`, import.meta.url).pathname;
const MESSWERTE = SAMPLE('requests/0001-gutachten-bundespolizeigesetz/files/103/Anschreiben_BMI.pdf'); // 2248 bytes
/** The unapproved attachment's own bytes: the same size, one letter apart (check refuses a kept-back file whose bytes a published one has). */
const ANSCHRIFT = 'anschrift';
const DRUCKSACHE = SAMPLE('documents/0001-bt-20-10871-nitrat-grundwasser/drucksache-20-10871.pdf'); // 6515 bytes
const GUTACHTEN = SAMPLE('documents/0004-wd-3-3000-041-24-terminkalender/wd-3-3000-041-24.pdf'); // 8940 bytes

type Json = Record<string, unknown>;

/** What a path answers: a fixture, a file, or a scenario's own handler. */
type Handler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

const API_ROUTES: Record<string, string> = {
  '/api/v1/': 'root.json',
  '/api/v1/jurisdiction/': 'jurisdiction.json',
  '/api/v1/law/': 'law.json',
  '/api/v1/classification/': 'classification.json',
  '/api/v1/category/': 'category.json',
  '/api/v1/campaign/': 'campaign.json',
  '/api/v1/request/': 'request-page-1.json',
  '/api/v1/request/?limit=2&offset=2': 'request-page-2.json',
  '/api/v1/request/7/': 'request-7.json',
  '/api/v1/request/8/': 'request-8.json',
  '/api/v1/request/9/': 'request-9.json',
  '/api/v1/publicbody/': 'publicbody.json',
  '/api/v1/georegion/': 'georegion.json',
  '/api/v1/georegion/1/': 'georegion-1.json',
  '/api/v1/document/': 'document.json',
  '/api/v1/pageannotation/?document=31': 'pageannotation-empty.json',
  '/api/v1/pageannotation/?document=32': 'pageannotation-empty.json',
  '/api/v1/documentcollection/': 'documentcollection.json',
};

const MEDIA_ROUTES: Record<string, string> = {
  '/files/foi/702/Messwerte.pdf?token=abc': MESSWERTE,
  '/files/foi/802/Bescheid.pdf?token=abc': MESSWERTE,
  '/files/foi/802/Anschrift.pdf?token=abc': ANSCHRIFT,
  '/files/foi/902/Messwerte.pdf?token=abc': MESSWERTE,
  '/files/docs/31/drucksache-20-1.pdf': DRUCKSACHE,
  '/files/docs/32/gutachten-2023.pdf': GUTACHTEN,
};

export interface Scenario {
  /** Replaces what a path (of the API or media origin) answers. */
  answer?: Record<string, Handler>;
  /** Edits the JSON of a fixture path before it is served. */
  edit?: Record<string, (json: Json) => void>;
}

interface Logged {
  origin: 'api' | 'media' | 'elsewhere';
  path: string;
  headers: IncomingMessage['headers'];
}

export interface HostileInstance {
  api: string;
  media: string;
  elsewhere: string;
  log: Logged[];
  /** Serves this scenario from now on (none: the good instance). */
  use(scenario?: Scenario): void;
  close(): Promise<void>;
}

async function listen(handler: Handler): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => void Promise.resolve(handler(request, response)).catch(() => response.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export async function startHostileInstance(): Promise<HostileInstance> {
  const log: Logged[] = [];
  let scenario: Scenario = {};
  const origins = { api: '', media: '', elsewhere: '' };

  async function fixture(path: string): Promise<Buffer | null> {
    const name = API_ROUTES[path];
    if (!name) return null;
    const text = (await readFile(new URL(name, FIXTURES), 'utf8')).split('{base}/files/').join(`${origins.media}/files/`).split('{base}').join(origins.api);
    const edit = scenario.edit?.[path];
    if (!edit) return Buffer.from(text);
    const json = JSON.parse(text) as Json;
    edit(json);
    return Buffer.from(JSON.stringify(json));
  }

  const serve =
    (which: 'api' | 'media'): Handler =>
    async (request, response) => {
      const path = request.url ?? '/';
      log.push({ origin: which, path, headers: request.headers });
      const own = scenario.answer?.[path];
      if (own) return own(request, response);
      if (which === 'api') {
        const bytes = await fixture(path);
        if (bytes) return void response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(bytes.length) }).end(bytes);
      } else if (MEDIA_ROUTES[path]) {
        const route = MEDIA_ROUTES[path];
        const bytes = route === ANSCHRIFT ? Buffer.from((await readFile(MESSWERTE)).toString('latin1').replace('(VIS-Suite eAkte)', '(VIS-Suite eAkta)'), 'latin1') : await readFile(route);
        return void response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(bytes.length) }).end(bytes);
      }
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Nicht gefunden."}');
    };

  const api = await listen(serve('api'));
  const media = await listen(serve('media'));
  const elsewhere = await listen((request, response) => {
    log.push({ origin: 'elsewhere', path: request.url ?? '/', headers: request.headers });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  origins.api = api.origin;
  origins.media = media.origin;
  origins.elsewhere = elsewhere.origin;
  const servers = [api.server, media.server, elsewhere.server];
  return {
    ...origins,
    log,
    use: (next = {}) => void (scenario = next),
    close: async () => {
      for (const server of servers) server.closeAllConnections();
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}

/** The JSON answer of a handler. */
export const json =
  (value: unknown, status = 200): Handler =>
  (_request, response) =>
    void response.writeHead(status, { 'content-type': 'application/json' }).end(typeof value === 'string' ? value : JSON.stringify(value));

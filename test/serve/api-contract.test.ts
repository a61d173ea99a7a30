import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import netlifyApi from '../../src/netlify/functions/api.ts';
import { createApiHandler } from '../../src/serve/api/handler.ts';
import { fsBuildStore } from '../../src/serve/shared/fs-build-store.ts';
import { startPreviewServer, type PreviewServer } from '../../src/serve/preview/server.ts';
import { apiContract, type Client } from './api-contract.ts';
import { KEYS, writeFixtureBuild } from './fixture.ts';

let dir: string;
let preview: PreviewServer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'serve-contract-'));
  await writeFixtureBuild(dir);
  preview = await startPreviewServer({ buildDir: dir, port: 0, tokenKeys: KEYS });
});
afterAll(async () => {
  await preview.close();
  await rm(dir, { recursive: true, force: true });
});

const clients: Record<string, () => Client> = {
  'core handler (new Request)': () => {
    const handler = createApiHandler({ store: fsBuildStore(dir) });
    return (path, init) => handler(new Request(new URL(path, 'https://archive.test'), init));
  },
  'Netlify function (fetch store against a real server)': () => (path, init) => netlifyApi(new Request(new URL(path, preview.url), init)),
  'local preview (real sockets)': () => (path, init) => fetch(new URL(path, preview.url), init),
};

for (const [name, client] of Object.entries(clients)) apiContract(name, client);

describe('browsable API: the same bytes from every implementation', () => {
  it.each([
    ['/api/v1/?format=api', 200],
    ['/api/v1/message/?format=api&limit=3&offset=6&is_response=true', 200],
    ['/api/v1/document/1/?format=api', 200],
    ['/api/v1/page/?format=api&document=1', 200],
    ['/api/v1/message/?format=api&kind=telegram', 400],
    ['/api/v1/upload/?format=api', 401],
  ])('%s', async (path, status) => {
    const answers = await Promise.all(Object.values(clients).map((client) => client()(path, { headers: { accept: 'text/html' } })));
    const [first, ...others] = await Promise.all(answers.map(async (response) => [response.status, response.headers.get('content-type'), response.headers.get('etag'), await response.text()]));
    expect(first!.slice(0, 2)).toEqual([status, 'text/html; charset=utf-8']);
    for (const other of others) expect(other).toEqual(first);
  });
});

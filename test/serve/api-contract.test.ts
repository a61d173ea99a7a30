import { afterAll, beforeAll } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import netlifyApi from '../../src/netlify/functions/api.ts';
import { createApiHandler } from '../../src/serve/api-handler.ts';
import { fsStore } from '../../src/serve/fs-store.ts';
import { startPreviewServer, type PreviewServer } from '../../src/serve/preview.ts';
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

apiContract('core handler (new Request)', () => {
  const handler = createApiHandler({ store: fsStore(dir) });
  return (path, init) => handler(new Request(new URL(path, 'https://archive.test'), init));
});

apiContract('Netlify function (fetch store against a real server)', () => (path, init) =>
  netlifyApi(new Request(new URL(path, preview.url), init)));

apiContract('local preview (real sockets)', (): Client => (path, init) => fetch(new URL(path, preview.url), init));

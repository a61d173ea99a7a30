/**
 * The Store contract: the fs store and the fetch store (against a real HTTP
 * server serving the same build dir) answer the same reads the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPaths } from '../../src/api/routes.ts';
import { fsStore } from '../../src/serve/shared/fs-store.ts';
import { startPreviewServer, type PreviewServer } from '../../src/serve/preview/server.ts';
import { fetchStore, type Store } from '../../src/serve/shared/store.ts';
import { MEDIA, writeFixtureBuild } from './fixture.ts';

let dir: string;
let server: PreviewServer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'serve-store-'));
  await writeFixtureBuild(dir);
  server = await startPreviewServer({ buildDir: dir, port: 0 });
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const decode = (bytes: Uint8Array | null) => (bytes === null ? null : new TextDecoder().decode(bytes));

for (const [name, make] of [
  ['fs store', () => fsStore(dir)],
  ['fetch store', () => fetchStore(server.url)],
] as [string, () => Store][]) {
  describe(`Store contract: ${name}`, () => {
    it('reads a file by its build path', async () => {
      const manifest = JSON.parse(decode(await make().read(buildPaths.manifest))!);
      expect(manifest.lists.message).toEqual({ total: 120 });
      expect(JSON.parse(decode(await make().read(buildPaths.listPage('message', 100)))!).objects).toHaveLength(20);
    });

    it('reads the media index and the filter indexes', async () => {
      const media = JSON.parse(decode(await make().read(buildPaths.mediaIndex(MEDIA.attachment)))!);
      expect(Object.keys(media).sort()).toEqual(['foi/5/Antwort öffentlich.pdf', 'foi/5/Bescheid vom 3. März.pdf', 'foi/5/leer.txt']);
      const index = await make().read(buildPaths.filterIndex('request', 'tags', 'bund'));
      expect(index === null || index.byteLength > 0).toBe(true);
    });

    it.each(['_data/nothing.json', 'api/v1/message/99999/index.json', 'api/v1', '../etc/passwd', '/etc/passwd', 'a/./b', 'a//b', 'a\0b'])(
      'answers null for %s',
      async (path) => {
        expect(await make().read(path)).toBeNull();
      },
    );
  });
}

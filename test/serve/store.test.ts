/**
 * The BuildStore contract: the fs store and the fetch store (against a real HTTP
 * server serving the same build dir) answer the same reads the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPaths } from '../../src/api/build-paths.ts';
import { mediaKey } from '../../src/media/media-index.ts';
import { fsBuildStore } from '../../src/serve/shared/fs-build-store.ts';
import { startPreviewServer, type PreviewServer } from '../../src/serve/preview/server.ts';
import { fetchBuildStore, readRange, type BuildStore } from '../../src/serve/shared/build-store.ts';
import { readDetail, readListItems } from '../../src/serve/shared/pack-reader.ts';
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
  ['fs store', () => fsBuildStore(dir)],
  ['fetch store', () => fetchBuildStore(server.url)],
] as [string, () => BuildStore][]) {
  describe(`BuildStore contract: ${name}`, () => {
    it('reads a file by its build path', async () => {
      const manifest = JSON.parse(decode(await make().read(buildPaths.manifest))!);
      expect(manifest.lists.message).toEqual({ total: 120 });
    });

    it('reads byte ranges, and list items and details out of their chunks and packs', async () => {
      const whole = await make().read(buildPaths.manifest);
      expect([...(await readRange(make(), buildPaths.manifest, 2, 9))!]).toEqual([...whole!.subarray(2, 9)]);
      expect(await readRange(make(), 'no/such/file.pack', 0, 16)).toBeNull();
      const items = await readListItems(make(), 'message', [100, 119, 0], 120);
      expect(items.map((bytes) => JSON.parse(decode(bytes)!).id)).toEqual([101, 120, 1]);
      expect(JSON.parse(decode(await readDetail(make(), 'message', '77'))!).id).toBe(77);
      expect(await readDetail(make(), 'message', '121')).toBeNull();
      expect(await readDetail(make(), 'message', 'x')).toBeNull();
    });

    if (name === 'fetch store') {
      it('is answered ranges of data files by the preview, as packs are read from the CDN', async () => {
        const response = await fetch(new URL(buildPaths.manifest, server.url), { headers: { range: 'bytes=2-8' } });
        expect(response.status).toBe(206);
        const size = (await make().read(buildPaths.manifest))!.byteLength;
        expect(response.headers.get('content-range')).toBe(`bytes 2-8/${size}`);
        expect((await response.arrayBuffer()).byteLength).toBe(7);
        const beyond = await fetch(new URL(buildPaths.manifest, server.url), { headers: { range: `bytes=${size}-` } });
        expect(beyond.status).toBe(416);
        expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);
      });
    }

    it('reads the media index and the filter indexes', async () => {
      const media = JSON.parse(decode(await make().read(buildPaths.mediaIndex(MEDIA.attachment)))!);
      expect(Object.keys(media).sort()).toEqual(['foi/5/Antwort öffentlich.pdf', 'foi/5/Bescheid vom 3. März.pdf', 'foi/5/leer.txt'].map(mediaKey).sort());
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

/** Data files above the part size are cut at byte boundaries and read back whole through the Store. */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { splitLargeData } from '../../src/output/split.ts';
import type { PlannedFile } from '../../src/lib/planned-file.ts';
import { fsBuildStore } from '../../src/serve/shared/fs-build-store.ts';
import { fetchBuildStore, readWithParts } from '../../src/serve/shared/build-store.ts';
import { tempDir } from '../helpers/content.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((remove) => remove()));
});

const scan = JSON.stringify(Array.from({ length: 200 }, (_, i) => [`straße ${i}`, `ümlaut ${i}`]));

describe('splitting large data files', () => {
  it('cuts a _data file into parts of at most the part size, with a head naming their count', () => {
    const files = [...splitLargeData([{ path: '_data/request/index/q/scan.json', body: scan }], 1000)];
    const bytes = Buffer.byteLength(scan);
    expect(files[0]).toEqual({ path: '_data/request/index/q/scan.json', body: `{"$parts":${Math.ceil(bytes / 1000)}}` });
    expect(files.slice(1).map((file) => file.path)).toEqual(Array.from({ length: Math.ceil(bytes / 1000) }, (_, i) => `_data/request/index/q/scan.json.${i + 1}`));
    for (const part of files.slice(1)) expect(((part as { body: Uint8Array }).body).byteLength).toBeLessThanOrEqual(1000);
  });

  it('leaves small files, public files, files read by byte range and copies as they are', () => {
    const files: PlannedFile[] = [
      { path: '_data/small.json', body: '[1]' },
      { path: 'api/v1/request/index.json', body: scan },
      { path: '_data/request/packs/0/0/1.pack', body: scan },
      { path: '_data/request/search/0/0/3/0.postings', body: scan },
      { path: 'media/a.pdf', copyFrom: '/x/a.pdf' },
    ];
    expect([...splitLargeData(files, 1000)]).toEqual(files);
  });

  it('reads the parts back as the original bytes from disk and over HTTP', async () => {
    const dir = await tempDir('archive-split-');
    cleanups.push(dir.remove);
    const files = new Map<string, Uint8Array>();
    for (const file of splitLargeData([{ path: '_data/request/index/q/scan.json', body: scan }], 777)) {
      const body = (file as { body: string | Uint8Array }).body;
      const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
      files.set(file.path, bytes);
      await mkdir(dirname(join(dir.path, file.path)), { recursive: true });
      await writeFile(join(dir.path, file.path), bytes);
    }
    const fromDisk = await fsBuildStore(dir.path).read('_data/request/index/q/scan.json');
    expect(new TextDecoder().decode(fromDisk!)).toBe(scan);
    const overHttp = fetchBuildStore('https://archive.test', async (input) => {
      const path = decodeURIComponent(new URL(String(input)).pathname.slice(1));
      const bytes = files.get(path);
      return bytes ? new Response(bytes as Uint8Array<ArrayBuffer>) : new Response('', { status: 404 });
    });
    expect(new TextDecoder().decode((await overHttp.read('_data/request/index/q/scan.json'))!)).toBe(scan);
    expect(await readFile(join(dir.path, '_data/request/index/q/scan.json'), 'utf8')).toMatch(/^\{"\$parts":\d+\}$/);
  });

  it('fails loudly when a part is missing rather than answer from half the data', async () => {
    const read = (path: string) => Promise.resolve(path === 'x.json' ? new TextEncoder().encode('{"$parts":2}') : path === 'x.json.1' ? new Uint8Array([1]) : null);
    await expect(readWithParts('x.json', read)).rejects.toThrow('x.json.2 is missing; x.json names 2 parts');
  });

  it('reads data that merely resembles a head as data', async () => {
    for (const text of ['{"$parts":[1,2]}', '{"$parts":0}', '{"$parts":2,"a":1}']) {
      const bytes = new TextEncoder().encode(text);
      expect(await readWithParts('x.json', async () => bytes)).toBe(bytes);
    }
  });
});

/**
 * The MediaStore contract: the folder store and the Netlify Blobs store
 * (against @netlify/blobs' own BlobsServer, through the API as a build reaches it and through
 * the edge endpoint as an Edge Function does) answer the same calls the same way.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { MediaHashMismatch, sliceStream, type MediaStore } from '../../src/media/media-store.ts';
import { collect, readAll, tempFolderStore, useMediaStores } from '../helpers/media.ts';

const hashOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const text = (value: string) => new TextEncoder().encode(value);

const { stores } = useMediaStores();
const folders: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(folders.map((remove) => remove())));

for (const [name, make] of stores) {
  describe(`MediaStore contract: ${name}`, () => {
    let store: MediaStore;
    beforeEach(async () => {
      store = await make();
    });

    it('stores an object under its hash and gives back exactly its bytes', async () => {
      const bytes = randomBytes(300_000);
      const hash = hashOf(bytes);
      expect(await collect(store.list())).toEqual([]);
      await store.put(hash, new Uint8Array(bytes));
      expect(await collect(store.list())).toEqual([hash]);
      expect(Buffer.from((await readAll(await store.get(hash)))!).equals(bytes)).toBe(true);
    });

    it('accepts bytes, a Blob and a stream', async () => {
      const bodies = [text('as bytes'), new Blob([text('as a blob')]), new Blob([text('as a stream')]).stream()];
      const hashes = [hashOf(text('as bytes')), hashOf(text('as a blob')), hashOf(text('as a stream'))];
      for (const [index, body] of bodies.entries()) await store.put(hashes[index]!, body);
      expect((await collect(store.list())).sort()).toEqual([...hashes].sort());
      expect(new TextDecoder().decode((await readAll(await store.get(hashes[2]!)))!)).toBe('as a stream');
    });

    it('reads byte ranges exactly, within and across chunks', async () => {
      const bytes = randomBytes(200_000);
      const hash = hashOf(bytes);
      await store.put(hash, new Uint8Array(bytes));
      for (const [start, end] of [
        [0, 0],
        [1, 4],
        [65_530, 65_545],
        [100_000, 199_999],
        [199_999, 199_999],
      ] as const) {
        const part = await readAll(await store.get(hash, { start, end }));
        expect(Buffer.from(part!).equals(bytes.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
      }
    });

    it('answers null for an object it lacks', async () => {
      expect(await store.get(hashOf(text('never stored')))).toBeNull();
      expect(await store.get(hashOf(text('never stored')), { start: 0, end: 1 })).toBeNull();
    });

    it('refuses bytes that do not hash to the key, and stores nothing', async () => {
      const claimed = hashOf(text('the real bytes'));
      await expect(store.put(claimed, text('other bytes'))).rejects.toBeInstanceOf(MediaHashMismatch);
      expect(await collect(store.list())).toEqual([]);
      expect(await store.get(claimed)).toBeNull();
    });

    it.each(['../../etc/passwd', 'ABC', 'a'.repeat(63), `${'a'.repeat(64)}/x`])('refuses the key %s before any I/O', async (key) => {
      await expect(store.get(key)).rejects.toThrow(/not a lowercase sha256/);
      await expect(store.put(key, text('x'))).rejects.toThrow(/not a lowercase sha256/);
      await expect(store.delete(key)).rejects.toThrow(/not a lowercase sha256/);
    });

    it('deletes an object; deleting a missing one is no error', async () => {
      const hash = hashOf(text('to delete'));
      await store.put(hash, text('to delete'));
      await store.delete(hash);
      await store.delete(hash);
      expect(await store.get(hash)).toBeNull();
      expect(await collect(store.list())).toEqual([]);
    });

    it('keeps build records apart from objects', async () => {
      const hash = hashOf(text('referenced'));
      const record = { build: '0123456789abcdef0123', date: '2026-11-20T10:00:00.000Z', objects: [hash] };
      await store.writeRecord(record);
      expect(await collect(store.list())).toEqual([]);
      expect(await collect(store.listRecords())).toEqual([record.build]);
      expect(await store.readRecord(record.build)).toEqual(record);
      await store.writeRecord({ ...record, date: '2026-11-21T10:00:00.000Z' });
      expect((await store.readRecord(record.build))!.date).toBe('2026-11-21T10:00:00.000Z');
      expect(await store.readRecord('ffffffffffffffffffff')).toBeNull();
      await store.deleteRecord(record.build);
      expect(await collect(store.listRecords())).toEqual([]);
      await expect(store.readRecord('../x')).rejects.toThrow(/not a build id/);
    });

    it('keeps derivative entries by key, apart from objects and records', async () => {
      const keys = ['pdf-v2-abcd/ab/abcdef.first', 'pdf-v2-abcd/ab/abcdef.webp', 'runs/0123'];
      expect(await collect(store.listEntries())).toEqual([]);
      expect(await store.getEntry(keys[0]!)).toBeNull();
      for (const [index, key] of keys.entries()) await store.setEntry(key, `{"n":${index}}`);
      expect((await collect(store.listEntries())).sort()).toEqual(keys);
      expect(await collect(store.list())).toEqual([]);
      expect(await collect(store.listRecords())).toEqual([]);
      expect(await store.getEntry(keys[1]!)).toBe('{"n":1}');
      await store.setEntry(keys[1]!, '{"n":"replaced"}');
      expect(await store.getEntry(keys[1]!)).toBe('{"n":"replaced"}');
      await store.deleteEntry(keys[1]!);
      await store.deleteEntry(keys[1]!);
      expect(await store.getEntry(keys[1]!)).toBeNull();
      expect((await collect(store.listEntries())).sort()).toEqual([keys[0], keys[2]]);
      for (const bad of ['../x', 'a/../../b', 'A/b', '/a']) {
        await expect(store.getEntry(bad), bad).rejects.toThrow(/not an entry key/);
        await expect(store.setEntry(bad, 'x'), bad).rejects.toThrow(/not an entry key/);
      }
    });
  });
}

describe('folder store: never a half-written object', () => {
  it('a stream that fails mid-write leaves no object and no temporary file', async () => {
    const folder = await tempFolderStore();
    folders.push(folder.remove);
    const bytes = randomBytes(100_000);
    let sent = 0;
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 50_000) return controller.error(new Error('connection reset'));
        controller.enqueue(new Uint8Array(bytes.subarray(sent, sent + 10_000)));
        sent += 10_000;
      },
    });
    await expect(folder.store.put(hashOf(bytes), failing)).rejects.toThrow('connection reset');
    expect(await collect(folder.store.list())).toEqual([]);
    expect(await readdir(join(folder.path, 'tmp'))).toEqual([]);
  });

  it('a process killed mid-write leaves no object', async () => {
    const folder = await tempFolderStore();
    folders.push(folder.remove);
    const hash = hashOf(Buffer.alloc(10_000_000, 7));
    // A child writes 10 MB in 100 KB chunks, slowly; it is killed once its temporary file has bytes.
    const script = `
      const { folderMediaStore } = await import(${JSON.stringify(new URL('../../src/media/media-folder-store.ts', import.meta.url).pathname)});
      let sent = 0;
      const body = new ReadableStream({ async pull(c) {
        if (sent >= 10_000_000) return c.close();
        await new Promise((r) => setTimeout(r, 20));
        c.enqueue(new Uint8Array(100_000).fill(7)); sent += 100_000;
      } });
      await folderMediaStore(${JSON.stringify(folder.path)}).put(${JSON.stringify(hash)}, body);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const tmp = join(folder.path, 'tmp');
    for (let waited = 0; ; waited += 50) {
      const names = await readdir(tmp).catch(() => [] as string[]);
      const size = names.length ? (await stat(join(tmp, names[0]!)).catch(() => null))?.size ?? 0 : 0;
      if (size > 0) break;
      if (waited > 30_000) throw new Error('the child never started writing');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill('SIGKILL');
    await exited;
    const store = (await import('../../src/media/media-folder-store.ts')).folderMediaStore(folder.path);
    expect(await collect(store.list())).toEqual([]);
    expect(await store.get(hash)).toBeNull();
  });
});

describe('sliceStream', () => {
  it('cuts a range out of many small chunks and stops reading after it', async () => {
    let pulled = 0;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled === 100) return controller.close();
        controller.enqueue(new Uint8Array([pulled++]));
      },
    });
    const part = await readAll(sliceStream(source, { start: 10, end: 12 }));
    expect([...part!]).toEqual([10, 11, 12]);
    expect(pulled).toBeLessThan(100);
  });
});

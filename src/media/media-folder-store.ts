/**
 * The media store in a folder (the local default, `.cache/media`), so that `npm start` works
 * with nothing else installed:
 *
 *   <root>/objects/<hex 0..2>/<hex>   one file per object, named by the sha256 of its bytes
 *   <root>/refs/<build id>.json       build records (retention, src/media/prune.ts)
 *   <root>/derivatives/<key>.json     derivative entries (src/media/derivatives-in-media-store.ts)
 *   <root>/tmp/                       files being written
 *
 * Every write goes to a temporary file first, is hashed while it is written and renamed into
 * place only when complete and verified, so a killed or failed write never leaves an object
 * (or a record) behind, let alone a wrong one.
 */
import { randomUUID } from 'node:crypto';
import { sha256Hash } from '../lib/sha256.ts';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, unlink } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { isMissing, readTextOrNull, sweepStaleTemp } from '../lib/files.ts';
import { assertBuildId, assertMediaEntryKey, assertHash, isEntryKey, isHash, MediaHashMismatch, parseBuildRecord, type ByteRange, type MediaBody, type MediaStore } from './media-store.ts';


export function folderMediaStore(folder: string): MediaStore {
  const root = resolve(folder);
  const objectPath = (hash: string) => join(root, 'objects', hash.slice(0, 2), hash);
  const recordPath = (build: string) => join(root, 'refs', `${build}.json`);
  const entryPath = (key: string) => join(root, 'derivatives', `${key}.json`);
  let swept = false;

  /** Writes `chunks` to a temporary file, lets `check` decide, then renames it to `target`. */
  async function commit(target: string, chunks: AsyncIterable<Uint8Array>, check: (digest: string) => void): Promise<void> {
    const tmpDir = join(root, 'tmp');
    await mkdir(tmpDir, { recursive: true });
    if (!swept) {
      swept = true;
      await sweepStaleTemp(tmpDir);
    }
    const temp = join(tmpDir, randomUUID());
    const handle = await open(temp, 'wx');
    try {
      const hash = sha256Hash();
      for await (const chunk of chunks) {
        hash.update(chunk);
        await handle.write(chunk);
      }
      // Flushed before the rename, so a crash cannot leave a complete name over incomplete bytes.
      await handle.sync();
      await handle.close();
      check(hash.digest('hex'));
      await mkdir(join(target, '..'), { recursive: true });
      await rename(temp, target);
    } catch (error) {
      await handle.close().catch(() => undefined);
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }

  return {
    description: `folder ${folder}`,

    async *list() {
      for (const shard of await readdirOrEmpty(join(root, 'objects'))) {
        if (!/^[0-9a-f]{2}$/.test(shard)) continue;
        for (const name of await readdirOrEmpty(join(root, 'objects', shard))) {
          if (isHash(name) && name.startsWith(shard)) yield name;
        }
      }
    },

    async get(hash, range?: ByteRange) {
      assertHash(hash);
      let handle;
      try {
        handle = await open(objectPath(hash), 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const stream = createReadStream('', { fd: handle, ...(range ? { start: range.start, end: range.end } : {}) });
      return Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>;
    },

    async put(hash, body) {
      assertHash(hash);
      await commit(objectPath(hash), chunksOf(body), (digest) => {
        if (digest !== hash) throw new MediaHashMismatch(hash, digest);
      });
    },

    async delete(hash) {
      assertHash(hash);
      await rm(objectPath(hash), { force: true });
    },

    async *listRecords() {
      for (const name of await readdirOrEmpty(join(root, 'refs'))) {
        if (name.endsWith('.json')) yield name.slice(0, -'.json'.length);
      }
    },

    async readRecord(build) {
      assertBuildId(build);
      const text = await readTextOrNull(recordPath(build));
      return text === null ? null : parseBuildRecord(JSON.parse(text));
    },

    async writeRecord(record) {
      assertBuildId(record.build);
      await commit(recordPath(record.build), chunksOf(new TextEncoder().encode(JSON.stringify(record))), () => undefined);
    },

    async deleteRecord(build) {
      assertBuildId(build);
      await rm(recordPath(build), { force: true });
    },

    async *listEntries() {
      const dir = join(root, 'derivatives');
      const names = await readdir(dir, { recursive: true }).catch((error: unknown) => (isMissing(error) ? [] : Promise.reject(error)));
      for (const name of names.sort()) {
        const key = name.split(sep).join('/').slice(0, -'.json'.length);
        if (name.endsWith('.json') && isEntryKey(key)) yield key;
      }
    },

    async getEntry(key) {
      assertMediaEntryKey(key);
      return readTextOrNull(entryPath(key));
    },

    async setEntry(key, text) {
      assertMediaEntryKey(key);
      await commit(entryPath(key), chunksOf(new TextEncoder().encode(text)), () => undefined);
    },

    async deleteEntry(key) {
      assertMediaEntryKey(key);
      await rm(entryPath(key), { force: true });
    },
  };
}

async function* chunksOf(body: MediaBody): AsyncIterable<Uint8Array> {
  if (body instanceof Uint8Array) {
    yield body;
    return;
  }
  const stream = body instanceof Blob ? body.stream() : body;
  yield* stream as unknown as AsyncIterable<Uint8Array>;
}

async function readdirOrEmpty(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

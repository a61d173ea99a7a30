/**
 * The DerivativeStore contract (src/pdf/derivative-store.ts), one suite for every implementation: the folder, and the media store with its local mirror, on a folder
 * media store and on Netlify Blobs (@netlify/blobs' BlobsServer, through the API as a build
 * reaches it).
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MediaStore } from '../../src/media/media-store.ts';
import { folderDerivativeStore } from '../../src/pdf/derivative-folder-store.ts';
import { mediaDerivativeStore } from '../../src/media/derivatives-in-media-store.ts';
import type { DerivativeStore } from '../../src/pdf/derivative-store.ts';
import { collect, readAll, useMediaStores } from '../helpers/media.ts';
import { makeTempDir } from './helpers/temp.ts';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const KEY = 'pdf-v2-abcd1234/ab/abcdef.first';
const text = (value: string) => new TextEncoder().encode(value);

let dir: string;
let mirrors = 0;
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const { stores } = useMediaStores();
const [folderMedia, blobsMedia] = [stores[0]![1], stores[1]![1]];
const mirror = () => join(dir, `mirror-${++mirrors}`);

const implementations: [string, () => Promise<DerivativeStore>][] = [
  ['folder', async () => folderDerivativeStore(join(dir, 'cache'))],
  ['media store (folder) + mirror', async () => mediaDerivativeStore(await folderMedia(), mirror())],
  ['media store (Netlify Blobs) + mirror', async () => mediaDerivativeStore(await blobsMedia(), mirror())],
];

describe.each(implementations)('DerivativeStore: %s', (_, open) => {
  it('commits, replaces and deletes entries by key', async () => {
    const store = await open();
    await store.sweep();
    expect(await store.getEntry(KEY)).toBeNull();
    await store.commitEntry(KEY, '{"a":1}');
    expect(await store.getEntry(KEY)).toBe('{"a":1}');
    await store.commitEntry(KEY, '{"a":2}');
    expect(await store.getEntry(KEY)).toBe('{"a":2}');
    await store.deleteEntry(KEY);
    await store.deleteEntry(KEY);
    expect(await store.getEntry(KEY)).toBeNull();
    await store.finish();
  });

  it('keeps files by their hash, once, and gives a local path to their bytes', async () => {
    const store = await open();
    await store.sweep();
    const bytes = text('page image');
    const hash = sha(bytes);
    expect(await store.hasFile(hash, bytes.length)).toBe(false);
    expect(await store.getFile(hash)).toBeNull();
    await expect(store.localFile(hash)).rejects.toThrow(hash);
    await store.putFile(hash, bytes);
    await store.putFile(hash, bytes);
    expect(await store.hasFile(hash, bytes.length)).toBe(true);
    expect(Buffer.from((await store.getFile(hash))!).toString()).toBe('page image');
    expect(await readFile(await store.localFile(hash), 'utf8')).toBe('page image');
    await store.finish();
  });

  it('refuses keys and hashes it did not make, before any I/O', async () => {
    const store = await open();
    await expect(store.getEntry('../outside')).rejects.toThrow(/is not an entry key/);
    await expect(store.commitEntry('a/../../b', 'x')).rejects.toThrow(/is not an entry key/);
    await expect(store.putFile('ABC', new Uint8Array(1))).rejects.toThrow(/is not a lowercase sha256/);
  });
});

describe('folder store', () => {
  it('names a file by its hash under files/, and sweeps only temporary files older than an hour', async () => {
    const store = folderDerivativeStore(join(dir, 'cache'));
    const bytes = new Uint8Array([1, 2, 3]);
    const hash = sha(bytes);
    await store.putFile(hash, bytes);
    expect(await store.localFile(hash)).toBe(join(dir, 'cache', 'files', hash.slice(0, 2), hash));
    expect(await store.hasFile(hash, 4)).toBe(false);
    const tmp = join(dir, 'cache', 'tmp');
    await mkdir(tmp, { recursive: true });
    await writeFile(join(tmp, 'old'), 'left by a killed build');
    await writeFile(join(tmp, 'new'), 'being written now');
    const hourAgo = new Date(Date.now() - 61 * 60_000);
    await utimes(join(tmp, 'old'), hourAgo, hourAgo);
    await store.sweep();
    expect(await readdir(tmp)).toEqual(['new']);
  });
});

describe.each([
  ['folder', folderMedia],
  ['Netlify Blobs', blobsMedia],
] as const)('media store (%s) with a local mirror', (_, makeMedia) => {
  it('puts files as media objects and entries as derivative entries, so a fresh mirror on another machine finds both', async () => {
    const media = await makeMedia();
    const first = mediaDerivativeStore(media, mirror());
    await first.sweep();
    const bytes = text('page 1, original');
    const hash = sha(bytes);
    await first.putFile(hash, bytes);
    await first.commitEntry(KEY, '{"files":1}');
    await first.finish();
    expect(await collect(media.list())).toEqual([hash]);
    expect(await collect(media.listEntries())).toEqual([KEY]);

    const fresh = mediaDerivativeStore(media, mirror());
    await fresh.sweep();
    expect(await fresh.getEntry(KEY)).toBe('{"files":1}');
    // Quick verification from the listing: nothing is downloaded for it.
    expect(await fresh.hasFile(hash, bytes.length)).toBe(true);
    expect(await readFile(await fresh.localFile(hash), 'utf8')).toBe('page 1, original');
  });

  it('holds a lease from before it lists the store, renewed while it puts objects, and gives it up at the end', async () => {
    const media = await makeMedia();
    const store = mediaDerivativeStore(media, mirror());
    await store.sweep();
    const leases = (await collect(media.listEntries())).filter((key) => key.startsWith('runs/'));
    expect(leases).toHaveLength(1);
    await store.commitEntry(KEY, '{}');
    await store.putFile(sha(text('x')), text('x'));
    expect((await collect(media.listEntries())).sort()).toEqual([KEY, leases[0]!].sort());
    const lease = JSON.parse((await media.getEntry(leases[0]!))!) as { started: string; until: string };
    expect(Date.parse(lease.until) - Date.parse(lease.started)).toBe(2 * 60 * 60_000);
    await store.finish();
    expect(await collect(media.listEntries())).toEqual([KEY]);
  });

  it('copies an entry the mirror has and the store lacks into the store, files first, once it verified', async () => {
    const cache = mirror();
    const bytes = text('made before the store was shared');
    const hash = sha(bytes);
    const local = folderDerivativeStore(cache);
    await local.putFile(hash, bytes);
    await local.commitEntry(KEY, '{"old":true}');
    const media = await makeMedia();
    const store = mediaDerivativeStore(media, cache);
    await store.sweep();
    expect(await store.getEntry(KEY)).toBe('{"old":true}');
    expect(await store.hasFile(hash, bytes.length)).toBe(true);
    expect((await collect(media.listEntries())).filter((key) => !key.startsWith('runs/'))).toEqual([]);
    await store.confirmEntry(KEY, '{"old":true}', [hash]);
    await store.finish();
    expect(await collect(media.list())).toEqual([hash]);
    expect(await media.getEntry(KEY)).toBe('{"old":true}');
    expect(Buffer.from((await readAll(await media.get(hash)))!).toString()).toBe('made before the store was shared');
  });

  it('says which store it could not list, before any work', async () => {
    const media = await makeMedia();
    const broken: MediaStore = {
      ...media,
      // eslint-disable-next-line require-yield
      async *list() {
        throw new Error('401 Unauthorized');
      },
    };
    const store = mediaDerivativeStore(broken, mirror());
    await expect(store.sweep()).rejects.toThrow(`could not reach the ${media.description}, which holds the PDF derivative cache: 401 Unauthorized`);
  });
});

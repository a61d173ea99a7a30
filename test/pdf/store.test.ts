/**
 * The DerivativeStore contract (src/pdf/store.ts), one suite for every implementation (STYLE
 * practice 8). Today: the folder. The media store of issue 10 joins the table when the
 * derivative cache moves there (issue 11 #3).
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { folderDerivativeStore } from '../../src/pdf/folder-store.ts';
import type { DerivativeStore } from '../../src/pdf/store.ts';
import { makeTempDir } from './helpers/temp.ts';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const KEY = 'pdf-v2-abcd1234/ab/abcdef.first';

let dir: string;
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const implementations: [string, () => DerivativeStore][] = [['folder', () => folderDerivativeStore(join(dir, 'cache'))]];

describe.each(implementations)('DerivativeStore: %s', (_, open) => {
  it('commits, replaces and deletes entries by key', async () => {
    const store = open();
    expect(await store.getEntry(KEY)).toBeNull();
    await store.commitEntry(KEY, '{"a":1}');
    expect(await store.getEntry(KEY)).toBe('{"a":1}');
    await store.commitEntry(KEY, '{"a":2}');
    expect(await store.getEntry(KEY)).toBe('{"a":2}');
    await store.deleteEntry(KEY);
    await store.deleteEntry(KEY);
    expect(await store.getEntry(KEY)).toBeNull();
  });

  it('keeps files by their hash, once', async () => {
    const store = open();
    const bytes = new TextEncoder().encode('page image');
    const hash = sha(bytes);
    expect(await store.fileSize(hash)).toBeNull();
    expect(await store.getFile(hash)).toBeNull();
    await store.putFile(hash, bytes);
    await store.putFile(hash, bytes);
    expect(await store.fileSize(hash)).toBe(bytes.length);
    expect(Buffer.from((await store.getFile(hash))!).toString()).toBe('page image');
  });

  it('refuses keys and hashes it did not make, before any I/O', async () => {
    const store = open();
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
    expect(store.localPath(hash)).toBe(join(dir, 'cache', 'files', hash.slice(0, 2), hash));
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

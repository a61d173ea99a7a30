/**
 * The media upload on real stores: one listing, only the missing objects, bounded
 * concurrency, retries, and nothing stored under a hash its bytes do not have.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaFile } from '../../src/media/collect.ts';
import type { MediaStore } from '../../src/media/media-store.ts';
import { UPLOAD_GAUGE, uploadMedia } from '../../src/media/upload.ts';
import { createReporter } from '../../src/lib/progress.ts';
import { collect, readAll, startBlobsServer, tempFolderStore, type TestBlobs } from '../helpers/media.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const text = (value: string) => new TextEncoder().encode(value);

/** A media file whose bytes are in memory. */
const inMemory = (path: string, bytes: Uint8Array): MediaFile => ({ path, sha256: sha256(bytes), size: bytes.byteLength, source: { bytes } });

let blobs: TestBlobs;
let dir: string;
const cleanups: (() => Promise<void>)[] = [];
beforeAll(async () => {
  blobs = await startBlobsServer();
  dir = await mkdtemp(join(tmpdir(), 'media-upload-'));
});
afterAll(async () => {
  await blobs.stop();
  await Promise.all(cleanups.map((remove) => remove()));
  await rm(dir, { recursive: true, force: true });
});

describe('uploadMedia against Netlify Blobs (BlobsServer)', () => {
  it('lists the store once and puts only the objects it lacks', async () => {
    const store = blobs.store('upload-once');
    const files = Array.from({ length: 30 }, (_, i) => inMemory(`docs/aa/bb/cc/uid/page-p${i}-small.png`, text(`page ${i}`)));
    await uploadMedia(store, files.slice(0, 20));
    const before = blobs.requests.length;
    const stats = await uploadMedia(store, files, { concurrency: 4 });
    const requests = blobs.requests.slice(before).filter((request) => request.includes('/site:upload-once'));
    expect(stats).toEqual({ objects: 30, uploaded: 10, uploadedBytes: files.slice(20).reduce((sum, file) => sum + file.size, 0), present: 20, derived: 0 });
    expect(requests.filter((request) => request.startsWith('list '))).toHaveLength(1);
    // Through the API each put asks for a signed URL, then writes: count the writes.
    const writes = requests.filter((request) => request.startsWith('set ') && !request.startsWith('set /api/'));
    expect(writes.sort()).toEqual(files.slice(20).map((file) => `set /test-site/site:upload-once/sha256/${file.sha256}`).sort());
    // One small read besides: is an `archive prune` under way (src/media/prune-marks.ts)?
    expect(requests.filter((request) => request.startsWith('get ') || request.startsWith('delete '))).toEqual(['get /test-site/site:upload-once/derivatives/prune/active']);
    expect((await collect(store.list())).sort()).toEqual(files.map((file) => file.sha256).sort());
  });

  it('uploads one object for several paths with the same bytes, from a file', async () => {
    const store = blobs.store('upload-dedupe');
    const file = join(dir, 'bescheid.pdf');
    await writeFile(file, '%PDF-1.4 bescheid');
    const bytes = text('%PDF-1.4 bescheid');
    const entry = { sha256: sha256(bytes), size: bytes.byteLength, source: { file } };
    const stats = await uploadMedia(store, [
      { path: 'foi/1/bescheid.pdf', ...entry },
      { path: 'docs/aa/bb/cc/uid/bescheid.pdf', ...entry },
    ]);
    expect(stats).toMatchObject({ objects: 1, uploaded: 1, present: 0 });
    expect(await readAll(await store.get(entry.sha256))).toEqual(bytes);
  });
});

/** A real store whose puts are watched, and fail on demand. */
function watched(inner: MediaStore, failures: Map<string, number> = new Map()) {
  const calls = { puts: 0, inFlight: 0, maxInFlight: 0 };
  const store: MediaStore = {
    ...inner,
    async put(hash, body) {
      calls.puts++;
      calls.inFlight++;
      calls.maxInFlight = Math.max(calls.maxInFlight, calls.inFlight);
      try {
        await new Promise((resolve) => setTimeout(resolve, 5));
        const left = failures.get(hash) ?? 0;
        if (left > 0) {
          failures.set(hash, left - 1);
          await (body instanceof ReadableStream ? body.cancel() : undefined);
          throw new Error('503 Service Unavailable');
        }
        await inner.put(hash, body);
      } finally {
        calls.inFlight--;
      }
    },
  };
  return { store, calls };
}

describe('uploadMedia against the folder store', () => {
  it('keeps at most `concurrency` puts in flight', async () => {
    const folder = await tempFolderStore();
    cleanups.push(folder.remove);
    const { store, calls } = watched(folder.store);
    await uploadMedia(store, Array.from({ length: 20 }, (_, i) => inMemory(`foi/${i}/a.txt`, text(`file ${i}`))), { concurrency: 3 });
    expect(calls.puts).toBe(20);
    expect(calls.maxInFlight).toBe(3);
  });

  it('retries a failing put with backoff, and fails after the last try, naming the file', async () => {
    const folder = await tempFolderStore();
    cleanups.push(folder.remove);
    const flaky = inMemory('foi/1/flaky.pdf', text('flaky'));
    const { store, calls } = watched(folder.store, new Map([[flaky.sha256, 2]]));
    const started = Date.now();
    expect(await uploadMedia(store, [flaky], { attempts: 3, backoffMs: 20 })).toMatchObject({ uploaded: 1 });
    expect(calls.puts).toBe(3);
    // Node counts a timer from the event loop's cached time, which can be a few milliseconds behind Date.now().
    expect(Date.now() - started).toBeGreaterThanOrEqual(20 + 40 - 5);
    expect(await readAll(await folder.store.get(flaky.sha256))).toEqual(text('flaky'));

    const broken = inMemory('foi/2/broken.pdf', text('broken'));
    const failing = watched(folder.store, new Map([[broken.sha256, 5]]));
    await expect(uploadMedia(failing.store, [broken], { attempts: 3, backoffMs: 1 })).rejects.toThrow(
      `could not upload media file foi/2/broken.pdf to the folder ${folder.path} after 3 tries: 503 Service Unavailable`,
    );
    expect(await folder.store.get(broken.sha256)).toBeNull();
  });

  it('does not retry bytes that changed since they were hashed, and stores nothing', async () => {
    const folder = await tempFolderStore();
    cleanups.push(folder.remove);
    const file = join(dir, 'changed.pdf');
    await writeFile(file, '%PDF-1.4 before');
    const entry: MediaFile = { path: 'foi/3/changed.pdf', sha256: sha256(text('%PDF-1.4 before')), size: 15, source: { file } };
    await writeFile(file, '%PDF-1.4 AFTER!');
    const { store, calls } = watched(folder.store);
    await expect(uploadMedia(store, [entry], { attempts: 4, backoffMs: 1 })).rejects.toThrow(/after 1 try: the bytes hash to [0-9a-f]{64}, not to/);
    expect(calls.puts).toBe(1);
    expect(await collect(folder.store.list())).toEqual([]);
    await writeFile(file, '%PDF-1.4 longer than before');
    await expect(uploadMedia(store, [entry], { attempts: 4, backoffMs: 1 })).rejects.toThrow(/after 1 try: the file has 27 bytes now, 15 when the build hashed it/);
  });

  it('reports progress in bytes and objects, in plain lines off a terminal', async () => {
    const folder = await tempFolderStore();
    cleanups.push(folder.remove);
    const lines: string[] = [];
    const progress = createReporter({ write: (line: string) => lines.push(line) }, UPLOAD_GAUGE, { tty: false, intervalMs: 0 });
    await uploadMedia(folder.store, [inMemory('foi/1/a', new Uint8Array(1_500_000)), inMemory('foi/1/b', new Uint8Array(500_000).fill(1))], { concurrency: 1, progress });
    expect(lines[0]).toBe(`media: 2 objects (2.0 MB) to upload to the folder ${folder.path}, 0 already there\n`);
    expect(lines[1]).toMatch(/^media: 1\/2 objects, (1\.5|0\.5)\/2\.0 MB, [\d.]+ MB\/s, ETA \S+\n$/);
    expect(lines.at(-1)).toMatch(/^media: 2\/2 objects, 2\.0\/2\.0 MB, [\d.]+ MB\/s, ETA 0s, done in \d+s\n$/);
    // Nothing to upload: no progress at all.
    lines.length = 0;
    await uploadMedia(folder.store, [inMemory('foi/1/a', new Uint8Array(1_500_000))], { progress });
    expect(lines).toEqual([]);
    // Objects the build's own PDF stage put there are not "already there".
    lines.length = 0;
    const derived = inMemory('docs/1/page-p1-small.png', new Uint8Array(10).fill(2));
    await folder.store.put(derived.sha256, new Uint8Array(10).fill(2));
    const stats = await uploadMedia(folder.store, [derived, inMemory('foi/1/a', new Uint8Array(1_500_000)), inMemory('foi/1/c', new Uint8Array(10).fill(3))], { progress, derived: new Set([derived.sha256]) });
    expect(stats).toEqual({ objects: 3, uploaded: 1, uploadedBytes: 10, present: 1, derived: 1 });
    expect(lines[0]).toBe(`media: 1 object (0.0 MB) to upload to the folder ${folder.path}, 1 already there\n`);
  });
});

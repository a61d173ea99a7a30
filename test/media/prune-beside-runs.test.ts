/**
 * `archive prune` beside a running build and a running `archive derive` (docs/deploy.md,
 * "Retention and archive prune"), on the folder store and on Netlify Blobs served by
 * BlobsServer: the object a writer relies on is in the store when the writer is done, however
 * the prune's store calls and the writer's interleave.
 */
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { mediaDerivativeStore } from '../../src/media/derivatives-in-media-store.ts';
import { MARKS_KEY, PruneRunning, readPruneMarks } from '../../src/media/prune-marks.ts';
import { pruneMedia } from '../../src/media/prune.ts';
import type { MediaStore } from '../../src/media/media-store.ts';
import { recordBuild, uploadMedia } from '../../src/media/upload.ts';
import type { MediaFile } from '../../src/media/collect.ts';
import { openCache } from '../../src/pdf/cache.ts';
import { tempDir } from '../helpers/content.ts';
import { collect, useMediaStores } from '../helpers/media.ts';

const text = (value: string) => new TextEncoder().encode(value);
const hash = (value: string) => createHash('sha256').update(value).digest('hex');
const DAY_MS = 86_400_000;

const { stores } = useMediaStores();
const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((remove) => remove())));

const mediaFile = (name: string): MediaFile => ({ path: `/media/foi/${name}.pdf`, sha256: hash(name), size: text(name).byteLength, source: { bytes: text(name) } });

/**
 * The store with `back`, which no build names and an earlier prune marked three days ago
 * (what an attachment brought back after the retention window looks like), and `kept`, which
 * the newest build names.
 */
async function seeded(make: () => Promise<MediaStore>): Promise<MediaStore> {
  const store = await make();
  for (const name of ['back', 'kept']) await store.put(hash(name), text(name));
  await store.writeRecord({ build: 'aaaa', date: new Date(Date.now() - 10 * DAY_MS).toISOString(), objects: [hash('kept')] });
  const marking = await pruneMedia(store, { keepDays: 0, keepBuilds: 1, now: new Date(Date.now() - 3 * DAY_MS) });
  expect(marking.marked.map((mark) => mark.hash)).toEqual([hash('back')]);
  return store;
}

/**
 * Starts `writer` and resolves once it has finished or waits for a prune (it calls `onWait`):
 * the writer goes as far as it can at this point of the prune.
 */
function runAsFarAsItCan(writer: (onWait: (message: string) => void) => Promise<unknown>): { done: Promise<unknown>; paused: Promise<unknown> } {
  let waiting!: () => void;
  const waits = new Promise<void>((resolve) => (waiting = resolve));
  const done = writer(() => waiting());
  return { done, paused: Promise.race([done, waits]) };
}

/** The store, calling `at(n)` before its n-th call (from 0) of any method. */
function counted(store: MediaStore, at: (call: number) => Promise<void> | void): MediaStore {
  let calls = 0;
  const wrapped = {} as Record<string, unknown>;
  for (const [name, value] of Object.entries(store)) {
    if (typeof value !== 'function') {
      wrapped[name] = value;
      continue;
    }
    const method = value as (...args: unknown[]) => unknown;
    wrapped[name] =
      name.startsWith('list')
        ? async function* (...args: unknown[]) {
            await at(calls++);
            yield* method.apply(store, args) as AsyncIterable<unknown>;
          }
        : async (...args: unknown[]) => {
            await at(calls++);
            return method.apply(store, args);
          };
  }
  return wrapped as unknown as MediaStore;
}

/** A build's media steps: its record, then the upload (which waits for a prune that may delete what it finds). */
async function build(store: MediaStore, files: MediaFile[], onWait?: (message: string) => void) {
  await recordBuild(store, 'bbbb', files);
  return uploadMedia(store, files, { pollMs: 5, onWait });
}

/** A derive run that stores `back` (finding it there, when it is) and commits an entry naming it. */
async function derive(store: MediaStore, onWait?: (message: string) => void) {
  const mirror = await tempDir('prune-mirror-');
  cleanups.push(mirror.remove);
  const derivatives = mediaDerivativeStore(store, mirror.path, { pollMs: 5, onWait });
  try {
    await derivatives.sweep();
    // As the PDF stage stores a page image it derived: the put is skipped when the listing has it.
    await derivatives.putFile(hash('back'), text('back'));
    await openCache(derivatives).commit(hash('a pdf'), 'first', { ok: true, facts: null, files: [{ name: 'p1.png', size: 4, sha256: hash('back') }] });
  } finally {
    await derivatives.finish();
  }
}

for (const [name, make] of stores) {
  describe(`prune beside a running build: ${name}`, () => {
    it('a build that relies on an object the prune is about to delete waits for the prune, then puts the object back', async () => {
      const store = await seeded(make);
      const waits: string[] = [];
      let running: Promise<unknown> | undefined;
      // The build starts right after the prune read the records (so the prune does not see the
      // build's record), and the prune goes on only once the build waits for it.
      const prune = pruneMedia(
        {
          ...store,
          async *listRecords() {
            yield* store.listRecords();
            let waiting!: () => void;
            const waited = new Promise<void>((resolve) => (waiting = resolve));
            running = build(store, [mediaFile('back'), mediaFile('new')], (message) => {
              waits.push(message);
              waiting();
            });
            await waited;
          },
        },
        { keepDays: 0, keepBuilds: 1 },
      );
      const pruned = await prune;
      expect(pruned.deleted).toEqual([hash('back')]);
      const uploaded = await running;
      expect(waits).toHaveLength(1);
      expect(waits[0]).toMatch(/^waiting for archive prune \(started .*\) to end: it may delete 1 object\(s\) marked long ago that this run uses/);
      // Put back after the prune deleted it, with the build's new object.
      expect(uploaded).toEqual({ objects: 2, uploaded: 2, uploadedBytes: 7, present: 0, derived: 0 });
      expect((await collect(store.list())).sort()).toEqual([hash('back'), hash('kept'), hash('new')].sort());
      // The next prune finds the build's record: `back` is no longer marked, `kept` (named by the older build only) is.
      const next = await pruneMedia(store, { keepDays: 0, keepBuilds: 1, now: new Date(Date.now() + 2 * DAY_MS) });
      expect(next.deleted).toEqual([]);
      expect(next.marked.map((mark) => mark.hash)).toEqual([hash('kept')]);
    });

    it('a build that starts at any of the prune store calls loses nothing', async () => {
      for (let start = 0; ; start++) {
        const store = await seeded(make);
        let running: Promise<unknown> | undefined;
        const pruned = await pruneMedia(
          counted(store, async (call) => {
            if (call !== start) return;
            const run = runAsFarAsItCan((onWait) => build(store, [mediaFile('back'), mediaFile('kept')], onWait));
            running = run.done;
            await run.paused;
          }),
          { keepDays: 0, keepBuilds: 1 },
        );
        if (running === undefined) {
          // Past the prune's last call: the prune ran alone (and deleted `back`); every start was tried.
          expect(pruned.deleted).toEqual([hash('back')]);
          expect(start).toBeGreaterThan(8);
          break;
        }
        await running;
        expect(await store.get(hash('back')), `build started at the prune's store call ${start}`).not.toBeNull();
        expect(await store.get(hash('kept'))).not.toBeNull();
      }
    });

    it('a derive run that starts at any of the prune store calls loses nothing', async () => {
      for (let start = 0; ; start++) {
        const store = await seeded(make);
        let running: Promise<unknown> | undefined;
        await pruneMedia(
          counted(store, async (call) => {
            if (call !== start) return;
            const run = runAsFarAsItCan((onWait) => derive(store, onWait));
            running = run.done;
            await run.paused;
          }),
          { keepDays: 0, keepBuilds: 1 },
        );
        if (running === undefined) {
          expect(start).toBeGreaterThan(8);
          break;
        }
        await running;
        // The entry is committed, and the object it names is in the store.
        const entries = (await collect(store.listEntries())).filter((key) => key.startsWith('pdf-'));
        expect(entries, `derive started at the prune's store call ${start}`).toHaveLength(1);
        expect(await store.get(hash('back')), `derive started at the prune's store call ${start}`).not.toBeNull();
      }
    });

    it('refuses a second prune while one runs, and removes the lease of a prune that was killed', async () => {
      const store = await seeded(make);
      let second: Promise<unknown> | undefined;
      await pruneMedia(
        {
          ...store,
          async *list() {
            second ??= pruneMedia(store, { keepDays: 0, keepBuilds: 1 }).catch((error: unknown) => error);
            expect(await second).toBeInstanceOf(PruneRunning);
            yield* store.list();
          },
        },
        { keepDays: 0, keepBuilds: 1 },
      );
      expect((await second) as Error).toHaveProperty('message', expect.stringMatching(/^another archive prune is running \(started .*\); nothing was deleted/));
      // A killed prune's lease (written long ago, never renewed) neither blocks nor stays.
      await store.setEntry('prune/runs/killed', JSON.stringify({ started: new Date(Date.now() - 3 * DAY_MS).toISOString(), until: new Date(Date.now() - 2 * DAY_MS).toISOString() }));
      await pruneMedia(store, { keepDays: 0, keepBuilds: 1 });
      expect(await collect(store.listEntries())).toEqual([MARKS_KEY]);
      expect(await readPruneMarks(store)).toEqual(new Map());
    });
  });
}

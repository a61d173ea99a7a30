/**
 * `archive prune`: the retention rule on both stores, derivative
 * entries as roots, and what keeps a build or `archive derive` running at the same time safe.
 */
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { pruneMedia } from '../../src/media/prune.ts';
import type { BuildRecord, MediaStore } from '../../src/media/media-store.ts';
import { entryKey, openCache } from '../../src/pdf/cache.ts';
import { mediaDerivativeStore } from '../../src/media/derivatives-in-media-store.ts';
import { MARKS_KEY, readPruneMarks, writePruneMarks } from '../../src/media/prune-marks.ts';
import { tempDir } from '../helpers/content.ts';
import { collect, tempFolderStore, useMediaStores } from '../helpers/media.ts';

const text = (value: string) => new TextEncoder().encode(value);
const hash = (value: string) => createHash('sha256').update(value).digest('hex');
const NOW = new Date('2026-11-23T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

const { stores } = useMediaStores();
const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((remove) => remove())));

/**
 * Builds a..e, one object each plus one they all share; `orphan` was uploaded by no recorded
 * build. Ages in days: a 200, b 120, c 95, d 30, e 1.
 */
async function seed(store: MediaStore): Promise<void> {
  const builds: [string, number][] = [['aaaa', 200], ['bbbb', 120], ['cccc', 95], ['dddd', 30], ['eeee', 1]];
  for (const name of ['shared', 'orphan', ...builds.map(([build]) => build)]) await store.put(hash(name), text(name));
  for (const [build, age] of builds) await store.writeRecord({ build, date: daysAgo(age), objects: [hash(build), hash('shared')].sort() });
}

for (const [name, make] of stores) {
  describe(`prune: ${name}`, () => {
    it('marks what nothing names and deletes it in a prune a day later; records of older builds go at once', async () => {
      const store = await make();
      await seed(store);
      const first = await pruneMedia(store, { keepDays: 90, keepBuilds: 3, now: NOW });
      // Newest three: e, d, c (c is older than 90 days but among the newest three).
      expect(first.records).toEqual({ kept: ['eeee', 'dddd', 'cccc'], deleted: ['bbbb', 'aaaa'] });
      expect(first.deleted).toEqual([]);
      expect(first.marked).toEqual([hash('aaaa'), hash('bbbb'), hash('orphan')].sort().map((hash) => ({ hash, since: NOW.toISOString() })));
      expect(first.nextDelete).toBe(daysAgo(-1));
      expect(await collect(store.list())).toHaveLength(7);
      expect((await collect(store.listRecords())).sort()).toEqual(['cccc', 'dddd', 'eeee']);

      // Not yet a day: nothing goes.
      const early = await pruneMedia(store, { keepDays: 90, keepBuilds: 3, now: new Date(NOW.getTime() + 86_400_000 - 1000) });
      expect(early.deleted).toEqual([]);
      const second = await pruneMedia(store, { keepDays: 90, keepBuilds: 3, now: new Date(NOW.getTime() + 86_400_000) });
      expect(second.deleted).toEqual([hash('aaaa'), hash('bbbb'), hash('orphan')].sort());
      expect(second.marked).toEqual([]);
      expect(second.objects).toBe(7);
      expect((await collect(store.list())).sort()).toEqual([hash('shared'), hash('cccc'), hash('dddd'), hash('eeee')].sort());
      // The prune's own lease is gone; the marks are empty.
      expect((await collect(store.listEntries())).sort()).toEqual([MARKS_KEY]);
      expect(await readPruneMarks(store)).toEqual(new Map());
    });

    it('keeps an object that a build names again before its mark is old enough, and forgets its mark', async () => {
      const store = await make();
      await seed(store);
      await pruneMedia(store, { keepDays: 90, keepBuilds: 3, now: NOW });
      await store.writeRecord({ build: 'ffff', date: NOW.toISOString(), objects: [hash('orphan')] });
      const second = await pruneMedia(store, { keepDays: 90, keepBuilds: 4, now: new Date(NOW.getTime() + 86_400_000) });
      expect(second.deleted).toEqual([hash('aaaa'), hash('bbbb')].sort());
      expect(await readPruneMarks(store)).toEqual(new Map());
      expect(await store.get(hash('orphan'))).not.toBeNull();
    });

    it('keeps every build of the window even beyond --keep-builds', async () => {
      const store = await make();
      await seed(store);
      await pruneMedia(store, { keepDays: 150, keepBuilds: 1, now: NOW });
      const result = await pruneMedia(store, { keepDays: 150, keepBuilds: 1, now: new Date(NOW.getTime() + 86_400_000) });
      expect(result.records.kept).toEqual(['eeee', 'dddd', 'cccc', 'bbbb']);
      expect(result.deleted).toEqual([hash('aaaa'), hash('orphan')].sort());
    });

    it('deletes and marks nothing in a dry run, and says what it would delete', async () => {
      const store = await make();
      await seed(store);
      const unmarked = await pruneMedia(store, { keepDays: 0, keepBuilds: 1, now: NOW, dryRun: true });
      expect(unmarked.records.deleted).toEqual(['dddd', 'cccc', 'bbbb', 'aaaa']);
      expect(unmarked.deleted).toEqual([]);
      expect(unmarked.marked).toHaveLength(5);
      expect(await collect(store.listEntries())).toEqual([]);

      await pruneMedia(store, { keepDays: 0, keepBuilds: 1, now: NOW });
      const result = await pruneMedia(store, { keepDays: 0, keepBuilds: 1, now: new Date(NOW.getTime() + 86_400_000), dryRun: true });
      expect(result.deleted).toHaveLength(5);
      expect(await collect(store.list())).toHaveLength(7);
      expect(await readPruneMarks(store)).toHaveProperty('size', 5);
    });

    it('refuses to run on a record it cannot read, deleting nothing', async () => {
      const store = await make();
      await seed(store);
      const broken: MediaStore = { ...store, readRecord: async (build) => (build === 'cccc' ? null : store.readRecord(build)) };
      await expect(pruneMedia(broken, { keepDays: 0, keepBuilds: 1, now: NOW })).rejects.toThrow(/refs\/cccc\.json .* is not a build record; nothing was deleted/);
      expect(await collect(store.list())).toHaveLength(7);
    });

    it('keeps the page images current derivative entries name; deletes entries of other versions and what only they named', async () => {
      const store = await make();
      await seed(store);
      const mirror = await tempDir('prune-mirror-');
      cleanups.push(mirror.remove);
      const derivatives = mediaDerivativeStore(store, mirror.path);
      await derivatives.sweep();
      for (const name of ['page', 'blank', 'old page']) await derivatives.putFile(hash(name), text(name));
      const pdf = hash('a pdf');
      const file = (name: string) => ({ name: `${name}.png`, size: name.length, sha256: hash(name) });
      await openCache(derivatives).commit(pdf, 'first', { ok: true, facts: null, files: [file('page'), file('blank')] });
      await derivatives.finish();
      // What an older derivation version left: its entry names a page image of its own and the blank page.
      const stale = entryKey(pdf, 'first').replace(/^pdf-v\d+-[0-9a-f]+/, 'pdf-v1-0123abcd');
      await store.setEntry(stale, JSON.stringify({ version: 1, key: stale, body: { ok: true, facts: null, files: [file('old page'), file('blank')] } }));

      const first = await pruneMedia(store, { keepDays: 90, keepBuilds: 3, now: NOW });
      expect(first.entries).toEqual({ current: 1, deleted: [stale] });
      expect(first.leases).toEqual({ valid: [], deleted: [] });
      const result = await pruneMedia(store, { keepDays: 90, keepBuilds: 3, now: new Date(NOW.getTime() + 86_400_000) });
      expect(result.entries).toEqual({ current: 1, deleted: [] });
      expect(result.deleted).toEqual([hash('aaaa'), hash('bbbb'), hash('orphan'), hash('old page')].sort());
      expect((await collect(store.list())).sort()).toEqual([hash('shared'), hash('cccc'), hash('dddd'), hash('eeee'), hash('page'), hash('blank')].sort());
      expect((await collect(store.listEntries())).sort()).toEqual([entryKey(pdf, 'first'), MARKS_KEY].sort());
    });

    it('never keeps less than the newest build', async () => {
      const store = await make();
      await expect(pruneMedia(store, { keepDays: 0, keepBuilds: 0 })).rejects.toThrow(/at least the newest build/);
    });
  });
}

describe('prune beside a running build', () => {
  it('loses no object of a build that records and uploads between its two reads', async () => {
    const folder = await tempFolderStore();
    cleanups.push(folder.remove);
    await seed(folder.store);
    const record: BuildRecord = { build: 'ffff', date: NOW.toISOString(), objects: [hash('new')] };
    // The build runs (record first, then upload) right after prune's first read of the store,
    // whichever that is: reading records first would miss the record and delete the object.
    let built = false;
    const build = async () => {
      if (built) return;
      built = true;
      await folder.store.writeRecord(record);
      await folder.store.put(hash('new'), text('new'));
    };
    const store: MediaStore = {
      ...folder.store,
      async *list() {
        yield* folder.store.list();
        await build();
      },
      async *listRecords() {
        yield* folder.store.listRecords();
        await build();
      },
    };
    await pruneMedia(store, { keepDays: 0, keepBuilds: 1, now: new Date(NOW.getTime() + 1000) });
    expect(await folder.store.get(hash('new'))).not.toBeNull();
  });
});

describe('prune beside a running archive derive', () => {
  const file = (name: string) => ({ name: `${name}.png`, size: name.length, sha256: hash(name) });

  async function deriving(store: MediaStore) {
    const mirror = await tempDir('prune-mirror-');
    cleanups.push(mirror.remove);
    const derivatives = mediaDerivativeStore(store, mirror.path);
    await derivatives.sweep();
    // A part's page image is in the store, the entry naming it is not committed yet.
    await derivatives.putFile(hash('in flight'), text('in flight'));
    return {
      async commit() {
        await openCache(derivatives).commit(hash('the pdf'), 'first', { ok: true, facts: null, files: [file('in flight')] });
        await derivatives.finish();
      },
    };
  }

  it('deletes no object while a run holds its lease, and keeps the object once its entry names it', async () => {
    const folder = await tempFolderStore();
    cleanups.push(folder.remove);
    await folder.store.put(hash('orphan'), text('orphan'));
    await pruneMedia(folder.store, { keepDays: 0, keepBuilds: 1, now: new Date(NOW.getTime() - 2 * 86_400_000) });
    const run = await deriving(folder.store);
    const during = await pruneMedia(folder.store, { keepDays: 0, keepBuilds: 1, now: NOW });
    expect(during.deleted).toEqual([]);
    expect(during.leases.valid).toHaveLength(1);
    expect(during.marked.map((mark) => mark.hash).sort()).toEqual([hash('orphan'), hash('in flight')].sort());
    expect((await collect(folder.store.list())).sort()).toEqual([hash('orphan'), hash('in flight')].sort());

    await run.commit();
    const after = await pruneMedia(folder.store, { keepDays: 0, keepBuilds: 1, now: NOW });
    expect(after.leases).toEqual({ valid: [], deleted: [] });
    expect(after.deleted).toEqual([hash('orphan')]);
    expect(await collect(folder.store.list())).toEqual([hash('in flight')]);
  });

  it('loses nothing when the run commits and ends between reading its lease and reading the entries', async () => {
    const folder = await tempFolderStore();
    cleanups.push(folder.remove);
    const run = await deriving(folder.store);
    // An earlier prune marked the page image long ago (a killed run had left it unnamed).
    await writePruneMarks(folder.store, new Map([[hash('in flight'), daysAgo(5)]]));
    // The run ends just as prune reads its lease: the lease is gone, the entry is committed.
    const store: MediaStore = {
      ...folder.store,
      async getEntry(key) {
        if (key.startsWith('runs/')) await run.commit();
        return folder.store.getEntry(key);
      },
    };
    const result = await pruneMedia(store, { keepDays: 0, keepBuilds: 1, now: NOW });
    expect(result.leases.valid).toEqual([]);
    expect(result.deleted).toEqual([]);
    expect(await collect(folder.store.list())).toEqual([hash('in flight')]);
  });

  it('deletes the objects of a killed run once its lease expired', async () => {
    const folder = await tempFolderStore();
    cleanups.push(folder.remove);
    await deriving(folder.store);
    const later = new Date(Date.now() + 2 * 60 * 60_000 + 1000);
    const first = await pruneMedia(folder.store, { keepDays: 0, keepBuilds: 1, now: later });
    expect(first.leases.deleted).toHaveLength(1);
    expect(first.deleted).toEqual([]);
    const result = await pruneMedia(folder.store, { keepDays: 0, keepBuilds: 1, now: new Date(later.getTime() + 86_400_000) });
    expect(result.deleted).toEqual([hash('in flight')]);
    expect(await collect(folder.store.listEntries())).toEqual([MARKS_KEY]);
  });
});

/**
 * `archive prune` (issue 10 #4): the retention rule on both stores, and what keeps a build
 * running at the same time safe.
 */
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { pruneMedia } from '../../src/media/prune.ts';
import type { BuildRecord, MediaStore } from '../../src/media/store.ts';
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
    it('keeps the objects of builds younger than --keep-days and of the newest --keep-builds, deletes the rest and their records', async () => {
      const store = await make();
      await seed(store);
      const result = await pruneMedia(store, { keepDays: 90, keepBuilds: 3, now: NOW });
      // Newest three: e, d, c (c is older than 90 days but among the newest three).
      expect(result.records).toEqual({ kept: ['eeee', 'dddd', 'cccc'], deleted: ['bbbb', 'aaaa'] });
      expect(result.deleted).toEqual([hash('aaaa'), hash('bbbb'), hash('orphan')].sort());
      expect(result.objects).toBe(7);
      expect((await collect(store.list())).sort()).toEqual([hash('shared'), hash('cccc'), hash('dddd'), hash('eeee')].sort());
      expect((await collect(store.listRecords())).sort()).toEqual(['cccc', 'dddd', 'eeee']);
    });

    it('keeps every build of the window even beyond --keep-builds', async () => {
      const store = await make();
      await seed(store);
      const result = await pruneMedia(store, { keepDays: 150, keepBuilds: 1, now: NOW });
      expect(result.records.kept).toEqual(['eeee', 'dddd', 'cccc', 'bbbb']);
      expect(result.deleted).toEqual([hash('aaaa'), hash('orphan')].sort());
    });

    it('deletes nothing in a dry run, and says what it would delete', async () => {
      const store = await make();
      await seed(store);
      const result = await pruneMedia(store, { keepDays: 0, keepBuilds: 1, now: NOW, dryRun: true });
      expect(result.records.deleted).toEqual(['dddd', 'cccc', 'bbbb', 'aaaa']);
      expect(result.deleted).toHaveLength(5);
      expect(await collect(store.list())).toHaveLength(7);
      expect(await collect(store.listRecords())).toHaveLength(5);
    });

    it('refuses to run on a record it cannot read, deleting nothing', async () => {
      const store = await make();
      await seed(store);
      const broken: MediaStore = { ...store, readRecord: async (build) => (build === 'cccc' ? null : store.readRecord(build)) };
      await expect(pruneMedia(broken, { keepDays: 0, keepBuilds: 1, now: NOW })).rejects.toThrow(/refs\/cccc\.json .* is not a build record; nothing was deleted/);
      expect(await collect(store.list())).toHaveLength(7);
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

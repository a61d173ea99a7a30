/**
 * `archive prune`: removes media objects nothing refers to, in two
 * phases (src/media/prune-marks.ts): a prune marks the objects it finds unnamed, and a later prune
 * deletes those still unnamed whose mark is at least a day older than its start.
 *
 * Roots: a build record is kept when it is one of the newest `keepBuilds` records or younger
 * than `keepDays`; the PDF stage's derivative entries of the current derivation version and
 * settings are roots too (their page images are what the next build publishes). An object
 * is kept when a kept record or a current entry names it; the others are marked, and deleted
 * once their mark is old enough; then the records that expired go, the entries of other
 * versions or settings (never read again), and expired leases. A deploy older than the
 * window, restored by a rollback, may miss media.
 *
 * Order, so that a build or `archive derive` running meanwhile loses nothing:
 * 1. the prune's lease is taken (the lock, and what writers wait for: src/media/prune-marks.ts);
 * 2. objects are listed;
 * 3. derive leases are read: a run holds one (src/media/derivatives-in-media-store.ts) from before its
 *    listing until its entries are committed. While any is valid, no object is deleted: the
 *    objects of a part are put before the entry that names them;
 * 4. entries, records and marks are read: a run whose lease was gone in 3 committed its
 *    entries before, and a build writes its record before it lists the store;
 * 5. deletes (each only while the lease is valid), then the marks are rewritten: a writer that
 *    reads the marks meanwhile still finds the mark of every object this prune may delete.
 */
import { randomUUID } from 'node:crypto';
import { mapLimit } from '../lib/concurrency.ts';
import { entryFiles, entryGeneration } from '../pdf/cache.ts';
import { isLeaseKey, parseLease } from './derivatives-in-media-store.ts';
import { deletable, readPruneMarks, takePruneLease, writePruneMarks, GRACE_MS, type Marks } from './prune-marks.ts';
import type { BuildRecord, MediaStore } from './media-store.ts';

export interface PruneOptions {
  keepDays: number;
  keepBuilds: number;
  /** Say what would go, delete and mark nothing. */
  dryRun?: boolean;
  /** When the prune starts (tests); the clock runs on from there. */
  now?: Date;
  concurrency?: number;
}

export interface PruneResult {
  objects: number;
  /** Hashes of the objects deleted (or, in a dry run, that would be). */
  deleted: string[];
  /** Unnamed objects whose mark is too young (marked by this prune or a recent one): a later prune deletes them if they stay unnamed. */
  marked: { hash: string; since: string }[];
  /** When the first of `marked` may be deleted (ISO 8601), or null. */
  nextDelete: string | null;
  /** Objects this prune would have deleted but did not: its lease ran out (they stay marked). */
  left: number;
  records: { kept: string[]; deleted: string[] };
  /** Derivative entries: how many are current (kept), and the keys of other versions or settings (deleted). */
  entries: { current: number; deleted: string[] };
  /** Leases of runs under way (no object was deleted because of them), and expired ones (deleted). */
  leases: { valid: string[]; deleted: string[] };
}

const DAY_MS = 86_400_000;

export async function pruneMedia(store: MediaStore, options: PruneOptions): Promise<PruneResult> {
  if (!Number.isInteger(options.keepBuilds) || options.keepBuilds < 1) throw new Error('prune keeps at least the newest build: --keep-builds must be 1 or more');
  if (!Number.isInteger(options.keepDays) || options.keepDays < 0) throw new Error('--keep-days must be a whole number of days');
  // The prune starts at exactly `now` (a test's marks name it to the millisecond); the clock runs on from there.
  const origin = Date.now();
  const started = options.now?.getTime() ?? origin;
  const clock = () => started + (Date.now() - origin);
  const limit = options.concurrency ?? 8;
  const lock = options.dryRun ? null : await takePruneLease(store, randomUUID(), clock);
  try {
    const objects: string[] = [];
    for await (const hash of store.list()) objects.push(hash);

    const leases = { valid: [] as string[], deleted: [] as string[] };
    for (const key of await keys(store.listEntries())) {
      if (!isLeaseKey(key)) continue;
      const text = await store.getEntry(key);
      if (text === null) continue;
      const lease = parseLease(key, text);
      (lease && Date.parse(lease.until) > started ? leases.valid : leases.deleted).push(key);
    }

    const current: string[] = [];
    const stale: string[] = [];
    for (const key of await keys(store.listEntries())) {
      const generation = entryGeneration(key);
      if (generation === 'current') current.push(key);
      else if (generation === 'stale') stale.push(key);
    }
    const referenced = new Set<string>();
    await mapLimit(current, 16, async (key) => {
      const text = await store.getEntry(key);
      if (text !== null) for (const hash of entryFiles(text)) referenced.add(hash);
    });

    const records: BuildRecord[] = [];
    for await (const id of store.listRecords()) {
      const record = await store.readRecord(id);
      if (!record) throw new Error(`refs/${id}.json in the ${store.description} is not a build record; nothing was deleted (remove or repair it, then prune again)`);
      records.push(record);
    }
    const marks = await readPruneMarks(store);

    const cutoff = started - options.keepDays * DAY_MS;
    const newestFirst = records.sort((a, b) => Date.parse(b.date) - Date.parse(a.date) || (a.build < b.build ? -1 : 1));
    const kept = newestFirst.filter((record, index) => index < options.keepBuilds || Date.parse(record.date) >= cutoff);
    const expired = newestFirst.filter((record) => !kept.includes(record));
    for (const record of kept) for (const hash of record.objects) referenced.add(hash);

    const startedIso = new Date(started).toISOString();
    const unnamed = objects.filter((hash) => !referenced.has(hash)).sort();
    const next: Marks = new Map(unnamed.map((hash) => [hash, marks.get(hash) ?? startedIso]));
    const due = leases.valid.length > 0 ? [] : unnamed.filter((hash) => deletable(marks.get(hash), startedIso));
    const deleted: string[] = [];
    if (lock) {
      await mapLimit(due, limit, async (hash) => {
        if (!(await lock.renew())) return;
        await store.delete(hash);
        deleted.push(hash);
        next.delete(hash);
      });
      await writePruneMarks(store, next);
      await mapLimit(expired, limit, (record) => store.deleteRecord(record.build));
      await mapLimit([...stale, ...leases.deleted, ...lock.expired.map((lease) => lease.key)], limit, (key) => store.deleteEntry(key));
    } else {
      deleted.push(...due);
      for (const hash of due) next.delete(hash);
    }
    const marked = [...next].map(([hash, since]) => ({ hash, since }));
    const first = marked.reduce<number | null>((min, { since }) => Math.min(min ?? Infinity, Date.parse(since)), null);
    return {
      objects: objects.length,
      deleted: deleted.sort(),
      marked,
      nextDelete: first === null ? null : new Date(first + GRACE_MS).toISOString(),
      left: due.length - deleted.length,
      records: { kept: kept.map((record) => record.build), deleted: expired.map((record) => record.build) },
      entries: { current: current.length, deleted: stale.sort() },
      leases,
    };
  } finally {
    await lock?.release();
  }
}

async function keys(items: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const item of items) out.push(item);
  return out;
}

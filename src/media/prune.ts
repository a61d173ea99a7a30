/**
 * `archive prune`: removes media objects nothing refers to.
 *
 * Roots: a build record is kept when it is one of the newest `keepBuilds` records or younger
 * than `keepDays`; the PDF stage's derivative entries of the current derivation version and
 * settings are roots too (their page images are what the next build publishes). An object
 * is kept when a kept record or a current entry names it; everything else goes, objects first,
 * then the records that expired, the entries of other versions or settings (never read again),
 * and expired leases. A deploy older than the window, restored by a rollback, may miss media.
 *
 * Order of reads, so that a build or `archive derive` running meanwhile loses nothing:
 * 1. objects are listed first;
 * 2. leases are read: a run holds one (src/media/derivative-store.ts) from before its first put until
 *    its entries are committed. While any is valid, no object is deleted: the objects of a
 *    part are put before the entry that names them.
 * 3. entries are listed and read, and records: a run whose lease was gone in 2 committed its
 *    entries before, and a build writes its record before it uploads, so every object the
 *    listing in 1 saw is named by what 3 reads, or was left by a run that ended without
 *    naming it.
 */
import { mapLimit } from '../lib/concurrency.ts';
import { entryFiles, entryGeneration } from '../pdf/cache.ts';
import { isLeaseKey, parseLease } from './derivative-store.ts';
import type { BuildRecord, MediaStore } from './store.ts';

export interface PruneOptions {
  keepDays: number;
  keepBuilds: number;
  /** Say what would go, delete nothing. */
  dryRun?: boolean;
  now?: Date;
  concurrency?: number;
}

export interface PruneResult {
  objects: number;
  /** Hashes of the objects deleted (or, in a dry run, that would be). */
  deleted: string[];
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
  const now = (options.now ?? new Date()).getTime();
  const limit = options.concurrency ?? 8;
  const objects: string[] = [];
  for await (const hash of store.list()) objects.push(hash);

  const leases = { valid: [] as string[], deleted: [] as string[] };
  for (const key of await keys(store.listEntries())) {
    if (!isLeaseKey(key)) continue;
    const text = await store.getEntry(key);
    if (text === null) continue;
    const lease = parseLease(key, text);
    (lease && Date.parse(lease.until) > now ? leases.valid : leases.deleted).push(key);
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

  const cutoff = now - options.keepDays * DAY_MS;
  const newestFirst = records.sort((a, b) => Date.parse(b.date) - Date.parse(a.date) || (a.build < b.build ? -1 : 1));
  const kept = newestFirst.filter((record, index) => index < options.keepBuilds || Date.parse(record.date) >= cutoff);
  const expired = newestFirst.filter((record) => !kept.includes(record));
  for (const record of kept) for (const hash of record.objects) referenced.add(hash);
  const deleted = leases.valid.length > 0 ? [] : objects.filter((hash) => !referenced.has(hash)).sort();

  if (!options.dryRun) {
    await mapLimit(deleted, limit, (hash) => store.delete(hash));
    await mapLimit(expired, limit, (record) => store.deleteRecord(record.build));
    await mapLimit([...stale, ...leases.deleted], limit, (key) => store.deleteEntry(key));
  }
  return {
    objects: objects.length,
    deleted,
    records: { kept: kept.map((record) => record.build), deleted: expired.map((record) => record.build) },
    entries: { current: current.length, deleted: stale.sort() },
    leases,
  };
}

async function keys(items: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/**
 * `archive prune` (issue 10 #4): removes media objects no recent build references.
 *
 * Retention rule (docs/deploy.md): a build record is kept when it is one of the newest
 * `keepBuilds` records or younger than `keepDays`; an object is kept when a kept record names
 * it; everything else goes, objects first, then the records that expired. A deploy older than
 * that, restored by a rollback, may miss media.
 *
 * Objects are listed before records are read: a build writes its record before it uploads, so
 * every object this listing sees was recorded before the records are read, and a build that
 * runs meanwhile loses nothing.
 */
import { mapLimit } from '../lib/concurrency.ts';
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
}

const DAY_MS = 86_400_000;

export async function pruneMedia(store: MediaStore, options: PruneOptions): Promise<PruneResult> {
  if (!Number.isInteger(options.keepBuilds) || options.keepBuilds < 1) throw new Error('prune keeps at least the newest build: --keep-builds must be 1 or more');
  if (!Number.isInteger(options.keepDays) || options.keepDays < 0) throw new Error('--keep-days must be a whole number of days');
  const objects: string[] = [];
  for await (const hash of store.list()) objects.push(hash);
  const records: BuildRecord[] = [];
  for await (const id of store.listRecords()) {
    const record = await store.readRecord(id);
    if (!record) throw new Error(`refs/${id}.json in the ${store.description} is not a build record; nothing was deleted (remove or repair it, then prune again)`);
    records.push(record);
  }

  const cutoff = (options.now ?? new Date()).getTime() - options.keepDays * DAY_MS;
  const newestFirst = records.sort((a, b) => Date.parse(b.date) - Date.parse(a.date) || (a.build < b.build ? -1 : 1));
  const kept = newestFirst.filter((record, index) => index < options.keepBuilds || Date.parse(record.date) >= cutoff);
  const expired = newestFirst.filter((record) => !kept.includes(record));
  const referenced = new Set(kept.flatMap((record) => record.objects));
  const deleted = objects.filter((hash) => !referenced.has(hash)).sort();

  if (!options.dryRun) {
    await mapLimit(deleted, options.concurrency ?? 8, (hash) => store.delete(hash));
    await mapLimit(expired, options.concurrency ?? 8, (record) => store.deleteRecord(record.build));
  }
  return { objects: objects.length, deleted, records: { kept: kept.map((record) => record.build), deleted: expired.map((record) => record.build) } };
}

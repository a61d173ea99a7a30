/**
 * Withdrawn objects: bytes that the site's production build published before and publishes no
 * longer (an attachment withdrawn or unapproved, a document made private, a PDF replaced by its
 * redacted version). Every deploy of a Netlify site keeps its own `_data/` at its own permalink
 * and its media index names the objects it had, while the media store is one for the whole
 * site; so the media answers of any deploy ask the store, after their own index, whether the
 * object is withdrawn (docs/deploy.md#withdrawn-files). Each production build marks what it
 * dropped since the production build before it (`withdrawn/<sha256>` entries) and unmarks what
 * came back, before its deploy goes live. Web-standard: the media Edge Function reads the marks.
 */
import { mapLimit } from '../lib/concurrency.ts';
import type { BuildRecord, MediaStore } from './media-store.ts';

/** The id of the last production build that marked withdrawals. */
const CURRENT_KEY = 'published/current';
const PREFIX = 'withdrawn/';

function withdrawnKey(sha256: string): string {
  return `${PREFIX}${sha256}`;
}

export interface WithdrawnMarks {
  /** Objects newly marked withdrawn. */
  withdrawn: number;
  /** Marks removed: objects published again. */
  restored: number;
}

/**
 * Marks the objects the previous production build named and `record` does not, and unmarks
 * those `record` names again. Without the previous build's record (the first production build,
 * or a record pruned away), every mark is looked at: one listing of the store's entries.
 */
export async function markWithdrawn(store: MediaStore, record: BuildRecord, concurrency = 8): Promise<WithdrawnMarks> {
  const previousBuild = parseCurrent(await store.getEntry(CURRENT_KEY));
  const previous = previousBuild === null ? null : await store.readRecord(previousBuild);
  const current = new Set(record.objects);
  let gone: string[] = [];
  let back: string[];
  if (previous) {
    const before = new Set(previous.objects);
    gone = previous.objects.filter((hash) => !current.has(hash));
    back = record.objects.filter((hash) => !before.has(hash));
  } else {
    back = [];
    for await (const key of store.listEntries()) if (key.startsWith(PREFIX) && current.has(key.slice(PREFIX.length))) back.push(key.slice(PREFIX.length));
  }
  const mark = JSON.stringify({ build: record.build, date: record.date });
  await mapLimit(gone, concurrency, (hash) => store.setEntry(withdrawnKey(hash), mark));
  await mapLimit(back, concurrency, (hash) => store.deleteEntry(withdrawnKey(hash)));
  await store.setEntry(CURRENT_KEY, JSON.stringify({ build: record.build }));
  return { withdrawn: gone.length, restored: back.length };
}

/** True when a production build withdrew the object. */
export async function isWithdrawn(store: Pick<MediaStore, 'getEntry'>, sha256: string): Promise<boolean> {
  return (await store.getEntry(withdrawnKey(sha256))) !== null;
}

function parseCurrent(text: string | null): string | null {
  if (text === null) return null;
  try {
    const { build } = JSON.parse(text) as { build?: unknown };
    return typeof build === 'string' ? build : null;
  } catch {
    return null;
  }
}

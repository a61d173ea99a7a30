/**
 * The derivative cache in the media store, so that the next build on any machine
 * continues where the last one stopped: on Netlify the site-wide Blobs store, locally the
 * folder `.cache/media`, whichever `--media-store` names.
 *
 * - Files (page images) ARE media objects: the same sha256 keys, so an image derived once is
 *   the object the media index names, and the build's upload finds it there.
 * - Entries are the store's derivative entries (MediaStore.setEntry: Blobs `set`, or a folder's
 *   temp file + rename; atomic either way), committed after the files they list.
 * - A local folder (`--cache`, `.cache/archive`) mirrors both: written through, read through.
 *   It is what the stages that need a file on disk read (annotation crops), what the WebP pass
 *   reads the PNGs of this run from, and it spares a warm machine the entry downloads. A fresh
 *   machine downloads entries, and only the files something reads: publishing needs the
 *   sha256 and size an entry carries, not the bytes.
 * - Quick verification asks one listing of the store per run (a Set), not one request per file:
 *   objects are content-addressed, and `put` refuses bytes that do not hash to their key.
 * - A run holds a lease (entry `runs/<id>`, renewed while it puts) from before it lists the
 *   store until it ends: `archive prune` deletes no unreferenced object while a lease is
 *   valid, because the objects of a part are put before the entry naming them, and a run
 *   relies on the objects its listing found. Between the lease and the listing it waits for
 *   a prune under way that may still delete a marked object (src/media/prune-marks.ts).
 */
import { randomUUID } from 'node:crypto';
import { GaveUp, withRetries, type RetryOptions } from './retry.ts';
import { waitForPrunes } from './prune-marks.ts';
import { MediaHashMismatch, MediaStoreError, type MediaStore } from './media-store.ts';
import { folderDerivativeStore } from '../pdf/derivative-folder-store.ts';
import { assertDerivativeEntryKey, assertFileHash, type DerivativeStore } from '../pdf/derivative-store.ts';

/** A lease is valid this long after it was written; longer than a part may take (timeLimitMs, 30 min) plus clock skew. */
const LEASE_MS = 2 * 60 * 60_000;
/** A run rewrites its lease before a put when the lease is older than this. */
const RENEW_MS = 30 * 60_000;
const LEASES = 'runs/';

export interface Lease {
  started: string;
  /** When the lease ends unless renewed (ISO 8601). */
  until: string;
}

export interface MediaDerivativeOptions {
  retry?: RetryOptions;
  now?: () => number;
  /** Told when the run waits for an `archive prune` under way. */
  onWait?: (message: string) => void;
  /** Between two looks at a running prune's lease (tests). */
  pollMs?: number;
}

export function mediaDerivativeStore(media: MediaStore, mirrorDir: string, options: MediaDerivativeOptions = {}): DerivativeStore {
  const mirror = folderDerivativeStore(mirrorDir);
  /** Keys this run read from the mirror: confirming them needs no second read. */
  const inMirror = new Set<string>();
  /** Files this run put into the media store (DerivativeStore.putThisRun). */
  const putThisRun = new Set<string>();
  const now = options.now ?? Date.now;
  const where = `the ${media.description}`;
  let listing: Promise<{ objects: Set<string>; entries: Set<string> }> | undefined;
  const listed = () =>
    (listing ??= (async () => {
      // The lease, then a prune under way, then the listing (src/media/prune-marks.ts): what the
      // listing finds stays until this run's entries name it.
      await holdLease();
      await call('look for an archive prune under way', () => waitForPrunes(media, undefined, { now, onWait: options.onWait, pollMs: options.pollMs }));
      const [objects, entries] = await Promise.all([collect(media.list()), collect(media.listEntries())]);
      return { objects: new Set(objects), entries: new Set(entries) };
    })().catch((error: unknown) => {
      throw new MediaStoreError(`could not reach ${where}, which holds the PDF derivative cache: ${(error as Error).message}`, { cause: error });
    }));
  /** Store calls, retried; a failure names the store and what was tried. */
  const call = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await withRetries(run, options.retry, (error) => error instanceof MediaHashMismatch);
    } catch (error) {
      throw new MediaStoreError(`could not ${what} in ${where} ${(error as GaveUp).message}`, { cause: (error as GaveUp).cause });
    }
  };

  const lease = { key: `${LEASES}${randomUUID()}`, written: null as number | null, writing: null as Promise<void> | null };
  async function holdLease(): Promise<void> {
    if (lease.written !== null && now() - lease.written < RENEW_MS) return;
    lease.writing ??= (async () => {
      const at = now();
      const text = JSON.stringify({ started: new Date(at).toISOString(), until: new Date(at + LEASE_MS).toISOString() } satisfies Lease);
      await call('write the lease of this run', () => media.setEntry(lease.key, text));
      lease.written = at;
    })().finally(() => (lease.writing = null));
    await lease.writing;
  }

  async function putRemote(hash: string, bytes: Uint8Array): Promise<void> {
    const { objects } = await listed();
    if (objects.has(hash)) return;
    await holdLease();
    await call(`store ${hash}`, () => media.put(hash, bytes));
    objects.add(hash);
    putThisRun.add(hash);
  }

  /** The file's bytes from the mirror, else from the store (kept in the mirror), else null. */
  async function download(hash: string): Promise<Uint8Array | null> {
    assertFileHash(hash);
    const local = await mirror.getFile(hash);
    if (local !== null) return local;
    if (!(await listed()).objects.has(hash)) return null;
    const bytes = await call(`read ${hash}`, async () => {
      const stream = await media.get(hash);
      return stream === null ? null : new Uint8Array(await new Response(stream).arrayBuffer());
    });
    if (bytes !== null) await mirror.putFile(hash, bytes);
    return bytes;
  }

  return {
    description: `${media.description} (mirrored in the folder ${mirrorDir})`,
    putThisRun,

    async getEntry(key) {
      assertDerivativeEntryKey(key);
      const local = await mirror.getEntry(key);
      if (local !== null) {
        inMirror.add(key);
        return local;
      }
      // The listing answers a miss: a cold run costs no request per PDF.
      if (!(await listed()).entries.has(key)) return null;
      return call(`read the entry ${key}`, () => media.getEntry(key));
    },

    async commitEntry(key, text) {
      assertDerivativeEntryKey(key);
      // The store first: it is what other machines read; the mirror only spares downloads.
      await call(`write the entry ${key}`, () => media.setEntry(key, text));
      (await listed()).entries.add(key);
      await mirror.commitEntry(key, text);
    },

    async deleteEntry(key) {
      assertDerivativeEntryKey(key);
      await call(`delete the entry ${key}`, () => media.deleteEntry(key));
      (await listed()).entries.delete(key);
      await mirror.deleteEntry(key);
      inMirror.delete(key);
    },

    async confirmEntry(key, text, files) {
      assertDerivativeEntryKey(key);
      const { entries } = await listed();
      if (!entries.has(key)) {
        // Made by this machine before the store was shared (or for another store): its files
        // go into the store first, then the entry, as a run that derived them would.
        for (const hash of files) {
          if ((await listed()).objects.has(hash)) continue;
          const bytes = await mirror.getFile(hash);
          if (bytes === null) throw new MediaStoreError(`${hash}, listed by the entry ${key}, is neither in ${where} nor in the folder ${mirrorDir}`);
          await putRemote(hash, bytes);
        }
        await call(`write the entry ${key}`, () => media.setEntry(key, text));
        entries.add(key);
      }
      if (!inMirror.has(key) && (await mirror.getEntry(key)) === null) await mirror.commitEntry(key, text);
    },

    async putFile(hash, bytes) {
      assertFileHash(hash);
      await mirror.putFile(hash, bytes);
      await putRemote(hash, bytes);
    },

    async hasFile(hash, size) {
      assertFileHash(hash);
      return (await listed()).objects.has(hash) || (await mirror.hasFile(hash, size));
    },

    getFile: download,

    async localFile(hash) {
      assertFileHash(hash);
      const local = await mirror.localFile(hash).catch(() => null);
      if (local !== null) return local;
      if ((await download(hash)) === null) throw new MediaStoreError(`${hash} is neither in ${where} nor in the folder ${mirrorDir}`);
      return mirror.localFile(hash);
    },

    async sweep() {
      await mirror.sweep();
      await listed();
    },

    async finish() {
      await lease.writing?.catch(() => undefined);
      if (lease.written === null) return;
      await call('remove the lease of this run', () => media.deleteEntry(lease.key));
      lease.written = null;
    },
  };
}

/** The lease an entry holds, or null when the key or text is not one. */
export function parseLease(key: string, text: string): Lease | null {
  if (!key.startsWith(LEASES)) return null;
  try {
    const { started, until } = JSON.parse(text) as Record<string, unknown>;
    if (typeof started !== 'string' || typeof until !== 'string' || Number.isNaN(Date.parse(until))) return null;
    return { started, until };
  } catch {
    return null;
  }
}

export const isLeaseKey = (key: string) => key.startsWith(LEASES);

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

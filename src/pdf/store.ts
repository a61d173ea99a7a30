/**
 * Where the PDF stage keeps its derivatives (issue 11 #3): small JSON entries by key, and the
 * files they list (page images) by the sha256 of their bytes. The cache logic (keys, checksums,
 * verification, parts) is in cache.ts and works on any store; a store only moves bytes.
 *
 * One implementation today, a folder (folder-store.ts, `.cache/archive`). The media store of
 * issue 10 (src/media/, Netlify Blobs on Netlify) is the second one to come: entries become
 * records, files become media objects, and nothing above this interface changes. Only the main
 * thread uses a store; workers hand their bytes over (pool.ts), so a store need not be
 * reachable from worker threads.
 */

export interface DerivativeStore {
  /** For messages: `folder .cache/archive`. */
  readonly description: string;
  /** The entry's text, or null when there is none. */
  getEntry(key: string): Promise<string | null>;
  /** Writes or replaces an entry. Atomic: a reader sees the old text, the new text or none. */
  commitEntry(key: string, text: string): Promise<void>;
  /** Removes an entry; a missing one is no error. */
  deleteEntry(key: string): Promise<void>;
  /** Stores bytes under their sha256 (the caller's); atomic, and a no-op when already there. */
  putFile(hash: string, bytes: Uint8Array): Promise<void>;
  /** The stored file's size, or null when the store lacks it. */
  fileSize(hash: string): Promise<number | null>;
  /** The stored file's bytes, or null. */
  getFile(hash: string): Promise<Uint8Array | null>;
  /**
   * A path on this machine that holds the file's bytes, for the stages that copy or crop page
   * images (src/media/collect.ts hashes and uploads them, annotations.ts crops them). A store
   * without local files returns null.
   */
  localPath(hash: string): string | null;
  /** Removes what killed runs left behind (temporary files). */
  sweep(): Promise<void>;
}

const SHA256 = /^[0-9a-f]{64}$/;
/** Entry keys are made by cache.ts: lowercase words, digits, dots and dashes, in slash-separated segments. */
const KEY = /^[0-9a-z][0-9a-z.-]*(\/[0-9a-z][0-9a-z.-]*)*$/;

export function assertFileHash(hash: string): void {
  if (!SHA256.test(hash)) throw new Error(`derivative store: "${hash}" is not a lowercase sha256 hex digest`);
}

export function assertEntryKey(key: string): void {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`derivative store: "${key}" is not an entry key`);
}

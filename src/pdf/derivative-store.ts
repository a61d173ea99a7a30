/**
 * Where the PDF stage keeps its derivatives: small JSON entries by key, and the
 * files they list (page images) by the sha256 of their bytes. The cache logic (keys, checksums,
 * verification, parts) is in cache.ts and works on any store; a store only moves bytes.
 *
 * Two implementations: a folder (derivative-folder-store.ts), and the media store (src/media/media-store.ts) with a
 * folder as its local mirror (src/media/derivatives-in-media-store.ts: the media stage implements this
 * interface, so the PDF stage imports nothing later than itself), which is what builds and `archive derive` use,
 * so that any machine continues where the last one stopped. Only the main thread uses a
 * store; workers hand their bytes over (pool.ts), so a store need not be reachable from
 * worker threads.
 */
import { isEntryKey, isSha256 } from '../lib/keys.ts';
import type { PdfFailure } from './types.ts';
export interface DerivativeStore {
  /** For messages: `folder .cache/archive`. */
  readonly description: string;
  /** The entry's text, or null when there is none. */
  getEntry(key: string): Promise<string | null>;
  /** Writes or replaces an entry. Atomic: a reader sees the old text, the new text or none. */
  commitEntry(key: string, text: string): Promise<void>;
  /** Removes an entry; a missing one is no error. */
  deleteEntry(key: string): Promise<void>;
  /**
   * Called after an entry read back and verified, with the hashes of the files it lists: a
   * store with two sides (src/media/derivatives-in-media-store.ts: the shared store and the local mirror) copies the
   * entry, and files, to the side that lacks them.
   */
  confirmEntry(key: string, text: string, files: readonly string[]): Promise<void>;
  /** Stores bytes under their sha256 (the caller's); atomic, and a no-op when already there. */
  putFile(hash: string, bytes: Uint8Array): Promise<void>;
  /**
   * Whether the store holds the file with this size, as far as it can tell without reading it
   * (the quick verification of an entry): a folder compares sizes, the media store looks the
   * hash up in one listing per run (its objects are stored only under the hash of their bytes).
   */
  hasFile(hash: string, size: number): Promise<boolean>;
  /** The stored file's bytes, or null. */
  getFile(hash: string): Promise<Uint8Array | null>;
  /**
   * A path on this machine that holds the file's bytes, for the stages that read page images
   * from disk (annotations.ts crops them). A store that keeps them elsewhere downloads the file
   * first; rejects when the store lacks it.
   */
  localFile(hash: string): Promise<string>;
  /** Run start: removes what killed runs left behind (temporary files); fails when the store cannot be reached. */
  sweep(): Promise<void>;
  /** Run end: releases what the run claimed (src/media/derivatives-in-media-store.ts: its lease). */
  finish(): Promise<void>;
  /**
   * The files this run put into a store that is also the media store (src/media/derivatives-in-media-store.ts):
   * the build's upload finds them there, and must not call them left by an earlier build.
   */
  readonly putThisRun?: ReadonlySet<string>;
}

/**
 * The store could not keep what a run derived (after the store's own retries). That is no
 * property of a PDF, so it fails no single document: the run stops starting PDF work and
 * `processPdfs` rejects with it, and the command fails with build/ left as it was. The next
 * run continues from what was stored before.
 */
export class DerivativeStoreError extends Error {
  override name = 'DerivativeStoreError';
}

/** A PDF's failure to have its derivatives stored: the pool and the passes both report it so. */
export function storeFailure(file: string, cause: unknown): PdfFailure & { cause: DerivativeStoreError } {
  const message = `could not store the derivatives of ${file}: ${(cause as Error).message}`;
  return { ok: false, reason: 'io-error', message, cause: new DerivativeStoreError(message, { cause }) };
}

export function assertFileHash(hash: string): void {
  if (!isSha256(hash)) throw new Error(`derivative store: "${hash}" is not a lowercase sha256 hex digest`);
}

/** Entry keys are made by cache.ts (lib/keys.ts isEntryKey). */
export function assertDerivativeEntryKey(key: string): void {
  if (!isEntryKey(key)) throw new Error(`derivative store: "${key}" is not an entry key`);
}

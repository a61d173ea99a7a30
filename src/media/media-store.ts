/**
 * The media store: attachment files, document PDFs, page images and annotation
 * crops, kept by the sha256 of their bytes outside build/. build/ holds only the media index
 * (src/media/media-index.ts) that maps each media path to its object.
 *
 * Two implementations with one contract (test/media/media-store.test.ts): a folder
 * (src/media/media-folder-store.ts, the local default) and a site-wide Netlify Blobs store
 * (src/media/media-blobs-store.ts). This module is web-standard only: the media Edge Function
 * (Deno) imports it.
 */
import { isEntryKey, isSha256 } from '../lib/keys.ts';

/** A single byte range, both ends inclusive (as `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

/** What `put` accepts: bytes in memory, a (file-backed) Blob, or a stream. */
export type MediaBody = Uint8Array | Blob | ReadableStream<Uint8Array>;

/**
 * What one build references (docs/deploy.md, "Retention"): written into the store before the
 * build's objects are uploaded, so that `prune` never deletes an object a finished upload put
 * there for a deploy.
 */
export interface BuildRecord {
  /** manifest.build of the build. */
  build: string;
  /** When the build ran (wall clock, ISO 8601): retention counts from here. */
  date: string;
  /** sha256 of every object its media index names, sorted. */
  objects: string[];
}

export interface MediaStore {
  /** For messages: `folder .cache/media`, `Netlify Blobs store archive-media`. */
  readonly description: string;
  /** Every object's sha256, in one (paginated) listing. */
  list(): AsyncIterable<string>;
  /** The object's bytes (only `range` of them when given), or null when the store lacks it. */
  get(hash: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null>;
  /**
   * Stores the object under its hash. Atomic: a reader sees the whole object or none. Rejects
   * with MediaHashMismatch, storing nothing, when the bytes do not hash to `hash`.
   */
  put(hash: string, body: MediaBody): Promise<void>;
  /** Removes the object; removing a missing one is no error. */
  delete(hash: string): Promise<void>;
  /** Ids of the build records in the store. */
  listRecords(): AsyncIterable<string>;
  readRecord(build: string): Promise<BuildRecord | null>;
  /** Writes (or replaces) the record of `record.build`. */
  writeRecord(record: BuildRecord): Promise<void>;
  deleteRecord(build: string): Promise<void>;
  /**
   * Keys of the derivative entries (src/media/derivatives-in-media-store.ts): small texts by key,
   * kept apart from objects and records. The PDF stage's cache decides the keys and the text.
   */
  listEntries(): AsyncIterable<string>;
  /** The entry's text, or null when there is none. */
  getEntry(key: string): Promise<string | null>;
  /** Writes or replaces an entry. Atomic: a reader sees the old text, the new text or none. */
  setEntry(key: string, text: string): Promise<void>;
  /** Removes an entry; removing a missing one is no error. */
  deleteEntry(key: string): Promise<void>;
}

export class MediaHashMismatch extends Error {
  override name = 'MediaHashMismatch';
  constructor(expected: string, actual: string) {
    super(`the bytes hash to ${actual}, not to ${expected}; nothing was stored`);
  }
}

/** The media store could not be listed, read or written (after retries): the command fails, saying so. */
export class MediaStoreError extends Error {
  override name = 'MediaStoreError';
}

/** An object could not be stored (after its retries): the build fails and build/ stays as it was. */
export class MediaUploadError extends MediaStoreError {
  override name = 'MediaUploadError';
}

const BUILD_ID = /^[0-9a-z][0-9a-z-]{0,63}$/;

/** Keys and paths are made from hashes and build ids: anything else is refused before any I/O. */
export function assertHash(hash: string): void {
  if (!isSha256(hash)) throw new Error(`media store: "${hash}" is not a lowercase sha256 hex digest`);
}

export function assertBuildId(build: string): void {
  if (!BUILD_ID.test(build)) throw new Error(`media store: "${build}" is not a build id`);
}

export function assertMediaEntryKey(key: string): void {
  if (!isEntryKey(key)) throw new Error(`media store: "${key}" is not an entry key`);
}

export { isEntryKey, isSha256 as isHash };


/** A build record read back from JSON, or null when it is not one (a foreign or damaged file). */
export function parseBuildRecord(value: unknown): BuildRecord | null {
  if (!value || typeof value !== 'object') return null;
  const { build, date, objects } = value as Record<string, unknown>;
  if (typeof build !== 'string' || !BUILD_ID.test(build)) return null;
  if (typeof date !== 'string' || Number.isNaN(Date.parse(date))) return null;
  if (!Array.isArray(objects) || !objects.every((hash) => typeof hash === 'string' && isSha256(hash))) return null;
  return { build, date, objects: objects as string[] };
}

/**
 * Only bytes `start..end` (inclusive) of a stream, for stores without ranged reads (Netlify
 * Blobs): the bytes before are read and dropped, and the source is cancelled after `end`.
 */
export function sliceStream(stream: ReadableStream<Uint8Array>, range: ByteRange): ReadableStream<Uint8Array> {
  let offset = 0;
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const from = Math.max(0, range.start - offset);
        const to = Math.min(chunk.byteLength, range.end + 1 - offset);
        offset += chunk.byteLength;
        if (from < to) controller.enqueue(chunk.subarray(from, to));
        if (offset > range.end) controller.terminate();
      },
    }),
  );
}

/**
 * The media upload: the build puts into the media store the objects it lacks.
 * One listing of the store (not a request per object), then the missing objects with bounded
 * concurrency, each retried with backoff, with a progress display. The build runs it before
 * build/ is replaced (src/build.ts), so a failed upload leaves build/ as it was.
 *
 * Nothing is ever deleted here: a previous deploy may still serve any object (docs/deploy.md,
 * "Retention"; `archive prune`).
 */
import { openAsBlob } from 'node:fs';
import { mapLimit } from '../lib/concurrency.ts';
import { count } from '../lib/plural.ts';
import { formatDuration, type Gauge, type Reporter } from '../lib/progress.ts';
import type { MediaFile } from './collect.ts';
import { GaveUp, withRetries, type RetryOptions } from './retry.ts';
import { waitForPrunes } from './prune-marks.ts';
import { MediaHashMismatch, MediaUploadError, type BuildRecord, type MediaBody, type MediaStore } from './media-store.ts';

export interface UploadState {
  objects: number;
  objectsDone: number;
  bytes: number;
  bytesDone: number;
  /** Objects the store had before this build: not the page images its PDF stage put there (UploadOptions.derived). */
  present: number;
  store: string;
}

export interface UploadStats {
  /** Distinct objects the build references. */
  objects: number;
  uploaded: number;
  uploadedBytes: number;
  /** Objects the store had before this build (UploadState.present). */
  present: number;
  /** Objects this build's PDF stage put into the store (page images), so not uploaded here either. */
  derived: number;
}

export interface UploadOptions extends RetryOptions {
  concurrency?: number;
  progress?: Reporter<UploadState>;
  /** Told when the upload waits for an `archive prune` under way (src/media/prune-marks.ts). */
  onWait?: (message: string) => void;
  /** Between two looks at a running prune's lease (tests). */
  pollMs?: number;
  /**
   * Objects this build's PDF stage put into the store itself (DerivativeStore.putThisRun): found
   * there, but not left by an earlier build, so counted apart from `present`.
   */
  derived?: ReadonlySet<string>;
}

/** Distinct objects, first file of each hash: several paths may name the same bytes. */
function distinctObjects(files: readonly MediaFile[]): MediaFile[] {
  const seen = new Map<string, MediaFile>();
  for (const file of files) if (!seen.has(file.sha256)) seen.set(file.sha256, file);
  return [...seen.values()];
}

/**
 * Puts the objects of `files` the store lacks. Call it after `recordBuild`: a prune that starts
 * later reads the record, and one under way that may delete an object found here is waited for
 * before the listing (src/media/prune-marks.ts), so every object is in the store when this returns.
 */
export async function uploadMedia(store: MediaStore, files: readonly MediaFile[], options: UploadOptions = {}): Promise<UploadStats> {
  const objects = distinctObjects(files);
  const present = await presentObjects(store, new Set(objects.map((file) => file.sha256)), options);
  const missing = objects.filter((file) => !present.has(file.sha256));
  const derived = options.derived ? objects.filter((file) => present.has(file.sha256) && options.derived!.has(file.sha256)).length : 0;
  const state: UploadState = {
    objects: missing.length,
    objectsDone: 0,
    bytes: missing.reduce((sum, file) => sum + file.size, 0),
    bytesDone: 0,
    present: objects.length - missing.length - derived,
    store: store.description,
  };
  const progress = missing.length > 0 ? options.progress : undefined;
  progress?.start(state);
  let failed = false;
  try {
    await mapLimit(missing, options.concurrency ?? 8, async (file) => {
      // No object starts after the first failure: the build fails either way.
      if (failed) return;
      try {
        await putWithRetries(store, file, options);
      } catch (error) {
        failed = true;
        throw error;
      }
      state.objectsDone++;
      state.bytesDone += file.size;
      progress?.update(state);
    });
  } finally {
    progress?.stop(state);
  }
  return { objects: objects.length, uploaded: missing.length, uploadedBytes: state.bytes, present: state.present, derived };
}

/**
 * The objects of `relied` the store holds, once no prune that may delete one of them is under
 * way (src/media/prune-marks.ts): one listing of the store.
 */
async function presentObjects(store: MediaStore, relied: ReadonlySet<string>, options: Pick<UploadOptions, 'onWait' | 'pollMs'>): Promise<Set<string>> {
  await waitForPrunes(store, relied, { onWait: options.onWait, pollMs: options.pollMs });
  const present = new Set<string>();
  for await (const hash of store.list()) if (relied.has(hash)) present.add(hash);
  return present;
}

/**
 * For a build that publishes the objects of an earlier one (src/previous/state.ts): records
 * it as recordBuild does, and tells whether the store still holds every object, without the
 * files to upload one that went missing (the caller then builds in full).
 */
export async function recordUnchanged(store: MediaStore, build: string, objects: readonly string[], options: Pick<UploadOptions, 'onWait' | 'pollMs'> = {}): Promise<boolean> {
  await writeRecord(store, { build, date: new Date().toISOString(), objects: [...objects] });
  const relied = new Set(objects);
  return (await presentObjects(store, relied, options)).size === relied.size;
}

async function putWithRetries(store: MediaStore, file: MediaFile, options: UploadOptions): Promise<void> {
  try {
    // Different bytes stay different: only transport and store failures are worth a retry.
    await withRetries(async () => store.put(file.sha256, await bodyOf(file)), options, (error) => error instanceof MediaHashMismatch || error instanceof ChangedSource);
  } catch (error) {
    const gaveUp = error as GaveUp;
    const where = 'file' in file.source ? ` (${file.source.file})` : '';
    throw new MediaUploadError(`could not upload media file ${file.path}${where} to the ${store.description} ${gaveUp.message}`, { cause: gaveUp.cause });
  }
}

/** The bytes to send: a file-backed Blob (read as it is sent, reopened for each try) or bytes in memory. */
async function bodyOf(file: MediaFile): Promise<MediaBody> {
  if ('bytes' in file.source) return file.source.bytes;
  const blob = await openAsBlob('file' in file.source ? file.source.file : await file.source.local());
  if (blob.size !== file.size) throw new ChangedSource(`the file has ${blob.size} bytes now, ${file.size} when the build hashed it`);
  return blob;
}

class ChangedSource extends Error {
  override name = 'ChangedSource';
}

/**
 * Writes the record of what this build references (retention, src/media/prune.ts), before the
 * upload lists the store: a prune that starts afterwards keeps every object it names.
 */
export async function recordBuild(store: MediaStore, build: string, files: readonly MediaFile[], now: Date = new Date()): Promise<BuildRecord> {
  return writeRecord(store, { build, date: now.toISOString(), objects: mediaObjects(files) });
}

/** The distinct objects of a build's media files, sorted: what its record names. */
function mediaObjects(files: readonly MediaFile[]): string[] {
  return [...new Set(files.map((file) => file.sha256))].sort();
}

async function writeRecord(store: MediaStore, record: BuildRecord): Promise<BuildRecord> {
  try {
    await store.writeRecord(record);
  } catch (error) {
    throw new MediaUploadError(`could not write the record of build ${record.build} to the ${store.description}: ${(error as Error).message}`, { cause: error });
  }
  return record;
}

const MB = 1e6;

export const UPLOAD_GAUGE: Gauge<UploadState> = {
  value: (state) => state.bytesDone,
  total: (state) => state.bytes,
  bar: 'media [{bar}] {mb} MB | {objects} objects | ETA {eta_formatted}',
  payload: (state) => ({ mb: `${(state.bytesDone / MB).toFixed(1)}/${(state.bytes / MB).toFixed(1)}`, objects: `${state.objectsDone}/${state.objects}` }),
  startLine: (state) => `media: ${count(state.objects, 'object')} (${(state.bytes / MB).toFixed(1)} MB) to upload to the ${state.store}, ${state.present} already there`,
  line(state, elapsedMs) {
    const perSecond = elapsedMs > 0 ? (state.bytesDone * 1000) / elapsedMs : 0;
    const eta = perSecond > 0 ? (state.bytes - state.bytesDone) / perSecond : null;
    return `media: ${state.objectsDone}/${state.objects} objects, ${(state.bytesDone / MB).toFixed(1)}/${(state.bytes / MB).toFixed(1)} MB, ${(perSecond / MB).toFixed(1)} MB/s, ETA ${formatDuration(eta)}`;
  },
};

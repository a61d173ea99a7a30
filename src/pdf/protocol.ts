/** Messages between the pool (main thread) and its workers. */
import type { CacheFile, PartBody, Pass } from './cache.ts';
import type { PdfFailureReason } from './types.ts';

export interface ToWorker {
  task: number;
  pass: Pass;
  /** The PDF (facts and first pass). */
  file: string;
  sha256: string;
  /** Pages to derive; `to: null` = the first part, its length decided by the worker. */
  from: number;
  to: number | null;
  chunk: number;
  /** WebP pass: the page count and the PNGs of pages from..to, read from the cache by the main thread. */
  numPages?: number;
  pngs?: { page: number; name: string; bytes: Uint8Array }[];
}

/** A derived file on its way to the store; the bytes are transferred, not copied. */
export interface FileBytes extends CacheFile {
  bytes: Uint8Array;
}

export type FromWorker =
  | { type: 'ready' }
  | { type: 'page'; task: number; page: number; numPages: number; files: FileBytes[] }
  | { type: 'opened'; task: number; numPages: number; to: number }
  | { type: 'done'; task: number; ok: true; part: PartBody }
  | { type: 'done'; task: number; ok: false; reason: PdfFailureReason; message: string; cause?: string | undefined };

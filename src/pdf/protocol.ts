/** Messages between the pool (main thread) and its workers. */
import type { CacheFile } from './cache.ts';
import type { PdfFacts, PdfFailureReason } from './types.ts';

export interface ToWorker {
  task: number;
  file: string;
  sha256: string;
  images: boolean;
  cacheDir: string;
  /** Pages to derive; `to: null` = the first part, its length decided by the worker. */
  from: number;
  to: number | null;
  chunk: number;
}

/** What one part of a PDF produced; the main thread merges the parts into one cache entry. */
export interface PartResult {
  staging: string;
  facts: PdfFacts;
  files: CacheFile[];
}

export type FromWorker =
  | { type: 'ready' }
  | { type: 'page'; task: number; page: number; numPages: number }
  | { type: 'opened'; task: number; numPages: number; to: number }
  | { type: 'done'; task: number; ok: true; part: PartResult }
  | { type: 'done'; task: number; ok: false; reason: PdfFailureReason; message: string; cause?: string | undefined };

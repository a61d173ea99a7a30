/** Messages between the pool (main thread) and its workers. */
import type { PdfFailureReason } from './types.ts';

export interface ToWorker {
  task: number;
  file: string;
  sha256: string;
  images: boolean;
  cacheDir: string;
}

export type FromWorker =
  | { type: 'ready' }
  | { type: 'page'; task: number; page: number; numPages: number }
  | { type: 'done'; task: number; ok: true }
  | { type: 'done'; task: number; ok: false; reason: PdfFailureReason; message: string; cause?: string | undefined };

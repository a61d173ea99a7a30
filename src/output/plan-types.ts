/**
 * The output plan: every file of build/, as data. Stages produce PlannedFiles; only
 * output/write.ts turns them into a directory.
 */
export type PlannedFile =
  /** A file with the given content. */
  | { path: string; body: string | Uint8Array }
  /** A copy of an existing file (attachments, PDFs, cached page images): hard-linked when possible. */
  | { path: string; copyFrom: string };

/**
 * A file of build/, as data: the output plan (src/output/plan.ts) is a list of them. Several
 * stages produce PlannedFiles (the API stage's extra files, the media index, the output plan
 * itself); only src/output/write.ts turns them into a directory. Here, below every stage, so
 * each producer can name the type without importing a later stage.
 */
export type PlannedFile =
  /** A file with the given content. */
  | { path: string; body: string | Uint8Array }
  /** A copy of an existing file (attachments, PDFs, cached page images): hard-linked when possible. */
  | { path: string; copyFrom: string };

/**
 * A file of build/, as data: the output plan (src/output/plan.ts) is a list of them. Several
 * stages produce PlannedFiles (the API stage's extra files, the media index, the output plan
 * itself); only src/output/write.ts turns them into a directory. Here, below every stage, so
 * each producer can name the type without importing a later stage.
 */
export type PlannedFile =
  /** A file with the given content; `sha256`, when the producer hashed it already, is that of its bytes. */
  | { path: string; body: string | Uint8Array; sha256?: string }
  /**
   * A copy of an existing file (Swagger UI's files, a file of the previous build/ reused unchanged):
   * hard-linked when possible. `sha256`, when known, is that of its bytes; the build id counts it.
   */
  | { path: string; copyFrom: string; sha256?: string };

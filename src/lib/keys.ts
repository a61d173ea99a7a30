/**
 * The names the stores accept (the media store, src/media/media-store.ts, and the PDF stage's
 * derivative store, src/pdf/derivative-store.ts), so that a key or hash is refused before any I/O.
 */

/** A lowercase sha256 hex digest: how objects and files are named. */
export function isSha256(value: string): boolean {
  return SHA256.test(value);
}

/**
 * An entry key as the derivative cache makes them: lowercase words, digits, dots and dashes in
 * slash-separated segments, no `..`, at most 400 characters (well within Netlify Blobs' key limit).
 */
export function isEntryKey(key: string): boolean {
  return ENTRY_KEY.test(key) && !key.includes('..') && key.length <= 400;
}

const SHA256 = /^[0-9a-f]{64}$/;
const ENTRY_KEY = /^[0-9a-z][0-9a-z.-]*(\/[0-9a-z][0-9a-z.-]*)*$/;

/**
 * SHA-256 with Node's crypto, the one place the Node side hashes: how build/'s files, the PDF
 * derivatives, the media files, the reuse keys and the data downloads are recorded and checked.
 * One-shot (`sha256Of`, `sha256Bytes`) or fed in parts (`sha256Hash`). The web-standard twin, for
 * what the Edge Functions load, is secret-digest.ts.
 */
import { createHash, hash, type Hash } from 'node:crypto';

/** The SHA-256 of bytes (a string as UTF-8), as 64 hex digits. */
export function sha256Of(data: string | Uint8Array): string {
  return hash('sha256', data, 'hex');
}

/** The SHA-256 of bytes (a string as UTF-8), as its 32 bytes. */
export function sha256Bytes(data: string | Uint8Array): Buffer {
  return hash('sha256', data, 'buffer');
}

/** A SHA-256 fed in parts (`update`), read once with `digest('hex')` or `digest()`. */
export function sha256Hash(): Hash {
  return createHash('sha256');
}

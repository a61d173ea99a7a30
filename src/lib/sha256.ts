/**
 * The SHA-256 of bytes (a string as UTF-8), as 64 hex digits, with Node's crypto: how build/'s
 * files, the PDF derivatives and the data downloads are recorded and checked. The edge-safe
 * twin for serving is secret-digest.ts.
 */
import { createHash } from 'node:crypto';

export function sha256Of(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * Reading an answer's body as a guest who does not trust the host: never more bytes than a bound
 * (checked against `Content-Length` before the first byte and counted while reading), JSON no
 * deeper than a bound (checked without recursion, so 100,000 nested lists are a report, not a
 * stack overflow), a file streamed to disk while its sha256 is computed, and the checks that
 * tell a PDF from a login page.
 */
import { sha256Hash } from '../lib/sha256.ts';
import { open } from 'node:fs/promises';

/** What a body was refused for: not retried, since the same URL answers the same. */
export class BodyRefused extends Error {
  override name = 'BodyRefused';
}

/** The body ended early or the connection dropped: another try may pass. */
export class BodyBroken extends Error {
  override name = 'BodyBroken';
}

const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;

/** Refuses a `Content-Length` above `max` before reading a byte. */
function checkDeclaredLength(response: Response, max: number, option: string): number | null {
  const header = response.headers.get('content-length');
  if (header === null) return null;
  const declared = Number(header);
  if (!Number.isSafeInteger(declared) || declared < 0) throw new BodyRefused(`Content-Length ${JSON.stringify(header)} is not a byte count`);
  if (declared > max) throw new BodyRefused(`Content-Length ${declared} bytes (${mib(declared)}) is more than the ${mib(max)} allowed (${option})`);
  return declared;
}

/** Every chunk of the body, stopping with BodyRefused once more than `max` bytes arrived. */
async function* chunks(response: Response, max: number, option: string): AsyncGenerator<Uint8Array> {
  if (!response.body) return;
  const reader = response.body.getReader();
  let total = 0;
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (error) {
        throw new BodyBroken(`connection dropped while reading (${(error as Error).message})`);
      }
      if (next.done) return;
      total += next.value.length;
      if (total > max) throw new BodyRefused(`the answer went past the ${mib(max)} allowed (${option}) without ending`);
      yield next.value;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** The whole body, at most `max` bytes. */
export async function boundedBytes(response: Response, max: number, option: string): Promise<Uint8Array> {
  checkDeclaredLength(response, max, option);
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks(response, max, option)) parts.push(chunk);
  return Buffer.concat(parts);
}

/** Throws BodyRefused when `value` nests deeper than `max` lists and objects (walked without recursion). */
export function checkDepth(value: unknown, max: number): void {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth > max) throw new BodyRefused(`JSON nested more than ${max} levels deep (froide's answers nest fewer than 10)`);
    for (const child of Array.isArray(item) ? item : Object.values(item)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
}

export interface FileFacts {
  bytes: number;
  sha256: string;
  /** The first bytes, for the format check. */
  head: Uint8Array;
}

/** Streams the body into a new file at `dest` (in a staging folder, removed with it when anything fails), at most `max` bytes. */
export async function bodyToFile(response: Response, dest: string, max: number, option: string): Promise<FileFacts> {
  checkDeclaredLength(response, max, option);
  const hash = sha256Hash();
  const handle = await open(dest, 'wx');
  let bytes = 0;
  let head = new Uint8Array(0);
  try {
    for await (const chunk of chunks(response, max, option)) {
      if (head.length < 1024) head = Buffer.concat([head, chunk.subarray(0, 1024 - head.length)]);
      hash.update(chunk);
      bytes += chunk.length;
      await handle.write(chunk);
    }
  } finally {
    await handle.close();
  }
  return { bytes, sha256: hash.digest('hex'), head };
}

/** pdf.js, like Acrobat, looks for `%PDF-` within the first 1024 bytes. */
export function looksLikePdf(head: Uint8Array): boolean {
  return Buffer.from(head).includes('%PDF-');
}

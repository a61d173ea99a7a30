/**
 * Pool worker: one part (a page range) of one pass over one PDF at a time. It reports each
 * page with the files it made, their bytes transferred to the main thread, which stores them
 * and commits the cache entries (pool.ts, passes.ts). Runs in a worker thread, so a hung or
 * crashed PDF costs one terminated thread, not the build.
 */
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import { sha256Of } from '../lib/sha256.ts';
import type { PartBody } from './cache.ts';
import { derivePdf } from './derive.ts';
import { webpSiblings } from './images.ts';
import type { FileBytes, FromWorker, ToWorker } from './protocol.ts';
import { mapLimit } from '../lib/concurrency.ts';

const WEBP_PAGES_AT_ONCE = 2;

// One libvips thread per operation: the pool already runs one worker per core.
sharp.concurrency(1);

const port = parentPort;
if (!port) throw new Error('src/pdf/pdf-worker.ts must run in a worker thread');
const send = (message: FromWorker) => {
  const transfer = message.type === 'page' ? message.files.map((file) => file.bytes.buffer as ArrayBuffer) : [];
  port.postMessage(message, transfer);
};

port.on('message', (message: ToWorker) => {
  void (message.pass === 'webp' ? webpPart(message) : firstPart(message)).then(send, (error: unknown) =>
    send({ type: 'done', task: message.task, ok: false, reason: 'io-error', message: describe(error) ?? 'unknown error' }),
  );
});
send({ type: 'ready' });

async function firstPart({ task, pass, file, sha256, from, to, chunk }: ToWorker): Promise<FromWorker> {
  const bytes = await readFile(file);
  if (sha256Of(bytes) !== sha256) {
    return { type: 'done', task, ok: false, reason: 'io-error', message: 'the file changed during the build' };
  }
  const made: FileBytes[] = [];
  const out = await derivePdf({
    bytes,
    sha256,
    images: pass === 'first',
    range: { from, to, chunk },
    // A copy that owns its memory, so it can be transferred (sharp's buffers may share a pool).
    write: (file, data) => made.push({ ...file, bytes: new Uint8Array(data) }),
    onOpen: (numPages, last) => send({ type: 'opened', task, numPages, to: last }),
    onPage: (page, numPages) => send({ type: 'page', task, page, numPages, files: made.splice(0) }),
  });
  if (!out.ok) return { type: 'done', task, ok: false, reason: out.reason, message: out.message, cause: describe(out.cause) };
  const { numPages, properties, outline, pages } = out.facts;
  const last = pages.at(-1)?.number ?? from;
  const part: PartBody = { from, to: last, numPages, head: from === 1 ? { properties, outline } : null, pages, files: out.files };
  return { type: 'done', task, ok: true, part };
}

/**
 * The WebP siblings of the PNGs of pages from..to. Two pages at a time: a page's `original`
 * takes most of its encode time, so the next page's smaller sizes fill the threads meanwhile.
 */
async function webpPart({ task, from, to, numPages = 0, pngs = [] }: ToWorker): Promise<FromWorker> {
  if (to === null) throw new Error('the WebP pass needs an explicit page range');
  const pages = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const made = await mapLimit(pages, WEBP_PAGES_AT_ONCE, async (page) => {
    const files = (await webpSiblings(pngs.filter((png) => png.page === page))).map(({ name, bytes }) => ({ name, size: bytes.length, sha256: sha256Of(bytes), bytes: new Uint8Array(bytes) }));
    const listed = files.map(({ bytes: _, ...file }) => file);
    send({ type: 'page', task, page, numPages, files });
    return listed;
  });
  const part: PartBody = { from, to, numPages, head: null, pages: [], files: made.flat() };
  return { type: 'done', task, ok: true, part };
}

function describe(error: unknown): string | undefined {
  if (error === undefined) return undefined;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

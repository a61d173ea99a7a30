/**
 * Pool worker: derives one part (a page range) of one PDF at a time into a staging folder and
 * reports progress. The main thread merges the parts and commits the cache entry. Runs in a
 * worker thread, so a hung or crashed PDF costs one terminated thread, not the build.
 */
import { readFile, writeFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import { createStaging, sha256Hex } from './cache.ts';
import { derivePdf } from './derive.ts';
import type { FromWorker, ToWorker } from './protocol.ts';

// One libvips thread per operation: the pool already runs one worker per core.
sharp.concurrency(1);

const port = parentPort;
if (!port) throw new Error('src/pdf/worker.ts must run in a worker thread');
const send = (message: FromWorker) => port.postMessage(message);

port.on('message', (message: ToWorker) => {
  void run(message).then(send, (error: unknown) =>
    send({ type: 'done', task: message.task, ok: false, reason: 'io-error', message: describe(error) ?? 'unknown error' }),
  );
});
send({ type: 'ready' });

async function run({ task, file, sha256, images, cacheDir, from, to, chunk }: ToWorker): Promise<FromWorker> {
  const bytes = await readFile(file);
  if (sha256Hex(bytes) !== sha256) {
    return { type: 'done', task, ok: false, reason: 'io-error', message: 'the file changed during the build' };
  }
  const staging = await createStaging(cacheDir);
  const out = await derivePdf({
    bytes,
    sha256,
    images,
    range: { from, to, chunk },
    write: (name, data) => writeFile(join(staging, name), data),
    onOpen: (numPages, last) => send({ type: 'opened', task, numPages, to: last }),
    onPage: (page, numPages) => send({ type: 'page', task, page, numPages }),
  });
  if (out.ok) return { type: 'done', task, ok: true, part: { staging, facts: out.facts, files: out.files } };
  await rm(staging, { recursive: true, force: true });
  return { type: 'done', task, ok: false, reason: out.reason, message: out.message, cause: describe(out.cause) };
}

function describe(error: unknown): string | undefined {
  if (error === undefined) return undefined;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/**
 * The pool's workers kept between runs (IdleWorkers): the PDF stage's WebP pass takes the
 * first pass's live workers instead of starting its own. Real worker threads, real PDFs.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256Of } from '../../src/lib/sha256.ts';
import { runPool, type PoolTask } from '../../src/pdf/pool.ts';
import { IdleWorkers } from '../../src/pdf/pool-worker.ts';
import { fillerPages, writePdf } from '../../tools/pdf-writer.ts';
import { slowRenderPdf } from './helpers/raw-pdf.ts';
import { makeTempDir } from './helpers/temp.ts';

let dir: string;
let idle: IdleWorkers;
beforeEach(async () => {
  dir = await makeTempDir();
  idle = new IdleWorkers();
});
afterEach(async () => {
  await idle.close();
  await rm(dir, { recursive: true, force: true });
});

async function task(name: string, bytes: Uint8Array | Promise<Uint8Array>, pass: PoolTask['pass'] = 'facts'): Promise<PoolTask> {
  const file = join(dir, name);
  await writeFile(file, await bytes);
  return { pass, file, sha256: sha256Of(await readFile(file)) };
}

const store = async () => undefined;

describe('IdleWorkers', () => {
  it('hands the live worker of one run to the next, which starts none', async () => {
    const [first] = await runPool([await task('a.pdf', writePdf({ pages: fillerPages(2, 1) }))], { store, concurrency: 1, idle });
    expect(first).toMatchObject({ status: 'done' });
    const worker = idle.take();
    expect(worker?.alive).toBe(true);
    expect(idle.take()).toBeNull();
    idle.give(worker!);

    const [second] = await runPool([await task('b.pdf', writePdf({ pages: fillerPages(3, 1) }))], { store, concurrency: 1, idle });
    expect(second).toMatchObject({ status: 'done', parts: [{ numPages: 3 }] });
    expect(idle.take()).toBe(worker);
    expect(idle.take()).toBeNull();
    idle.give(worker!);

    await idle.close();
    expect(idle.take()).toBeNull();
    await expect.poll(() => worker!.alive, { timeout: 5_000 }).toBe(false);
  });

  it('keeps no worker that a time limit terminated', async () => {
    const [outcome] = await runPool([await task('slow.pdf', slowRenderPdf(), 'first')], { store, concurrency: 1, idle, timeLimitMs: 1_500 });
    expect(outcome).toMatchObject({ status: 'failed', failure: { reason: 'timeout' } });
    expect(idle.take()).toBeNull();
  });
});

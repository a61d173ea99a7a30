/**
 * Parses content files on all cores. YAML parsing and validation are most of the time a
 * large archive spends loading (about 70 µs a file), and they are pure, so files are parsed
 * in worker threads in chunks; results come back in file order. Small archives parse on
 * this thread: starting workers costs more than it saves below a few thousand files.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { parseContentFile, type ParsedFile, type ParseInput } from './parse.ts';

const WORKER_THRESHOLD = 4000;
const CHUNK = 500;
const ENTRY = new URL('./parse-worker-entry.mjs', import.meta.url);

export interface ParseOptions {
  /** Worker threads to use; default: one per core. 0 parses on this thread. */
  workers?: number;
}

export async function parseFiles(inputs: readonly ParseInput[], options: ParseOptions = {}): Promise<ParsedFile[]> {
  const workers = Math.min(options.workers ?? availableParallelism(), Math.ceil(inputs.length / CHUNK));
  if (workers < 2 || (options.workers === undefined && inputs.length < WORKER_THRESHOLD)) return inputs.map(parseContentFile);

  const results = new Array<ParsedFile>(inputs.length);
  let next = 0;
  const pool = Array.from({ length: workers }, () => new Worker(ENTRY, { execArgv: [] }));
  try {
    await Promise.all(
      pool.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              if (next >= inputs.length) return resolve();
              const start = next;
              next += CHUNK;
              worker.postMessage({ start, inputs: inputs.slice(start, start + CHUNK) });
            };
            worker.on('message', ({ start, parsed }: { start: number; parsed: ParsedFile[] }) => {
              parsed.forEach((file, offset) => (results[start + offset] = file));
              send();
            });
            worker.once('error', reject);
            worker.once('exit', (code) => (next < inputs.length || code !== 0 ? reject(new Error(`content parser worker exited with code ${code}`)) : undefined));
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(pool.map((worker) => worker.terminate()));
  }
  return results;
}

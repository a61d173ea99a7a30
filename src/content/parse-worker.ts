/** Worker side of content/parse-pool.ts: reads and parses the chunks it is sent. */
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { parseContentFile } from './parse.ts';
import type { FileToParse, LoadedFile } from './parse-pool.ts';

parentPort!.on('message', ({ start, inputs }: { start: number; inputs: FileToParse[] }) => {
  const parsed: LoadedFile[] = inputs.map((input) => {
    const text = readFileSync(input.absolute, 'utf8');
    return { ...parseContentFile({ ...input, text }), text };
  });
  parentPort!.postMessage({ start, parsed });
});

/** Worker side of content/parse-pool.ts: reads and parses the chunks it is sent. */
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { parseContentFile, type ParsedFile } from './parse.ts';
import type { ParseChunk } from './parse-pool.ts';

parentPort!.on('message', ({ start, inputs }: ParseChunk) => {
  // Bytes, not 'utf8': parseContentFile refuses text that is not UTF-8 instead of garbling it.
  const parsed: ParsedFile[] = inputs.map((input) => parseContentFile({ ...input, bytes: readFileSync(input.absolute) }));
  parentPort!.postMessage({ start, parsed });
});

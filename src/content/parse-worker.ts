/** Worker side of content/parse-pool.ts: parses the chunks it is sent. */
import { parentPort } from 'node:worker_threads';
import { parseContentFile, type ParseInput } from './parse.ts';

parentPort!.on('message', ({ start, inputs }: { start: number; inputs: ParseInput[] }) => {
  parentPort!.postMessage({ start, parsed: inputs.map(parseContentFile) });
});

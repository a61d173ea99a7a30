/** Worker side of content/parse-pool.ts: reads and parses the chunks it is sent. */
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import type { Chunk, ChunkResults } from '../lib/chunk-pool.ts';
import { parseContentFile, type ParsedFile } from './parse.ts';
import type { ParseItem } from './parse-pool.ts';

parentPort!.on('message', ({ start, items }: Chunk<ParseItem>) => {
  // Bytes, not 'utf8': parseContentFile refuses text that is not UTF-8 instead of garbling it.
  const results: ParsedFile[] = items.map((item) => parseContentFile({ ...item, bytes: readFileSync(item.absolute) }));
  parentPort!.postMessage({ start, results } satisfies ChunkResults<ParsedFile>);
});

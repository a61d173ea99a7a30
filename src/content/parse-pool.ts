/**
 * Reads and parses content files on all cores. Reading a file that is not in the page cache
 * (a fresh clone; this machine reclaims cold pages) costs ~30 µs and parsing and validating
 * ~70 µs, so workers read their own files: reads overlap each other and the parsing. Results
 * come back in file order. Small archives are read and parsed on this thread: starting
 * workers costs more than it saves below a few thousand files.
 */
import { availableParallelism } from 'node:os';
import { runChunks } from '../lib/chunk-pool.ts';
import { parseContentFile, type ParsedFile } from './parse.ts';
import type { ContentKind } from './schema.ts';

/** A file to read and parse. */
export interface FileToParse {
  kind: ContentKind;
  path: string;
}

/**
 * Where the files are: `read` on this thread, `absolute` (where workers read a file) asked for
 * as each chunk is sent, so a million of them are not kept while the workers parse.
 */
export interface FilesToParse {
  read(input: FileToParse): Promise<Uint8Array>;
  absolute(input: FileToParse): string;
}

/** What a worker is sent for each file of a chunk (lib/chunk-pool.ts). */
export type ParseItem = FileToParse & { absolute: string };


const WORKER_THRESHOLD = 4000;
const CHUNK = 500;
const WORKER = new URL('./parse-worker.ts', import.meta.url);

export interface ParseOptions {
  /** Worker threads to use; default: one per core. 0 parses on this thread. */
  workers?: number;
  /**
   * Called with each file's parse as it comes back, before the next chunk is asked for: the
   * parse cache moves message texts out of memory there (content/parse-cache.ts `remember`).
   */
  onParsed?: (input: FileToParse, parsed: ParsedFile) => void;
}

export async function parseFiles(
  inputs: readonly FileToParse[],
  files: FilesToParse,
  options: ParseOptions = {},
): Promise<ParsedFile[]> {
  const workers = Math.min(options.workers ?? availableParallelism(), Math.ceil(inputs.length / CHUNK));
  if (workers < 2 || (options.workers === undefined && inputs.length < WORKER_THRESHOLD)) {
    const results: ParsedFile[] = [];
    for (const input of inputs) {
      const parsed = parseContentFile({ ...input, bytes: await files.read(input) });
      options.onParsed?.(input, parsed);
      results.push(parsed);
    }
    return results;
  }

  const results = new Array<ParsedFile>(inputs.length);
  await runChunks<ParseItem, ParsedFile>({
    module: WORKER,
    name: 'content parser',
    workers,
    count: inputs.length,
    size: CHUNK,
    chunk: (start, end) => inputs.slice(start, end).map((input) => ({ ...input, absolute: files.absolute(input) })),
    onResults: ({ start, results: parsed }) =>
      parsed.forEach((file, offset) => {
        options.onParsed?.(inputs[start + offset]!, file);
        results[start + offset] = file;
      }),
  });
  return results;
}

/**
 * Load and link: the first two stages of the build, and all of `archive check`. No PDF work,
 * so it is fast enough for every pull request.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { resolveSettings, SettingsError, type Env, type Settings, type SettingsOverrides } from './config.ts';
import { DigestFolder, type ContentDigests } from './content/digests.ts';
import { diskReader } from './content/disk.ts';
import { loadContent, type ContentReader } from './content/load.ts';
import type { ContentScan } from './content/scan.ts';
import { listingsIn } from './content/scan-listings.ts';
import type { ScanMemory } from './content/scan-memory.ts';
import type { ParseMemory } from './content/parse-memory.ts';
import { openParseCache, parseCacheBytes, type ParseCache } from './content/parse-cache.ts';
import { ERRORS } from './content/errors.ts';
import type { SiteInput } from './content/schema.ts';
import { Problems } from './content/problems.ts';
import { linkContent } from './model/link.ts';
import type { Archive } from './model/types.ts';
import { checkPdfHeaders } from './documents/unreadable-pdfs.ts';
import { fileDigests } from './lib/file-digests.ts';
import { checkWithheldBytes } from './model/withheld-bytes.ts';

/** The first `bytes` bytes of a file; synchronous for the reason given in content/disk.ts. */
function readHead(absolute: string, bytes: number): Uint8Array {
  const fd = openSync(absolute, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    return buffer.subarray(0, readSync(fd, buffer, 0, bytes, 0));
  } finally {
    closeSync(fd);
  }
}

export interface CheckOptions {
  contentDir: string;
  env: Env;
  overrides?: SettingsOverrides;
  /**
   * Test that every published PDF starts like one (default true). The build turns it off:
   * its PDF stage reads every document in full and applies the same policy.
   */
  pdfHeaders?: boolean;
  /**
   * Where parse results are kept between runs (content/parse-cache.ts); without it every file
   * is parsed.
   */
  parseCacheDir?: string;
  /**
   * Freeze the linked model (default true; src/model/freeze.ts): a later stage that writes to it
   * throws where it does. The command line turns it off, as a guard the test suite keeps: the walk
   * takes ~0.9 s at 50,000 requests.
   */
  freeze?: boolean;
  /** A request folder's folded digests when they are known already (content/digests.ts foldDigests). */
  previousFolds?: (folder: string) => string | undefined;
  /** What the watching preview keeps of content/ between rebuilds. */
  memory?: ContentMemory;
}

/** What the watching preview keeps of content/ between its rebuilds (src/start.ts), which run one at a time. */
export interface ContentMemory {
  /** The last walk of content/ (content/scan-memory.ts): the scan walks only what changed since. */
  scan: ScanMemory;
  /** The parse cache's shards as read last (content/parse-memory.ts): only those replaced since are read again. */
  parses: ParseMemory;
}

export interface Checked {
  problems: Problems;
  archive: Archive | undefined;
  settings: Settings | undefined;
  /** What the parse cache spared: files found unchanged (by signature or by hash) and files parsed. */
  parsing?: ParseCache['stats'];
  /** SHA-1 of every content file read, folded per request folder (content/digests.ts). */
  digests: ContentDigests;
  /** site.yaml as read, which the settings were resolved from. */
  site: SiteInput | undefined;
  /**
   * Closes the files message texts are read from (with a parse cache, the model keeps texts
   * there: content/parse-cache.ts); the archive's texts cannot be read after it.
   */
  close(): void;
}

/**
 * A parse cache this large takes long enough to read (~0.1 s per 10 MB) that walking content/
 * in a worker beside it pays for the worker's start (~0.2 s).
 */
const SCAN_IN_WORKER_BYTES = 16 * 2 ** 20;

/** Where a build's cache folder keeps the parse cache (content/parse-cache.ts). */
export const parseCacheIn = (cacheDir: string) => join(cacheDir, 'parsed');

/** content/ opened for loading: its reader and the parse cache. */
export interface OpenedContent {
  reader: ContentReader;
  cache: ParseCache | undefined;
}

/**
 * Opens content/ for loading: with a large parse cache, content/ is walked in a worker while
 * this thread reads the cache, and both threads stat its files once the reader's scan is asked
 * for (content/scan.ts).
 */
export function openContent(contentDir: string, parseCacheDir: string | undefined, memory?: ContentMemory): OpenedContent {
  const reader = diskReader(contentDir, {
    ...(memory && { memory: memory.scan }),
    scanInWorker: parseCacheDir !== undefined && parseCacheBytes(parseCacheDir) >= SCAN_IN_WORKER_BYTES,
    // The walk's listings of request folders live beside the parses (content/scan-listings.ts).
    ...(parseCacheDir !== undefined && { listings: listingsIn(parseCacheDir) }),
  });
  return { reader, cache: parseCacheDir === undefined ? undefined : openParseCache(parseCacheDir, { ...(memory && { memory: memory.parses }) }) };
}

/**
 * Load, validate and link the content; every problem is collected, nothing is thrown for
 * content. `opened` and `scan`: content/ opened, and scanned, by the caller already.
 */
export async function checkContent(options: CheckOptions, opened = openContent(options.contentDir, options.parseCacheDir, options.memory), scan?: ContentScan): Promise<Checked> {
  const problems = new Problems();
  const { reader, cache } = opened;
  const digests = new DigestFolder(options.previousFolds);
  const content = await loadContent(reader, problems, { cache, digests, ...(scan && { scan }) });
  let settings: Settings | undefined;
  if (content.site) {
    try {
      settings = resolveSettings(content.site, options.env, options.overrides);
    } catch (error) {
      if (!(error instanceof SettingsError)) throw error;
      problems.reportFile('site.yaml', ERRORS.SiteSettings, { reason: error.message });
    }
  }
  const archive = linkContent(content, problems, options.freeze ?? true);
  if (options.pdfHeaders ?? true) checkPdfHeaders(archive, readHead, problems);
  const hashing = fileDigests();
  await checkWithheldBytes(archive, async (absolute) => (await hashing.digest(absolute)).sha256, problems);
  return { problems, archive: problems.errors.length ? undefined : archive, settings, digests: digests.fold(), site: content.site, close: () => cache?.close(), ...(cache && { parsing: cache.stats }) };
}


/**
 * The content reader for a directory on disk.
 *
 * Reads are synchronous on purpose: content files are small, and for 100,000 of them the
 * promise API's open/fstat/read/close round trips through the thread pool cost several
 * times more than the reads themselves (measured: 1.1 s vs 0.2 s for 11,000 files).
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { decodeContentText } from './encoding.ts';
import type { ContentReader } from './load.ts';
import { startScan } from './scan.ts';
import type { ScanMemory } from './scan-memory.ts';

export interface DiskReaderOptions {
  /**
   * Walk and stat content/ in a worker thread, starting now (content/scan.ts): for a caller
   * that has other work to do until it asks for the scan (reading a large parse cache).
   */
  scanInWorker?: boolean;
  /** Where the walk keeps the request folders' listings between scans (content/scan-listings.ts); without it every folder is read. */
  listings?: string;
  /** The watching preview's last walk (content/scan-memory.ts): only what changed since is walked again. */
  memory?: ScanMemory;
}

export function diskReader(contentDir: string, options: DiskReaderOptions = {}): ContentReader {
  const root = resolve(contentDir);
  const under = underRoot(root);
  const texts = contentTexts(contentDir);
  // Handed over once: the reader lives as long as the model (records locate their lines
  // through it), the scan only until the loader is done with it.
  let started = options.scanInWorker ? startScan(root, true, options.listings, options.memory) : undefined;
  // Not unhandled while nobody asked for it yet; the loader sees the rejection.
  started?.catch(() => {});
  return {
    scan() {
      const scan = started ?? startScan(root, false, options.listings, options.memory);
      started = undefined;
      return scan;
    },
    async read(path) {
      return readFileSync(under(path));
    },
    async size(path) {
      const info = statSync(under(path), { throwIfNoEntry: false });
      return info?.isFile() ? info.size : null;
    },
    absolute: under,
    text: (path) => texts(path) ?? '',
  };
}

/**
 * `resolve(root, path)`, made cheap to keep: the loader makes one for every content file and the
 * model keeps one for every attachment. `resolve` builds its result piece by piece, a tree of
 * string pieces of ~600 bytes for a path of 60 characters (V8 keeps concatenations unflattened;
 * 0.5 GB for 1.1 million files, heap snapshot, docs/performance.md "Memory"); a plain relative
 * path (no `.`, `..` or empty segment) is the root, a slash and the path, which shares the two.
 */
export function underRoot(root: string): (path: string) => string {
  if (sep !== '/') return (path) => resolve(root, path);
  const prefix = root.endsWith('/') ? root : `${root}/`;
  return (path) => (isPlainRelative(path) ? prefix + path : resolve(root, path));
}

const DOT_SEGMENT = /(?:^|\/)\.{1,2}(?:\/|$)/;

function isPlainRelative(path: string): boolean {
  return path !== '' && !path.startsWith('/') && !path.endsWith('/') && !path.includes('//') && !DOT_SEGMENT.test(path);
}

/**
 * The text of content files, for the code frames of the human problem output: decoded as the
 * loader decodes them; undefined for a file that is gone, a folder, or not UTF-8 text.
 */
export function contentTexts(contentDir: string): (file: string) => string | undefined {
  const root = resolve(contentDir);
  const texts = new Map<string, string | undefined>();
  return (file) => {
    if (!texts.has(file)) {
      let text: string | undefined;
      try {
        const decoded = decodeContentText(readFileSync(resolve(root, file)));
        text = 'text' in decoded ? decoded.text : undefined;
      } catch {
        text = undefined;
      }
      texts.set(file, text);
    }
    return texts.get(file);
  };
}

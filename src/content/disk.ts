/**
 * The content reader for a directory on disk.
 *
 * Reads are synchronous on purpose: content files are small, and for 100,000 of them the
 * promise API's open/fstat/read/close round trips through the thread pool cost several
 * times more than the reads themselves (measured: 1.1 s vs 0.2 s for 11,000 files).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { decodeContentText } from './encoding.ts';
import type { ContentReader } from './load.ts';

export function diskReader(contentDir: string): ContentReader {
  const root = resolve(contentDir);
  const under = underRoot(root);
  const texts = contentTexts(contentDir);
  return {
    async files() {
      return listFiles(root);
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

/** A path segment that starts with a dot. */
const DOT_NAME = /(?:^|\/)\./;

/**
 * Every regular file under `root`: relative paths with forward slashes, sorted; names that start
 * with a dot are left out at any depth (`.git/`, editors' swap and lock files), symbolic links are
 * neither listed nor followed. Node's own recursive readdir, not fast-glob: the loader wants
 * every file, and fast-glob's matching of each entry against the pattern made the walk of
 * 710,000 files at 50,000 requests take 6.7-7.5 s against 2.9-3.3 s (docs/performance.md).
 */
function listFiles(root: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const folder = entry.parentPath.length > root.length ? entry.parentPath.slice(root.length + 1) : '';
    const path = folder ? `${sep === '/' ? folder : folder.split(sep).join('/')}/${entry.name}` : entry.name;
    if (!DOT_NAME.test(path)) files.push(path);
  }
  return files.sort();
}

/**
 * `resolve(root, path)`, made cheap to keep: the loader makes one for every content file and the
 * model keeps one for every attachment. `resolve` builds its result piece by piece, a tree of
 * string pieces of ~600 bytes for a path of 60 characters (V8 keeps concatenations unflattened;
 * 0.5 GB for 1.1 million files, heap snapshot, docs/performance.md "Memory"); a plain relative
 * path (no `.`, `..` or empty segment) is the root, a slash and the path, which shares the two.
 */
function underRoot(root: string): (path: string) => string {
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

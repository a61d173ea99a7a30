/**
 * How the serving layer reads what the build wrote (docs/architecture.md, "build/ layout").
 * Paths are relative to build/ and come from `buildPaths` in src/api/build-paths.ts.
 *
 * Two implementations with one contract: `fsBuildStore` (src/serve/shared/fs-build-store.ts)
 * for the local preview and tests, `fetchBuildStore` here for the Netlify function, which cannot
 * read the publish directory and fetches from the same deploy instead (docs/netlify.md#functions).
 * This module is web-standard only, so the Netlify function bundles no node: modules for it.
 */
import type { FileRange } from '../../formats/packs.ts';
import { parseApiJson } from '../../formats/json.ts';
import { partPath, partsCount } from '../../formats/parts.ts';

export interface BuildStore {
  /** The file's bytes, or null when there is no such file. */
  read(path: string): Promise<Uint8Array | null>;
  /** The file (or bytes `[start, end)` of it) parsed as JSON, or null; a store may cache it (see cachingBuildStore). Callers never mutate it. */
  json?(path: string, range?: FileRange): Promise<unknown>;
  /**
   * Bytes `[start, end)` of a file (fewer where the file ends sooner), or null when there is no
   * such file: how packs are read (src/serve/shared/pack-reader.ts). Without it, readRange reads the whole file.
   */
  readRange?(path: string, start: number, end: number): Promise<Uint8Array | null>;
}

/** Bytes `[start, end)` of a file through the store's own range read, or a slice of the whole file. */
export async function readRange(store: BuildStore, path: string, start: number, end: number): Promise<Uint8Array | null> {
  if (store.readRange) return store.readRange(path, start, end);
  const bytes = await store.read(path);
  return bytes === null ? null : bytes.subarray(start, end);
}

/** A file or byte range that the build's own index names but that is not there, or is cut short. */
export class BrokenBuild extends Error {
  override name = 'BrokenBuild';
}

/**
 * Bytes `[start, end)` of a file, a range the build's own index names (a slot table, bodies, a
 * postings bucket): a file that ends before it is a broken build, not a short answer. Null
 * when there is no such file; `what` names the range's end for the error.
 */
export async function readIndexedRange(store: BuildStore, path: string, range: FileRange, what = `byte ${range.end}, which the build's index names`): Promise<Uint8Array | null> {
  const bytes = await readRange(store, path, range.start, range.end);
  if (bytes !== null && bytes.byteLength !== range.end - range.start) throw new BrokenBuild(`${path} ends before ${what}`);
  return bytes;
}

/** The file's bytes, or with `range` bytes `[start, end)` of it (readIndexedRange). Null when there is no such file. */
export async function readFileOrRange(store: BuildStore, path: string, range?: FileRange): Promise<Uint8Array | null> {
  return range ? readIndexedRange(store, path, range) : store.read(path);
}

const decoder = new TextDecoder();

/** A build file's bytes as JSON (build files are UTF-8); token slots become value slots (src/formats/token-slots.ts). */
export function parseJson(bytes: Uint8Array): unknown {
  return parseApiJson(decoder.decode(bytes));
}

/**
 * Adds a parsed-JSON cache to a store: filter indexes, full-text index files and postings
 * buckets (a byte range of a file, cached by path and range), the manifest and the other data
 * files are parsed once, not on every request (the answers to one list's filters and queries
 * read the same few index files again and again). The byte ranges read out of packs (list items
 * and details, pack-reader.ts) are kept too, as bytes: a search answer's page gathers its objects
 * from dozens of list chunks, and a warm instance asked the same page again reads none of them.
 * Bounded by the bytes kept (least recently used go first) and scoped to one build: `useBuild`
 * with a new build id (manifest.build) empties it, so a rebuild under a running preview is seen
 * at once.
 */
export function cachingBuildStore(inner: BuildStore, maxBytes = 64 * 1024 * 1024): BuildStore & { useBuild(id: string): void } {
  let build: string | undefined;
  let bytes = 0;
  const entries = new Map<string, { value: unknown; size: number }>();
  const hit = (key: string): { value: unknown } | undefined => {
    const entry = entries.get(key);
    if (entry) {
      entries.delete(key);
      entries.set(key, entry);
    }
    return entry;
  };
  const keep = (key: string, value: unknown, size: number): void => {
    if (size > maxBytes / 8) return;
    entries.set(key, { value, size });
    bytes += size;
    for (const [key, entry] of entries) {
      if (bytes <= maxBytes) break;
      entries.delete(key);
      bytes -= entry.size;
    }
  };
  const readRange = inner.readRange?.bind(inner);
  return {
    read: (path) => inner.read(path),
    ...(readRange
      ? {
          async readRange(path: string, start: number, end: number) {
            // Ranges are keyed apart from parsed files (`json`): a `\0` is in no build path.
            const key = `\0${path}#${start}-${end}`;
            const cached = hit(key);
            if (cached) return cached.value as Uint8Array;
            const got = await readRange(path, start, end);
            if (got !== null) keep(key, got, got.byteLength);
            return got;
          },
        }
      : {}),
    useBuild(id) {
      if (id === build) return;
      build = id;
      entries.clear();
      bytes = 0;
    },
    async json(path, range) {
      const key = range ? `${path}#${range.start}-${range.end}` : path;
      const cached = hit(key);
      if (cached) return cached.value;
      const raw = await readFileOrRange(inner, path, range);
      if (raw === null) return null;
      const value = parseJson(raw);
      keep(key, value, raw.byteLength);
      return value;
    },
  };
}

/**
 * The whole bytes of a file read with `readRaw`: the file itself, or its parts joined when it
 * is a parts head. A missing part is an error, not a short file.
 */
export async function readWithParts(path: string, readRaw: (path: string) => Promise<Uint8Array | null>): Promise<Uint8Array | null> {
  const bytes = await readRaw(path);
  if (bytes === null || bytes.byteLength > 24 || bytes[0] !== 0x7b) return bytes;
  const count = partsCount(decoder.decode(bytes));
  if (count === null) return bytes;
  const parts = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const part = await readRaw(partPath(path, i + 1));
      if (part === null) throw new Error(`store: ${partPath(path, i + 1)} is missing; ${path} names ${count} parts`);
      return part;
    }),
  );
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.byteLength;
  }
  return whole;
}

/** Rejects anything that could leave build/: absolute paths, `..`, `.`, empty segments, NUL, backslashes. */
export function isSafeRelativePath(path: string): boolean {
  if (path === '' || path.startsWith('/') || path.includes('\0') || path.includes('\\')) return false;
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

export type Fetch = (input: Request | URL | string, init?: RequestInit) => Promise<Response>;

/**
 * Reads build files over HTTP from `origin` (the deploy's own address). Each path segment is
 * percent-encoded so that a file name is fetched as exactly that file. 404 means "no such
 * file" (so does a redirect); any other failure is an error, never a silent null, so an outage is not mistaken for
 * an empty collection.
 */
export function fetchBuildStore(origin: string | URL, fetchImpl: Fetch = fetch): BuildStore {
  const base = new URL('/', origin);
  return {
    read: (path) => readWithParts(path, (file) => readFile(file)),
    readRange: (path, start, end) => readFile(path, { start, end }),
  };

  /**
   * A file, or a range of it. A 206 answer is the range; a 200 (a server that ignores Range)
   * is cut to it here, so the answer is the same either way.
   */
  async function readFile(path: string, range?: FileRange): Promise<Uint8Array | null> {
    if (!isSafeRelativePath(path)) return null;
    if (range && range.end <= range.start) return new Uint8Array(0);
    const url = new URL(path.split('/').map(encodePathSegment).join('/'), base);
    const headers: Record<string, string> = { accept: 'application/json, */*' };
    // Identity, so that the range counts bytes of the file and not of a compressed answer.
    if (range) Object.assign(headers, { range: `bytes=${range.start}-${range.end - 1}`, 'accept-encoding': 'identity' });
    // A redirect (e.g. Netlify's slash redirect for a directory) means "not a file".
    const response = await fetchImpl(url, { headers, redirect: 'manual' });
    if (range && response.status === 416) {
      await response.body?.cancel();
      return new Uint8Array(0);
    }
    if (response.status === 404 || (response.status >= 300 && response.status < 400) || response.type === 'opaqueredirect') {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`store: GET ${url.pathname} answered ${response.status}`);
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    return range && response.status !== 206 ? bytes.subarray(range.start, range.end) : bytes;
  }
}

/** Encodes a file name as one URL path segment; an already encoded `%xx` stays a literal `%`. */
function encodePathSegment(segment: string): string {
  return encodeURIComponent(segment);
}

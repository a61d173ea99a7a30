/**
 * The media index: which object of the media store a media path names.
 * `build/_data/media/index/<bucket>.json` (buildPaths.mediaIndex) maps the SHA-256 of each raw
 * media path (mediaKey) to `{"sha256", "size", "public"?}`; `public: true` marks a public
 * attachment file, which the media gate serves without a token (docs/froide.md#media-tokens).
 * Keyed by a digest, not by the path, so that the index files, public like every file of the
 * deploy, list no media path: an unlisted document's directory holds its uid, and only who
 * knows the path finds its entry (docs/serving.md#what-a-secret-unlocks).
 *
 * The build writes it; the media gate and the media answers read it through the build-data
 * BuildStore (src/serve/shared/build-store.ts), on Netlify from the same deploy. Web-standard only.
 */
import { buildPaths } from '../api/build-paths.ts';
import { secretDigest } from '../lib/secret-digest.ts';
import { isHash } from './media-store.ts';

/** The key of a media path's entry in its index file. */
export function mediaKey(path: string): string {
  return secretDigest(path);
}

/**
 * What the index is read through: the part of the serving layer's build-data BuildStore
 * (src/serve/shared/build-store.ts) it uses, named here because the media stage comes before serving.
 */
export interface IndexReader {
  read(path: string): Promise<Uint8Array | null>;
  json?(path: string): Promise<unknown>;
}

export interface MediaEntry {
  sha256: string;
  size: number;
  /** A public attachment file (docs/froide.md#media-tokens); absent for everything else. */
  public?: true;
}

/** The media paths and entries of each index file, files in path order, each file's entries in the order they came. */
export function mediaIndexBuckets(entries: Iterable<readonly [path: string, entry: MediaEntry]>): Map<string, (readonly [path: string, entry: MediaEntry])[]> {
  const files = new Map<string, (readonly [string, MediaEntry])[]>();
  for (const pair of entries) {
    const file = buildPaths.mediaIndex(pair[0]);
    let list = files.get(file);
    if (!list) files.set(file, (list = []));
    list.push(pair);
  }
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** An index file's text: its entries by the digest of their media path (mediaKey), keys sorted. */
export function mediaIndexBody(entries: readonly (readonly [path: string, entry: MediaEntry])[]): string {
  const keyed = entries.map(([path, entry]) => [mediaKey(path), entry] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(Object.fromEntries(keyed.map(([key, entry]) => [key, entry.public ? { sha256: entry.sha256, size: entry.size, public: true } : { sha256: entry.sha256, size: entry.size }])));
}

/**
 * The entry of a media path, or null when the build has none. A store failure or a malformed
 * index file is an error, never a null: the caller decides how to fail.
 */
export async function readMediaEntry(store: IndexReader, path: string): Promise<MediaEntry | null> {
  const file = buildPaths.mediaIndex(path);
  const index = store.json ? await store.json(file) : await store.read(file).then((bytes) => (bytes === null ? null : (JSON.parse(new TextDecoder().decode(bytes)) as unknown)));
  if (index === null) return null;
  if (typeof index !== 'object' || Array.isArray(index)) throw new Error(`${file} is not a media index`);
  const key = mediaKey(path);
  if (!Object.hasOwn(index, key)) return null;
  const entry = (index as Record<string, unknown>)[key];
  if (!isMediaEntry(entry)) throw new Error(`${file}: the entry of ${path} is malformed`);
  return entry;
}

function isMediaEntry(value: unknown): value is MediaEntry {
  if (!value || typeof value !== 'object') return false;
  const { sha256, size, public: open } = value as Record<string, unknown>;
  return typeof sha256 === 'string' && isHash(sha256) && Number.isSafeInteger(size) && (size as number) >= 0 && (open === undefined || open === true);
}

/**
 * Where the data downloads live in build/ and how the API root links them (docs/downloads.md).
 * Web-standard, no Node imports: the API function, the preview and the routing files share it.
 */
import { PACK_SLOTS } from '../formats/packs.ts';

/** The manifest of a build's downloads, beside `/api/v1/`. */
export const DOWNLOADS_MANIFEST = 'downloads/manifest.json';

/** The `Link` header of the API root's answers: where the downloads' manifest is (RFC 8288 `describedby`). */
export const DOWNLOADS_LINK = `</${DOWNLOADS_MANIFEST}>; rel="describedby"; type="application/json"; title="Data downloads"`;

/** The formats of a download file, each in its own folder so one header rule types it. */
export const DOWNLOAD_FORMATS = {
  ndjson: { folder: 'downloads/ndjson', extension: 'ndjson.gz', mediaType: 'application/gzip' },
  parquet: { folder: 'downloads/parquet', extension: 'parquet', mediaType: 'application/vnd.apache.parquet' },
} as const;

export type DownloadFormat = keyof typeof DOWNLOAD_FORMATS;

/** Ids per file: the fixed ranges of detail packs, so a change rewrites the files of its range only. */
export const DOWNLOAD_RANGE = PACK_SLOTS;

/** `downloads/<format>/<resource>/<resource>-<first id>-<last id>.<ext>`, ids zero-padded to 9 digits so names sort by id. */
export function downloadPath(format: DownloadFormat, resource: string, range: number): string {
  const { folder, extension } = DOWNLOAD_FORMATS[format];
  const pad = (id: number) => String(id).padStart(9, '0');
  return `${folder}/${resource}/${resource}-${pad(range * DOWNLOAD_RANGE)}-${pad(range * DOWNLOAD_RANGE + DOWNLOAD_RANGE - 1)}.${extension}`;
}

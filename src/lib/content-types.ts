/**
 * File extension -> media type: the one table. The model names an attachment's
 * `filetype` with it, the media handler types the files it streams, the preview types the
 * files of build/ as the CDN does. Web-standard (the media Edge Function imports it).
 */

/** Bare media types (no parameters), by lower-case extension. */
const MEDIA_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  webp: 'image/webp',
  txt: 'text/plain',
  csv: 'text/csv',
  html: 'text/html',
  // The schema page's script and style (src/output/swagger-ui.ts); Netlify types them by extension too.
  js: 'text/javascript',
  css: 'text/css',
  json: 'application/json',
  xml: 'application/xml',
  eml: 'message/rfc822',
  msg: 'application/vnd.ms-outlook',
  zip: 'application/zip',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const UNKNOWN_TYPE = 'application/octet-stream';

/** The lower-case extension of the last path segment (`a/b.PDF` -> `pdf`), or null when it has none. */
export function extensionOf(path: string): string | null {
  const dot = path.lastIndexOf('.');
  return dot > path.lastIndexOf('/') ? path.slice(dot + 1).toLowerCase() : null;
}

/** Which extensions of the table a caller types: `only` these, or all `except` these. */
export interface ExtensionChoice {
  only?: ReadonlySet<string>;
  except?: ReadonlySet<string>;
}

/** The bare media type of a file name, or application/octet-stream for an extension not chosen. */
export function mediaTypeOf(path: string, choice: ExtensionChoice = {}): string {
  const ext = extensionOf(path);
  if (ext === null || !Object.hasOwn(MEDIA_TYPES, ext)) return UNKNOWN_TYPE;
  if ((choice.only && !choice.only.has(ext)) || choice.except?.has(ext)) return UNKNOWN_TYPE;
  return MEDIA_TYPES[ext]!;
}

/** The Content-Type header for a file: its media type, text in UTF-8. */
export function contentTypeOf(path: string, choice: ExtensionChoice = {}): string {
  const type = mediaTypeOf(path, choice);
  return type.startsWith('text/') ? `${type}; charset=utf-8` : type;
}

/** Slugs, file types and derived ids: small pure helpers of the model stage. */
import { createHash } from 'node:crypto';
import { mediaTypeOf } from '../lib/content-types.ts';

/**
 * What froide shows for a requester whose name is not public, in a message's sender and in the
 * answers: `User.display_name()` of a private user, `_("<< Name Not Public >>")` in German
 * (okfde/froide:froide/account/models.py). The serializer writes it, the importer reads it.
 */
export const HIDDEN_REQUESTER = '<< Anfragesteller:in >>';

/** Django's slugify: ASCII-fold, drop what is not a word character, hyphens for spaces. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[-\s_]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** `Bescheid vom 3. März.PDF` -> `bescheid-vom-3-marz.pdf` (froide stores slugified document file names). */
export function slugifyFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : 'pdf';
  return `${slugify(base) || 'document'}.${ext}`;
}

/** The extensions an attachment's `filetype` names (others are application/octet-stream, as froide's are). */
const FILETYPE_EXTENSIONS: ReadonlySet<string> = new Set(['pdf', 'png', 'jpg', 'jpeg', 'gif', 'tif', 'tiff', 'webp', 'txt', 'csv', 'html', 'eml', 'zip', 'odt', 'ods', 'doc', 'docx', 'xls', 'xlsx']);

export function mimeTypeOf(fileName: string): string {
  return mediaTypeOf(fileName, { only: FILETYPE_EXTENSIONS });
}

/** A stable UUID (version 5 layout) derived from a record id, for documents (and collections) without an explicit uid. */
export function uuidFromId(id: number, kind: 'document' | 'collection' = 'document'): string {
  const hash = createHash('sha1').update(`foi-archive-api/${kind}:${id}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The media gate (issue 4 #7–#8): decides whether a request under the media mount may have
 * the file. Web-standard and free of node: imports, because the Netlify Edge Function (Deno)
 * runs it as well as the local preview.
 *
 * Access: `docs/` is public; `docs-private/` needs the document's token; `foi/` needs the
 * file's token unless the build lists the file as a public attachment (facts §6.2,
 * buildPaths.publicMedia).
 *
 * Paths: the URL path is percent-decoded segment by segment into the raw path the build wrote
 * under build/media/ and the tokens signed (docs/architecture.md, Tokens). Anything that could
 * name a file outside the media tree is refused before any lookup: encoded slashes or
 * backslashes, `.`/`..`, empty segments, NUL, malformed escapes.
 */
import { tokenScope, verifyToken, type TokenCheck, type TokenKey } from '../api/media-token.ts';
import { buildPaths } from '../api/routes.ts';
import { parseJson, type Store } from './store.ts';

export const MEDIA_MOUNT = '/media/';

export type MediaAccess = 'public' | 'token';

export type GateDecision =
  | { allow: true; path: string; access: MediaAccess }
  | { allow: false; status: 403 | 404; message: string };

const AREAS: Record<string, MediaAccess> = { docs: 'public', foi: 'token', 'docs-private': 'token' };

/** The raw relative media path of a URL path under the mount, or null if it is not a safe one. */
export function mediaPathOf(pathname: string, mount = MEDIA_MOUNT): string | null {
  if (!pathname.startsWith(mount)) return null;
  const raw = pathname.slice(mount.length);
  if (raw === '' || /%(2f|5c|00)/i.test(raw)) return null;
  const segments: string[] = [];
  for (const encoded of raw.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(encoded);
    } catch {
      return null;
    }
    if (segment === '' || segment === '.' || segment === '..' || /[\\/\0]/.test(segment)) return null;
    segments.push(segment);
  }
  return segments.join('/');
}

const REFUSALS: Record<Exclude<TokenCheck, { ok: true }>['reason'], string> = {
  missing: 'This file needs a token: request it through the file_url the API gives, which carries ?token=.',
  malformed: 'The token of this link is malformed. Use the file_url the API gives.',
  'unknown-key': 'The token of this link was signed with a key this site no longer accepts. Fetch the file_url from the API again.',
  forged: 'The token of this link is not valid for this file.',
  expired: 'The token of this link has expired. Fetch the file_url from the API again.',
};

export interface GateOptions {
  keys: readonly TokenKey[];
  /** Unix seconds; defaults to the clock. */
  now?: () => number;
  mount?: string;
  /** The build's files, for the list of public attachment files; without it every `foi/` file needs a token. */
  store?: Store;
}

export async function checkMediaRequest(url: URL, options: GateOptions): Promise<GateDecision> {
  const path = mediaPathOf(url.pathname, options.mount);
  if (path === null) return { allow: false, status: 404, message: 'Not found.' };
  const access = AREAS[path.split('/')[0]!];
  if (!access) return { allow: false, status: 404, message: 'Not found.' };
  if (access === 'public') return { allow: true, path, access };
  const scope = tokenScope(path)!;
  const now = options.now ? options.now() : Math.floor(Date.now() / 1000);
  const check = await verifyToken(url.searchParams.get('token'), scope, options.keys, now);
  if (check.ok) return { allow: true, path, access };
  // facts §6.2: a public attachment is served without checking the token (a valid one above
  // spares the lookup; a missing, expired or foreign one does not matter).
  if (await isPublicFile(options.store, path)) return { allow: true, path, access: 'public' };
  return { allow: false, status: 403, message: REFUSALS[check.reason] };
}

/**
 * Whether the build lists the file as public (buildPaths.publicMedia). Fails closed: no store,
 * no list, an unreadable or malformed one, or a path outside it all mean "needs a token".
 */
async function isPublicFile(store: Store | undefined, path: string): Promise<boolean> {
  const list = buildPaths.publicMedia(path);
  if (!store || list === null) return false;
  try {
    const bytes = await store.read(list);
    const paths = bytes === null ? null : parseJson(bytes);
    return Array.isArray(paths) && paths.includes(path);
  } catch {
    return false;
  }
}

/** Headers for gated media answers (the edge passes them onto the CDN's bytes, the preview sends them). */
export function mediaHeaders(path: string, access: MediaAccess): Record<string, string> {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const type = contentTypeOf(name);
  const inline = type === 'application/pdf' || type.startsWith('image/') || type.startsWith('text/plain');
  return {
    'content-type': type,
    'content-disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(name)}`,
    'x-content-type-options': 'nosniff',
    'accept-ranges': 'bytes',
    // Token links are personal and expire; public files change only with a rebuild.
    'cache-control': access === 'token' ? 'private, no-store' : 'public, max-age=3600',
    'access-control-allow-origin': '*',
  };
}

export function refusal(decision: Extract<GateDecision, { allow: false }>): Response {
  return new Response(`${decision.message}\n`, {
    status: decision.status,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'access-control-allow-origin': '*',
    },
  });
}

const TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  xml: 'application/xml',
  zip: 'application/zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  eml: 'message/rfc822',
  msg: 'application/vnd.ms-outlook',
};

export function contentTypeOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot >= 0 && TYPES[name.slice(dot + 1).toLowerCase()]) || 'application/octet-stream';
}

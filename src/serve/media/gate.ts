/**
 * The media gate: decides whether a request under the media mount may have
 * the file. Web-standard and free of node: imports, because the Netlify Edge Function (Deno)
 * runs it as well as the local preview.
 *
 * Access: `docs/` is public; `docs-private/` needs the document's token; `foi/` needs the
 * file's token unless the media index marks the file public (docs/froide.md#media-tokens,
 * src/media/media-index.ts).
 *
 * Paths: the URL path is percent-decoded segment by segment into the raw media path the media
 * index and the tokens name (docs/architecture.md, Tokens). Anything that could name a file
 * outside the media tree is refused before any lookup: encoded slashes or backslashes,
 * `.`/`..`, empty segments, NUL, malformed escapes.
 */
import { mediaPathOf, tokenScope, verifyToken, type TokenCheck } from '../../formats/media-token.ts';
import type { TokenKey } from '../../formats/token-keys.ts';
import { contentTypeOf } from '../../lib/content-types.ts';
import { readMediaEntry, type MediaEntry } from '../../media/media-index.ts';
import type { BuildStore } from '../shared/build-store.ts';

export const MEDIA_MOUNT = '/media/';

export type MediaAccess = 'public' | 'token';

export type GateDecision =
  /** `entry`: the media index entry, when the gate had to read it (a public attachment). */
  | { allow: true; path: string; access: MediaAccess; entry?: MediaEntry }
  | { allow: false; status: 403 | 404 | 503; message: string };

const AREAS: Record<string, MediaAccess> = { docs: 'public', foi: 'token', 'docs-private': 'token' };

const REFUSALS: Record<Exclude<TokenCheck, { ok: true }>['reason'], string> = {
  missing: 'This file needs a token: request it through the file_url the API gives, which carries ?token=.',
  malformed: 'The token of this link is malformed. Use the file_url the API gives.',
  'unknown-key': 'The token of this link was signed with a key this site no longer accepts. Fetch the file_url from the API again.',
  forged: 'The token of this link is not valid for this file.',
  expired: 'The token of this link has expired. Fetch the file_url from the API again.',
  'too-long': 'The token of this link outlives the lifetime of this site\'s tokens. Fetch the file_url from the API again.',
};

export interface GateOptions {
  keys: readonly TokenKey[];
  /** MEDIA_TOKEN_TTL: the lifetime of a token, in seconds. */
  ttl: number;
  /** Unix seconds; defaults to the clock. */
  now?: () => number;
  mount?: string;
  /** The build's files, for the media index; without it every `foi/` file needs a token. */
  store?: BuildStore;
  /** The keys were refused (production with a weak key, src/serve/shared/minting.ts servingKeys): files that need a token are a 503. */
  refused?: true | undefined;
}

const KEYS_REFUSED = "Files that need a token are not served: this site's media token key (MEDIA_TOKEN_KEYS) is refused in production. Its operator finds why in the site's log.";

export async function checkMediaRequest(url: URL, options: GateOptions): Promise<GateDecision> {
  const path = mediaPathOf(url.pathname, options.mount ?? MEDIA_MOUNT);
  if (path === null) return { allow: false, status: 404, message: 'Not found.' };
  const access = AREAS[path.split('/')[0]!];
  if (!access) return { allow: false, status: 404, message: 'Not found.' };
  if (access === 'public') return { allow: true, path, access };
  if (options.refused) {
    // No token can be valid, whatever it says; public attachments still open.
    const entry = path.startsWith('foi/') ? await publicEntry(options.store, path) : null;
    return entry ? { allow: true, path, access: 'public', entry } : { allow: false, status: 503, message: KEYS_REFUSED };
  }
  const scope = tokenScope(path)!;
  const now = options.now ? options.now() : Math.floor(Date.now() / 1000);
  const check = await verifyToken(url.searchParams.get('token'), scope, options.keys, now, options.ttl);
  if (check.ok) return { allow: true, path, access };
  // docs/froide.md#media-tokens: a public attachment is served without checking the token (a valid one above
  // spares the lookup; a missing, expired or foreign one does not matter).
  const entry = path.startsWith('foi/') ? await publicEntry(options.store, path) : null;
  if (entry) return { allow: true, path, access: 'public', entry };
  return { allow: false, status: 403, message: REFUSALS[check.reason] };
}

/**
 * The file's media index entry if the build marks it public. Fails closed: no store, no index
 * file, an unreadable or malformed one, or a path without a public entry all mean "needs a
 * token".
 */
async function publicEntry(store: BuildStore | undefined, path: string): Promise<MediaEntry | null> {
  if (!store) return null;
  try {
    const entry = await readMediaEntry(store, path);
    return entry?.public === true ? entry : null;
  } catch {
    return null;
  }
}

/**
 * A media path keeps its URL across builds while its bytes may change (a replaced PDF keeps its
 * document's uid), so public files are not "immutable": caches may reuse them for an hour,
 * then must revalidate; the strong ETag (the object's sha256) makes that a 304 without a byte
 * of the file. An hour bounds how long a reader can see a page image of the previous PDF
 * beside the new one. Token links are personal and expire: never stored.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=3600, must-revalidate';
const TOKEN_CACHE_CONTROL = 'private, no-store';

/**
 * Media files are never typed as a page, a script or a style sheet: an attachment named
 * `x.html` is served as application/octet-stream, so no file of the archive runs on its origin.
 */
const ACTIVE_CONTENT: ReadonlySet<string> = new Set(['html', 'js', 'css']);

/** Headers of every media answer, on Netlify and in the preview (src/serve/media/handler.ts). */
export function mediaHeaders(path: string, access: MediaAccess): Record<string, string> {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const type = contentTypeOf(name, { except: ACTIVE_CONTENT });
  const inline = type === 'application/pdf' || type.startsWith('image/') || type.startsWith('text/plain');
  return {
    'content-type': type,
    'content-disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(name)}`,
    'x-content-type-options': 'nosniff',
    'accept-ranges': 'bytes',
    'cache-control': access === 'token' ? TOKEN_CACHE_CONTROL : PUBLIC_CACHE_CONTROL,
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

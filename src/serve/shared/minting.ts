/**
 * Minting when answering (docs/serving.md, "Media tokens in answers"): the settings every room
 * that answers from stored bytes mints with, and the headers of an answer that carries tokens.
 * The one transform itself is mintTokens (src/formats/token-slots.ts); its callers are the API core
 * (handler.ts `answerBody`), the detail Edge Function and the preview's details
 * (detail-rewrite.ts `packedDetail`) and the preview's static files (preview/router.ts). Web-standard only (Deno).
 */
import { DEFAULTS, tokenTtlOf } from '../../config.ts';
import { DEVELOPMENT_KEY, isProductionContext, parseTokenKeys, weakKeyProblem, weakKeysAdvice, type TokenKey } from '../../formats/token-keys.ts';
import { mintTokenBytes, mintTokens, type TokenSigner } from '../../formats/token-slots.ts';

export interface TokenServing {
  /** MEDIA_TOKEN_KEYS: the first signs (minting), all verify (the media gate). */
  keys: readonly TokenKey[];
  /** MEDIA_TOKEN_TTL in seconds. */
  ttl: number;
  /** Unix seconds; defaults to the clock. Tests inject one. */
  now?: () => number;
  /**
   * Set when the keys were refused (production with a weak key, servingKeys): `keys` is then
   * empty, no answer gets a token (a 503, MediaTokensRefused) and the gate opens no file that needs one.
   */
  refused?: true;
}

/** The preview's and the tests' default: the development key, froide's lifetime. */
export const DEVELOPMENT_TOKENS: TokenServing = { keys: [DEVELOPMENT_KEY], ttl: DEFAULTS.tokenTtl };

/** What an answer that needed a token says when the keys were refused (the log says why). */
export const TOKENS_REFUSED_DETAIL =
  "Media links cannot be signed: this site's media token key (MEDIA_TOKEN_KEYS) is refused in production. Its operator finds why in the site's log.";

/** Thrown where an answer needs a token and the keys were refused: the servers answer it as a 503. */
export class MediaTokensRefused extends Error {
  override name = 'MediaTokensRefused';
  constructor() {
    super(TOKENS_REFUSED_DETAIL);
  }
}

/** The lines each log has been told, so a process says a refusal once, not per request. */
const logged = new WeakMap<(line: string) => void, Set<string>>();

/**
 * The keys a server may sign and verify with: in a production context (Netlify's
 * CONTEXT=production, or NODE_ENV=production) none at all when any of them is the development
 * key or shorter than MIN_TOKEN_SECRET_BYTES, with one log line per process that says why and
 * which command makes a good key. A weak key that only verifies would still let anyone who
 * guesses it forge tokens, so one weak key refuses them all.
 */
export function servingKeys(keys: readonly TokenKey[], production: boolean, log: (line: string) => void = console.error): Pick<TokenServing, 'keys' | 'refused'> {
  const problems = production ? keys.map(weakKeyProblem).filter((problem) => problem !== null) : [];
  if (problems.length === 0) return { keys };
  const line = `${weakKeysAdvice(problems)}. Until then no answer carries a media token and no file that needs one is served.`;
  const told = logged.get(log) ?? new Set<string>();
  logged.set(log, told);
  if (!told.has(line)) {
    told.add(line);
    log(line);
  }
  return { keys: [], refused: true };
}

/**
 * The token settings of a deploy, from its environment (Netlify.env in an Edge Function,
 * process.env in the function; CONTEXT may come from Netlify's context object instead). Without
 * MEDIA_TOKEN_KEYS no key signs or verifies: minting fails (a 500 that names the variable) and
 * the gate refuses every token; with a weak key in production, see servingKeys.
 */
export function tokenServingOf(env: (name: string) => string | undefined, log?: (line: string) => void): TokenServing {
  const keys = env('MEDIA_TOKEN_KEYS');
  return { ...servingKeys(keys ? parseTokenKeys(keys) : [], isProductionContext(env), log), ttl: tokenTtlOf(env('MEDIA_TOKEN_TTL')) };
}

/** How a room mints stored files it answers whole (a detail, a bare list): the settings, and the build's media URL. */
export interface StoredMinting {
  tokens: TokenServing;
  /** The build's media URL (manifest urls.mediaUrl), read only for a file with a token slot. */
  mediaUrl(): Promise<string>;
}

function nowOf(serving: TokenServing): number {
  return serving.now ? serving.now() : Math.floor(Date.now() / 1000);
}

function signerOf(serving: TokenServing, mediaUrl: string): TokenSigner {
  if (serving.refused) throw new MediaTokensRefused();
  const key = serving.keys[0];
  if (!key) throw new Error('MEDIA_TOKEN_KEYS is not set where the API answers, so no media token can be minted (docs/deploy.md)');
  return { key, ttl: serving.ttl, mediaUrl };
}

/** Answer text from stored text (the API core, after it serialized its answer). */
export function mintText(text: string, serving: TokenServing, mediaUrl: string): Promise<string> {
  return mintTokens(text, signerOf(serving, mediaUrl), nowOf(serving));
}

/** Answer bytes from stored bytes (a static detail or list file); bytes without a slot pass unchanged. */
export function mintBytes(bytes: Uint8Array, serving: TokenServing, mediaUrl: string): Promise<Uint8Array> {
  return mintTokenBytes(bytes, signerOf(serving, mediaUrl), nowOf(serving));
}

/**
 * How much of a token's lifetime the CDN may keep an answer that carries it: a quarter, so a
 * client that gets a cached answer still has three quarters of the lifetime to open its links
 * (90 of froide's 120 seconds).
 */
const TOKEN_CACHE_FRACTION = 4;

/**
 * Headers of an answer that carries tokens, on top of the API headers: Netlify's CDN keeps it
 * at most ttl / TOKEN_CACHE_FRACTION seconds (`Netlify-CDN-Cache-Control`, which Netlify reads
 * and strips; `durable` shares the copy between edge nodes, for the function; Edge Function
 * answers are not cached at all). Cache-Control stays the API's `max-age=0, must-revalidate`
 * for browsers; the ETag of a minted answer changes with its tokens, so a revalidation gets
 * fresh ones.
 */
export function tokenAnswerHeaders(serving: TokenServing): Record<string, string> {
  const seconds = Math.floor(serving.ttl / TOKEN_CACHE_FRACTION);
  return { 'netlify-cdn-cache-control': seconds > 0 ? `public, durable, max-age=${seconds}` : 'no-store' };
}

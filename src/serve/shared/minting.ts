/**
 * Minting when answering (docs/serving.md, "Media tokens in answers"): the settings every room
 * that answers from stored bytes mints with, and the headers of an answer that carries tokens.
 * The one transform itself is mintTokens (src/api/token-slots.ts); its callers are the API core
 * (handler.ts `answerBody`), the detail Edge Function and the preview's details
 * (detail-rewrite.ts `packedDetail`) and the preview's static files (preview/router.ts). Web-standard only (Deno).
 */
import { DEFAULTS, DEVELOPMENT_KEY, parseTokenKeys, tokenTtlOf, type TokenKey } from '../../config.ts';
import { mintTokenBytes, mintTokens, type TokenSigner } from '../../api/token-slots.ts';

export interface TokenServing {
  /** MEDIA_TOKEN_KEYS: the first signs (minting), all verify (the media gate). */
  keys: readonly TokenKey[];
  /** MEDIA_TOKEN_TTL in seconds. */
  ttl: number;
  /** Unix seconds; defaults to the clock. Tests inject one. */
  now?: () => number;
}

/** The preview's and the tests' default: the development key, froide's lifetime. */
export const DEVELOPMENT_TOKENS: TokenServing = { keys: [DEVELOPMENT_KEY], ttl: DEFAULTS.tokenTtl };

/**
 * The token settings of a deploy, from its environment (Netlify.env in an Edge Function,
 * process.env in the function). Without MEDIA_TOKEN_KEYS no key signs or verifies: minting
 * fails (a 500 that names the variable) and the gate refuses every token.
 */
export function tokenServingOf(env: (name: string) => string | undefined): TokenServing {
  const keys = env('MEDIA_TOKEN_KEYS');
  return { keys: keys ? parseTokenKeys(keys) : [], ttl: tokenTtlOf(env('MEDIA_TOKEN_TTL')) };
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

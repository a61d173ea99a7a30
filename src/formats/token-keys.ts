/**
 * Media token keys: their form in `MEDIA_TOKEN_KEYS`, the development key, and what production
 * refuses (docs/deploy.md, "Media token keys"). The build, the media gate and the minting read them alike.
 */

export interface TokenKey {
  /** Key id, written into the token so verification picks the right secret. */
  kid: string;
  secret: string;
}

/** Marked so that nobody mistakes it for a real secret; production builds refuse it. */
export const DEVELOPMENT_KEY: TokenKey = {
  kid: 'dev',
  secret: 'INSECURE-development-only-media-token-secret',
};

function isDevelopmentKey(key: TokenKey): boolean {
  return key.secret === DEVELOPMENT_KEY.secret;
}

/** Fewest bytes of a token secret in production: HMAC-SHA256's output (RFC 2104 §3 discourages shorter keys). */
export const MIN_TOKEN_SECRET_BYTES = 32;
/** The command that makes a good secret (48 random bytes; docs/deploy.md, "Media token keys"). */
export const GOOD_KEY_COMMAND = 'openssl rand -base64 48';

/** Why a key may not sign or verify in production, or null when it may. */
export function weakKeyProblem(key: TokenKey): string | null {
  if (isDevelopmentKey(key)) return `key "${key.kid}" is the development key, which is public`;
  const bytes = new TextEncoder().encode(key.secret).byteLength;
  return bytes < MIN_TOKEN_SECRET_BYTES ? `the secret of key "${key.kid}" has ${bytes} bytes, fewer than ${MIN_TOKEN_SECRET_BYTES}` : null;
}

/** What to do about weak keys, for the build's error and the serving log. */
export function weakKeysAdvice(problems: readonly string[]): string {
  return `MEDIA_TOKEN_KEYS is refused in production: ${problems.join('; ')}. Make a secret with \`${GOOD_KEY_COMMAND}\` and set MEDIA_TOKEN_KEYS=<kid>:<that secret> in the site environment (Netlify: Site configuration > Environment variables; docs/deploy.md, "Media token keys")`;
}

/** Netlify's production context, or NODE_ENV=production anywhere (the build and every server read it alike). */
export const isProductionContext = (env: (name: string) => string | undefined): boolean => env('CONTEXT') === 'production' || env('NODE_ENV') === 'production';

/** Parses `MEDIA_TOKEN_KEYS` = `kid:secret[,kid:secret...]`; the first one signs. */
export function parseTokenKeys(value: string): TokenKey[] {
  const keys = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const colon = part.indexOf(':');
      if (colon <= 0 || colon === part.length - 1) {
        throw new Error(`MEDIA_TOKEN_KEYS entry "${part.slice(0, 12)}…" is not of the form kid:secret`);
      }
      const kid = part.slice(0, colon);
      if (!/^[A-Za-z0-9_-]+$/.test(kid)) {
        throw new Error(`MEDIA_TOKEN_KEYS key id "${kid}" may only contain letters, digits, "_" and "-"`);
      }
      return { kid, secret: part.slice(colon + 1) };
    });
  if (keys.length === 0) throw new Error('MEDIA_TOKEN_KEYS is set but names no key');
  return keys;
}

import { describe, expect, it } from 'vitest';
import { signScope, TOKEN_CLOCK_SKEW, tokenScope, verifyToken } from '../../src/api/media-token.ts';
import { DEVELOPMENT_KEY, parseTokenKeys } from '../../src/config.ts';

const current = { kid: 'k2', secret: 'second secret' };
const previous = { kid: 'k1', secret: 'first secret' };
const now = 1_700_000_000;
const TTL = 120;

describe('media tokens', () => {
  it('has the form <exp base36>:<kid>:<43 base64url chars>', async () => {
    const token = await signScope('foi/1/a.pdf', now + 60, current);
    expect(token).toMatch(/^[0-9a-z]+:k2:[A-Za-z0-9_-]{43}$/);
    expect(parseInt(token.split(':')[0]!, 36)).toBe(now + 60);
  });

  it('verifies a token for its own scope only', async () => {
    const token = await signScope('foi/1/a.pdf', now + 60, current);
    expect(await verifyToken(token, 'foi/1/a.pdf', [current], now, TTL)).toEqual({ ok: true });
    expect(await verifyToken(token, 'foi/1/b.pdf', [current], now, TTL)).toEqual({ ok: false, reason: 'forged' });
  });

  it('rejects missing, malformed, unknown-key and expired tokens', async () => {
    const token = await signScope('foi/1/a.pdf', now - TOKEN_CLOCK_SKEW - 1, current);
    expect(await verifyToken(null, 'foi/1/a.pdf', [current], now, TTL)).toEqual({ ok: false, reason: 'missing' });
    expect(await verifyToken('abc', 'foi/1/a.pdf', [current], now, TTL)).toEqual({ ok: false, reason: 'malformed' });
    expect(await verifyToken(token.replace(':k2:', ':k9:'), 'foi/1/a.pdf', [current], now, TTL)).toEqual({ ok: false, reason: 'unknown-key' });
    expect(await verifyToken(token, 'foi/1/a.pdf', [current], now, TTL)).toEqual({ ok: false, reason: 'expired' });
  });

  it('allows the documented clock skew around the expiry and the lifetime, and nothing beyond', async () => {
    const verify = async (expires: number) => verifyToken(await signScope('foi/1/a.pdf', expires, current), 'foi/1/a.pdf', [current], now, TTL);
    expect(await verify(now - TOKEN_CLOCK_SKEW)).toEqual({ ok: true });
    expect(await verify(now - TOKEN_CLOCK_SKEW - 1)).toEqual({ ok: false, reason: 'expired' });
    expect(await verify(now + TTL + TOKEN_CLOCK_SKEW)).toEqual({ ok: true });
    // Longer than the lifetime: a token of a longer setting, or of the build-time scheme (30 days).
    expect(await verify(now + TTL + TOKEN_CLOCK_SKEW + 1)).toEqual({ ok: false, reason: 'too-long' });
    expect(await verify(now + 30 * 86_400)).toEqual({ ok: false, reason: 'too-long' });
  });

  it('accepts only the canonical spelling of a signature', async () => {
    // The last of 43 base64url characters carries 4 bits; atob ignores the other 2.
    const token = await signScope('foi/1/a.pdf', now + 60, current);
    const head = token.slice(0, -1);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const accepted: string[] = [];
    for (const last of alphabet) if ((await verifyToken(head + last, 'foi/1/a.pdf', [current], now, TTL)).ok) accepted.push(last);
    expect(accepted).toEqual([token.at(-1)]);
  });

  it('detects a changed expiry as forgery', async () => {
    const token = await signScope('foi/1/a.pdf', now + 60, current);
    const [, kid, sig] = token.split(':');
    const extended = `${(now + 999_999).toString(36)}:${kid}:${sig}`;
    expect(await verifyToken(extended, 'foi/1/a.pdf', [current], now, TTL)).toEqual({ ok: false, reason: 'forged' });
  });

  it('accepts tokens of the previous key during rotation', async () => {
    const old = await signScope('foi/1/a.pdf', now + 60, previous);
    expect(await verifyToken(old, 'foi/1/a.pdf', [current, previous], now, TTL)).toEqual({ ok: true });
    expect(await verifyToken(old, 'foi/1/a.pdf', [current], now, TTL)).toEqual({ ok: false, reason: 'unknown-key' });
  });

  it('scopes attachments by file and private documents by directory', () => {
    expect(tokenScope('foi/12/Bescheid vom März.pdf')).toBe('foi/12/Bescheid vom März.pdf');
    expect(tokenScope('docs-private/ab/cd/ef/abcdef0123/page-p2-small.png')).toBe('docs-private/ab/cd/ef/abcdef0123');
    expect(tokenScope('docs-private/ab/cd/ef/abcdef0123/datei.pdf')).toBe('docs-private/ab/cd/ef/abcdef0123');
    expect(tokenScope('docs/ab/cd/ef/abcdef0123/datei.pdf')).toBeNull();
  });

  it('parses MEDIA_TOKEN_KEYS with the signing key first', () => {
    expect(parseTokenKeys('new:s3cr:et, old:x')).toEqual([
      { kid: 'new', secret: 's3cr:et' },
      { kid: 'old', secret: 'x' },
    ]);
    expect(() => parseTokenKeys('nokid')).toThrow('is not of the form kid:secret');
    expect(() => parseTokenKeys('a b:x')).toThrow('may only contain');
    expect(DEVELOPMENT_KEY.secret).toMatch(/INSECURE/);
  });
});

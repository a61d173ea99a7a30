import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expiryStep, mediaPathOf, mintedExpiry, signScope, TOKEN_CLOCK_SKEW, tokenFor, tokenScope, verifyToken } from '../../src/formats/media-token.ts';
import { DEVELOPMENT_KEY, parseTokenKeys } from '../../src/formats/token-keys.ts';

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

  it('signs what node:crypto\'s HMAC-SHA256 signs, for every length and after other keys signed in between', () => {
    const scopes = ['foi/1/a.pdf', 'foi/12/Bescheid vom 3. März.pdf', `foi/9/${'x'.repeat(200)} 📄.pdf`, 'docs-private/ab/cd/ef/0123456789abcdef'];
    for (let round = 0; round < 2; round++) {
      for (const scope of scopes) {
        for (const key of [current, previous, { kid: 'k3', secret: 'ü'.repeat(100) }]) {
          const exp = (now + round).toString(36);
          const signature = createHmac('sha256', key.secret).update(`${exp}:${key.kid}:${scope}`).digest('base64url');
          expect(tokenFor(scope, now + round, key)).toBe(`${exp}:${key.kid}:${signature}`);
        }
      }
    }
  });

  it('expire when minted on a step of a 24th of the lifetime (at least 1 s), never later than the lifetime', () => {
    expect([1, 23, 24, 120, 600, 86_400].map(expiryStep)).toEqual([1, 1, 1, 5, 25, 3600]);
    for (const ttl of [1, 30, 120, 600]) {
      const step = expiryStep(ttl);
      for (let at = now; at < now + 2 * step + 3; at++) {
        const expires = mintedExpiry(at, ttl);
        expect(expires % step, `${ttl} s at ${at}`).toBe(0);
        expect(expires).toBeLessThanOrEqual(at + ttl);
        expect(expires).toBeGreaterThan(at + ttl - step);
      }
    }
    // froide's 120 s: five consecutive seconds share an expiry, the next one moves on.
    const at = 1_700_000_000 - 120;
    expect([0, 1, 2, 3, 4, 5].map((second) => mintedExpiry(at + second, 120) - at)).toEqual([120, 120, 120, 120, 120, 125]);
  });

  it('read a media path as decoding it segment by segment would, refusing what that refuses', () => {
    const bySegment = (pathname: string): string | null => {
      const raw = pathname.slice('/media/'.length);
      if (!pathname.startsWith('/media/') || raw === '' || /%(2f|5c|00)/i.test(raw)) return null;
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
    };
    const paths = [
      'foi/12/Bescheid%20vom%203.%20M%C3%A4rz.pdf', 'foi/12/%F0%9F%93%84.pdf', 'docs-private/ab/cd/ef/0123/page-p%7Bpage%7D-%7Bsize%7D.png',
      'foi/12/a%2Fb.pdf', 'foi/12/a%2fb.pdf', 'foi/12/a%5Cb.pdf', 'foi/12/a%00b.pdf', 'foi/12/a\\b.pdf', 'foi/12/a\0b.pdf',
      'foi/12/%C3/%A4.pdf', 'foi/12/%C3%A4%C3', 'foi/12/%E0%A4%A', 'foi/12/100%', 'foi/12/%zz', 'foi//a.pdf', 'foi/12/', '/foi/12/a.pdf',
      'foi/./a.pdf', 'foi/../a.pdf', 'foi/%2e%2e/a.pdf', 'foi/%2E/a.pdf', 'foi/12/..%2e', 'foi', '', 'docs-private', 'docs-private/a/b',
    ];
    for (const path of paths) expect(mediaPathOf(`/media/${path}`, '/media/'), path).toBe(bySegment(`/media/${path}`));
    expect(mediaPathOf('/elsewhere/foi/1/a.pdf', '/media/')).toBeNull();
    expect(mediaPathOf('/media/foi/12/Bescheid%20vom%203.%20M%C3%A4rz.pdf', '/media/')).toBe('foi/12/Bescheid vom 3. März.pdf');
  });

  it('scope a path as its first five segments for private documents, itself for attachments', () => {
    const bySegments = (path: string) => {
      const segments = path.split('/');
      if (segments[0] === 'foi') return path;
      return segments[0] === 'docs-private' ? segments.slice(0, 5).join('/') : null;
    };
    for (const path of ['foi', 'foi/1', 'foi/1/a.pdf', 'foia/1', 'docs-private', 'docs-private/a', 'docs-private/a/b/c/d', 'docs-private/a/b/c/d/e', 'docs-private/a/b/c/d/e/f', 'docs-privatex/a', 'docs/a/b/c/d/e', '']) {
      expect(tokenScope(path), path).toBe(bySegments(path));
    }
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

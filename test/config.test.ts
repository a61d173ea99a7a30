import { describe, expect, it } from 'vitest';
import { DEFAULTS, deployLimits, netlifySign, pdfBudgetMs, resolveSettings, tokenTtlOf } from '../src/config.ts';

const site = { title: 'Archiv', base_url: 'https://archiv.example.org/', updated_at: '2024-01-01T00:00:00Z' };

describe('settings', () => {
  it('takes URLs from site.yaml; relative media and site URLs follow the base URL', () => {
    const settings = resolveSettings({ ...site, media_url: '/media/' }, {});
    expect(settings.urls).toEqual({
      baseUrl: 'https://archiv.example.org',
      mediaUrl: 'https://archiv.example.org/media/',
      siteUrl: 'https://archiv.example.org',
    });
  });

  it('lets the environment override site.yaml, and flags override the environment', () => {
    const env = { BASE_URL: 'https://env.example', SITE_URL: 'https://site.example/' };
    expect(resolveSettings(site, env).urls).toEqual({
      baseUrl: 'https://env.example',
      mediaUrl: 'https://env.example/media/',
      siteUrl: 'https://site.example',
    });
    expect(resolveSettings(site, env, { baseUrl: 'http://localhost:8080' }).urls.baseUrl).toBe('http://localhost:8080');
  });

  it('uses Netlify URL in production and DEPLOY_PRIME_URL in previews', () => {
    const netlify = { NETLIFY: 'true', URL: 'https://archiv.netlify.app', DEPLOY_PRIME_URL: 'https://deploy-preview-7--archiv.netlify.app', MEDIA_TOKEN_KEYS: `p:${'s'.repeat(32)}` };
    expect(resolveSettings(site, { ...netlify, CONTEXT: 'production' }).urls.baseUrl).toBe('https://archiv.netlify.app');
    expect(resolveSettings(site, { ...netlify, CONTEXT: 'deploy-preview' }).urls.baseUrl).toBe('https://deploy-preview-7--archiv.netlify.app');
    // A local `netlify build`: no URL, a placeholder DEPLOY_PRIME_URL; site.yaml's base_url stays.
    const local = { NETLIFY_LOCAL: 'true', CONTEXT: 'production', DEPLOY_PRIME_URL: 'https://master--site-name.netlify.app', MEDIA_TOKEN_KEYS: `p:${'s'.repeat(32)}` };
    expect(resolveSettings(site, local).urls.baseUrl).toBe('https://archiv.example.org');
  });

  it('knows Netlify by NETLIFY, NETLIFY_LOCAL or a Blobs context, not by CONTEXT alone', () => {
    expect(netlifySign({ NETLIFY: 'true', CONTEXT: 'production' })).toBe('NETLIFY=true');
    expect(netlifySign({ NETLIFY_LOCAL: 'true', CONTEXT: 'dev' })).toBe('NETLIFY_LOCAL=true');
    expect(netlifySign({ NETLIFY_BLOBS_CONTEXT: 'e30=' })).toBe('NETLIFY_BLOBS_CONTEXT');
    expect(netlifySign({ ARCHIVE_BLOBS_CONTEXT: 'e30=' })).toBe('ARCHIVE_BLOBS_CONTEXT');
    expect(netlifySign({ CONTEXT: 'production' })).toBeNull();
    expect(netlifySign({})).toBeNull();
  });

  it('refuses the development token key in production', () => {
    expect(() => resolveSettings(site, { CONTEXT: 'production' })).toThrow(/development key/);
    expect(() => resolveSettings(site, { NODE_ENV: 'production', MEDIA_TOKEN_KEYS: `live:${'r'.repeat(32)}` })).not.toThrow();
  });

  it('refuses a production build whose token secret is under 32 bytes, and says how to make one', () => {
    expect(() => resolveSettings(site, { CONTEXT: 'production', MEDIA_TOKEN_KEYS: `live:${'r'.repeat(31)}` })).toThrow(
      'This is a production build. MEDIA_TOKEN_KEYS is refused in production: the secret of key "live" has 31 bytes, fewer than 32. Make a secret with `openssl rand -base64 48`',
    );
    expect(() => resolveSettings(site, { CONTEXT: 'deploy-preview', MEDIA_TOKEN_KEYS: 'live:short' })).not.toThrow();
  });

  it('rejects URLs that are not absolute http(s)', () => {
    expect(() => resolveSettings({ ...site, base_url: 'archiv.example.org' }, {})).toThrow('is not an absolute URL');
    expect(() => resolveSettings(site, { BASE_URL: 'ftp://x.example' })).toThrow('must use http or https');
  });

  it('reads the token lifetime in seconds, 120 by default, and refuses the old day setting', () => {
    expect(resolveSettings(site, {}).tokenTtl).toBe(120);
    expect(resolveSettings(site, { MEDIA_TOKEN_TTL: '300' }).tokenTtl).toBe(300);
    expect(tokenTtlOf(undefined)).toBe(DEFAULTS.tokenTtl);
    for (const bad of ['0', '-5', '1.5', 'zwei', '86401']) expect(() => tokenTtlOf(bad), bad).toThrow(/MEDIA_TOKEN_TTL ".*" must be a whole number of seconds/);
    expect(() => resolveSettings(site, { MEDIA_TOKEN_TTL_DAYS: '30' })).toThrow(/MEDIA_TOKEN_TTL_DAYS is no longer read/);
  });
});

describe('PDF budget', () => {
  it('is none locally, 9 minutes on Netlify; PDF_BUDGET overrides that, the flag overrides both, none lifts it', () => {
    expect(pdfBudgetMs(undefined, {})).toBeUndefined();
    expect(pdfBudgetMs(undefined, { NETLIFY: 'true' })).toBe(9 * 60_000);
    expect(pdfBudgetMs(undefined, { NETLIFY: 'true', PDF_BUDGET: '12m' })).toBe(12 * 60_000);
    expect(pdfBudgetMs('90s', { NETLIFY: 'true', PDF_BUDGET: '12m' })).toBe(90_000);
    expect(pdfBudgetMs('none', { NETLIFY: 'true' })).toBeUndefined();
    expect(pdfBudgetMs('1.5h', {})).toBe(5_400_000);
    expect(pdfBudgetMs('0s', {})).toBe(0);
  });

  it('refuses what is not a duration, saying how to write one', () => {
    for (const bad of ['10', 'ten minutes', '-5m', '5 d']) expect(() => pdfBudgetMs(bad, {})).toThrow(/is not a duration: write it as 90s, 10m or 1\.5h \(or none\)/);
  });
});

describe('deploy limits', () => {
  it('takes the files limit from --max-files < DEPLOY_MAX_FILES < the default, and keeps the other limits', () => {
    expect(deployLimits(undefined, {})).toEqual(DEFAULTS.deployLimits);
    expect(deployLimits(undefined, {}).files).toBe(100_000);
    expect(deployLimits(undefined, { DEPLOY_MAX_FILES: '250000' })).toEqual({ ...DEFAULTS.deployLimits, files: 250_000 });
    expect(deployLimits('1000000', { DEPLOY_MAX_FILES: '250000' }).files).toBe(1_000_000);
  });

  it('refuses what is not a whole number of files, saying how to write one', () => {
    for (const bad of ['0', '-5', '10k', '1e6', '2.5', '']) {
      expect(() => deployLimits(bad, {})).toThrow(`the files limit "${bad}" (--max-files, DEPLOY_MAX_FILES) is not a whole number of files, at least 1: write it as 250000`);
    }
  });
});

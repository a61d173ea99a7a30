/**
 * Headers of a careful site, over real HTTP on the preview (the handlers Netlify runs): every
 * HTML answer carries a Content-Security-Policy whose hashes are exactly those of the page's
 * inline scripts and styles, no framing and no Referer; build data and media are never sniffed.
 * test/browser/browsable.test.ts loads the same pages in Chromium and fails on any CSP violation.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreviewServer, type PreviewServer } from '../../src/serve/preview/server.ts';
import { contentSecurityPolicy, hashSource } from '../../src/serve/api/html/page-headers.ts';
import { tempFolderStore } from '../helpers/media.ts';
import { MEDIA, putFixtureMedia, writeFixtureBuild } from './fixture.ts';

let dir: string;
let folder: Awaited<ReturnType<typeof tempFolderStore>>;
let server: PreviewServer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'page-headers-'));
  folder = await tempFolderStore();
  await writeFixtureBuild(dir, folder.store);
  await putFixtureMedia(folder.store);
  server = await startPreviewServer({ buildDir: dir, port: 0, media: folder.store });
});
afterAll(async () => {
  await server.close();
  await folder.remove();
  await rm(dir, { recursive: true, force: true });
});

const HTML = { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8' };
const get = (path: string, headers: Record<string, string> = {}) => fetch(new URL(path.replace(/^\//, ''), server.url), { headers });

/** The directives of a policy, by name. */
function directives(policy: string | null): Record<string, string[]> {
  return Object.fromEntries((policy ?? '').split(';').map((part) => part.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values]));
}

/** The inline scripts and style sheets of a page, as the browser hashes them. */
function inline(html: string, tag: 'script' | 'style'): string[] {
  return [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((match) => match[1]!);
}

describe('HTML answers: CSP, framing, Referer', () => {
  it.each([
    ['a list with its filter form', '/api/v1/message/?format=api', 200],
    ['a detail', '/api/v1/message/7/?format=api', 200],
    ['the root', '/api/v1/?format=api', 200],
    ['a 404', '/api/v1/message/99999/?format=api', 404],
    ['a 400 of a filter', '/api/v1/message/?format=api&kind=telegram', 400],
  ])('the browsable API, %s', async (_, path, status) => {
    const response = await get(path, HTML);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    const csp = directives(response.headers.get('content-security-policy'));
    // Each inline script and style is allowed by its hash, and nothing else runs or loads.
    expect(csp['default-src']).toEqual(["'none'"]);
    for (const script of inline(html, 'script')) expect(csp['script-src']).toContain(hashSource(script));
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'self'");
    expect(inline(html, 'style')).toHaveLength(1);
    expect(csp['style-src']).toEqual([hashSource(inline(html, 'style')[0]!)]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'https://archive.test']);
    expect(csp['connect-src']).toEqual(["'none'"]);
    expect(csp['form-action']).toEqual(["'self'", 'https://archive.test']);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('the form script is the only script of a list page, and its hash is in the policy', async () => {
    const response = await get('/api/v1/message/?format=api', HTML);
    const scripts = inline(await response.text(), 'script');
    expect(scripts).toHaveLength(1);
    expect(directives(response.headers.get('content-security-policy'))['script-src']).toEqual([hashSource(scripts[0]!)]);
  });

  it('Swagger UI: its bundle and style sheet from the site, its one inline script by hash, the schema fetched from the site', async () => {
    const response = await get('/api/v1/schema/swagger-ui/', HTML);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<script src="swagger-ui-bundle.js"></script>');
    expect(html).toContain('<link rel="stylesheet" href="swagger-ui.css">');
    const scripts = inline(html, 'script');
    expect(scripts).toHaveLength(1);
    expect(inline(html, 'style')).toEqual([]);
    expect(response.headers.get('content-security-policy')).toBe(
      `default-src 'none'; script-src 'self' ${hashSource(scripts[0]!)}; style-src 'self'; style-src-attr 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    );
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    // Swagger UI is handed the document, not its URL, so no "../" link shows under the title.
    expect(html).not.toMatch(/url:\s*"\.\.\/"/);
  });

  it('JSON answers carry no page policy', async () => {
    const response = await get('/api/v1/message/7/');
    expect(response.headers.get('content-security-policy')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a policy without inline code or files allows no script and no style', () => {
    expect(contentSecurityPolicy({})).toBe("default-src 'none'; script-src 'none'; style-src 'none'; img-src 'self' data:; connect-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'");
  });
});

describe('nosniff on build data and media', () => {
  it.each(['/_data/manifest.json'])('%s', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('media files, served and refused', async () => {
    const encoded = (path: string) => path.split('/').map(encodeURIComponent).join('/');
    const served = await get(`/media/${encoded(MEDIA.publicPdf)}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const refused = await get(`/media/${encoded(MEDIA.attachment)}`);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

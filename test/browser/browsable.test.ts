/**
 * The browsable API in a real browser: the sample archive in content/ is
 * built for real (page images included) for the preview's own address, served by the preview,
 * and Chromium pages through lists by clicking, submits filters, opens documents and pages.
 * Every page visited must load without a console error or a failed request, every image must
 * decode (naturalWidth > 0), and every link into the archive must answer.
 *
 * BROWSER_SCREENSHOTS=1 also writes the screenshots of docs/images/ (docs/serving.md).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArchive } from '../../src/build.ts';
import { folderMediaStore } from '../../src/media/media-folder-store.ts';
import { UrlBuilder } from '../../src/api/urls.ts';
import { renderBrowsable } from '../../src/serve/api/html.ts';
import { startPreviewServer, type PreviewServer } from '../../src/serve/preview/server.ts';
import { BUILD_CLOCK, LAYOUTS } from '../helpers/build.ts';
import { HAS_CHROMIUM, loadImages, SKIP_NOTE, useBrowser } from '../helpers/browser.ts';

if (!HAS_CHROMIUM) console.warn(SKIP_NOTE);

const SCREENSHOTS = process.env.BROWSER_SCREENSHOTS ? new URL('../../docs/images/', import.meta.url) : null;

// Both layouts (src/output/layout.ts): the same pages from the same answers.
describe.skipIf(!HAS_CHROMIUM).each(LAYOUTS)('browsable API in Chromium, %s layout', (layout) => {
  let dir: string;
  let server: PreviewServer;
  /** The archive's base URL: the preview's own origin, so every link in a page leads back to it. */
  let base: string;
  const browser = useBrowser();

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'browsable-'));
    const media = folderMediaStore(join(dir, 'media'));
    // The preview reads build/ per request, so it can start first and tell the build its address.
    server = await startPreviewServer({ buildDir: join(dir, 'build'), media, port: 0, env: {}, now: () => BUILD_CLOCK + 60 });
    base = server.url.replace(/\/$/, '');
    await buildArchive({
      contentDir: 'content',
      buildDir: join(dir, 'build'),
      // The project's PDF cache (git-ignored), shared with the other tests that render the sample.
      cacheDir: '.cache/archive',
      media,
      env: { BASE_URL: base, SOURCE_DATE_EPOCH: String(BUILD_CLOCK) },
      layout,
    });
  }, 300_000);

  afterAll(async () => {
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const api = (path: string) => fetch(`${base}${path}`).then((response) => response.json());

  /** Opens a browsable URL; checks it loaded with status 200 and no problem once the test is done with it. */
  async function visit(path: string, options: { width?: number; height?: number } = {}) {
    const session = await browser.open(options);
    const response = await session.page.goto(`${base}${path}`);
    expect(response?.status(), path).toBe(200);
    expect(response?.headers()['content-type']).toBe('text/html; charset=utf-8');
    return session;
  }

  async function expectHealthy(page: Page, problems: string[]): Promise<void> {
    const images = await loadImages(page);
    expect(images.filter(([, width]) => width === 0), 'broken images').toEqual([]);
    expect(problems, 'console errors and failed requests').toEqual([]);
  }

  /** Every link of the page into the archive answers 200 (external ones, the public site, are not fetched). */
  async function expectLinksResolve(page: Page): Promise<number> {
    const hrefs = await page.$$eval('a[href]', (links) => links.map((link) => (link as HTMLAnchorElement).href));
    const local = [...new Set(hrefs.filter((href) => href.startsWith(`${base}/`)))];
    const statuses = await Promise.all(local.map(async (href) => [href, (await fetch(href, { method: 'HEAD' })).status] as const));
    expect(statuses.filter(([, status]) => status !== 200)).toEqual([]);
    return local.length;
  }

  const where = (page: Page) => page.locator('.pager .where').first().textContent();

  async function screenshot(page: Page, name: string): Promise<void> {
    if (!SCREENSHOTS) return;
    // A 64-colour palette keeps a page of text and thumbnails small and still readable.
    const png = await sharp(await page.screenshot()).png({ palette: true, colours: 64, compressionLevel: 9 }).toBuffer();
    await writeFile(new URL(`browsable-${name}.png`, SCREENSHOTS), png);
  }

  it('pages through a list by clicking first/previous/next/last, keeping the limit', async () => {
    const { page, problems } = await visit('/api/v1/request/?format=api&limit=5');
    const total = (await api('/api/v1/request/?limit=1')).meta.total_count as number;
    const lastOffset = Math.floor((total - 1) / 5) * 5;
    const pages = Math.ceil(total / 5);
    const ids = async () => JSON.parse((await page.locator('pre.response').textContent())!.split('\n\n').slice(1).join('\n\n')).objects.map((o: { id: number }) => o.id);
    const expected = async (offset: number) => (await api(`/api/v1/request/?limit=5&offset=${offset}`)).objects.map((o: { id: number }) => o.id);

    expect(await page.locator('.pager').first().locator('a[rel]').evaluateAll((links) => links.map((link) => link.getAttribute('rel')))).toEqual(['next', 'last']);
    await page.locator('a[rel=next]').first().click();
    expect(page.url()).toBe(`${base}/api/v1/request/?format=api&limit=5&offset=5`);
    expect(await where(page)).toBe(`Page 2 of ${pages} · objects 6–10 of ${total}`);
    expect(await ids()).toEqual(await expected(5));
    await page.locator('a[rel=last]').first().click();
    expect(page.url()).toBe(`${base}/api/v1/request/?format=api&limit=5&offset=${lastOffset}`);
    expect(await ids()).toEqual(await expected(lastOffset));
    await page.locator('a[rel=prev]').first().click();
    expect(page.url()).toBe(`${base}/api/v1/request/?format=api&limit=5&offset=${lastOffset - 5}`);
    await page.locator('a[rel=first]').first().click();
    expect(page.url()).toBe(`${base}/api/v1/request/?format=api&limit=5&offset=0`);
    expect(await ids()).toEqual(await expected(0));
    expect(await expectLinksResolve(page)).toBeGreaterThan(10);
    await expectHealthy(page, problems);
  });

  it('submits a filter to the real list URL, leaving out the empty fields', async () => {
    const { page, problems } = await visit('/api/v1/request/?format=api&limit=5&offset=10');
    await page.locator('details.filters summary').click();
    await page.selectOption('#filter-status', 'resolved');
    await page.selectOption('#filter-is_foi', 'true');
    await screenshot(page, 'list');
    await Promise.all([page.waitForURL(/status=resolved/), page.getByRole('button', { name: 'Filter' }).click()]);
    // Hidden format and limit kept, offset dropped (a new filter starts at its first page).
    expect(page.url()).toBe(`${base}/api/v1/request/?format=api&limit=5&is_foi=true&status=resolved`);
    const total = (await api('/api/v1/request/?status=resolved&is_foi=true')).meta.total_count as number;
    expect(total).toBeGreaterThan(5);
    expect(await where(page)).toBe(`Page 1 of ${Math.ceil(total / 5)} · objects 1–5 of ${total}`);
    expect(await page.locator('details.filters summary').textContent()).toBe('Filters (2 active)');
    expect(await page.inputValue('#filter-status')).toBe('resolved');
    // Paging keeps the filter.
    expect(await page.locator('a[rel=next]').first().getAttribute('href')).toBe(`${base}/api/v1/request/?format=api&is_foi=true&limit=5&offset=5&status=resolved`);
    await expectHealthy(page, problems);
  });

  it('searches requests from the search box of the request list, then narrows the search with its filters', async () => {
    const { page, problems } = await visit('/api/v1/request/?format=api');
    await page.getByRole('searchbox', { name: 'Search requests' }).fill('Verträge');
    await Promise.all([page.waitForURL(/request\/search\//), page.getByRole('button', { name: 'Search' }).click()]);
    expect(page.url()).toBe(`${base}/api/v1/request/search/?format=api&q=Vertr%C3%A4ge`);
    const found = (await api('/api/v1/request/search/?q=Vertr%C3%A4ge')).objects.map((o: { id: number }) => o.id);
    expect(found.length).toBeGreaterThan(1);
    const shown = JSON.parse((await page.locator('pre.response').textContent())!.split('\n\n').slice(1).join('\n\n')).objects.map((o: { id: number }) => o.id);
    expect(shown).toEqual(found);
    expect(await page.getByRole('searchbox', { name: 'Search requests' }).inputValue()).toBe('Verträge');
    // The search's own filter set (froide's slugs), submitted with the query; `q` is one of
    // them, so the form is open already.
    expect(await page.locator('details.filters').getAttribute('open')).not.toBeNull();
    expect(await page.inputValue('#filter-q')).toBe('Verträge');
    await page.fill('#filter-jurisdiction', 'hamburg');
    await Promise.all([page.waitForURL(/jurisdiction=hamburg/), page.getByRole('button', { name: 'Filter' }).click()]);
    const narrowed = (await api('/api/v1/request/search/?q=Vertr%C3%A4ge&jurisdiction=hamburg')).objects.map((o: { id: number }) => o.id);
    expect(narrowed.length).toBeLessThan(found.length);
    expect(await where(page)).toBe(`Page 1 of 1 · objects 1–${narrowed.length} of ${narrowed.length}`);
    await screenshot(page, 'search');
    await expectHealthy(page, problems);
  });

  it('searches the pages of one document from the page list, keeping the document and marking the words found', async () => {
    const { page, problems } = await visit('/api/v1/page/?format=api&document=5');
    await page.getByRole('searchbox', { name: 'Search pages' }).fill('Messstelle');
    await Promise.all([page.waitForURL(/q=Messstelle/), page.getByRole('button', { name: 'Search' }).click()]);
    expect(page.url()).toBe(`${base}/api/v1/page/?format=api&document=5&q=Messstelle`);
    const total = (await api('/api/v1/page/?document=5&q=Messstelle')).meta.total_count as number;
    expect(total).toBeGreaterThan(0);
    expect(await where(page)).toBe(`Page 1 of 1 · objects 1–${total} of ${total}`);
    expect(await page.locator('pre.response').textContent()).toContain('<em>Messstellen</em>');
    await expectHealthy(page, problems);
  });

  it('answers a filter value the list cannot read with a browsable 400 beside the form', async () => {
    const { page, problems } = await visit('/api/v1/request/?format=api');
    await page.locator('details.filters summary').click();
    await page.fill('#filter-jurisdiction', 'abc');
    const [response] = await Promise.all([page.waitForResponse((r) => r.url().includes('jurisdiction=abc')), page.getByRole('button', { name: 'Filter' }).click()]);
    expect(response.status()).toBe(400);
    await page.waitForLoadState();
    expect(await page.locator('.errors').textContent()).toBe('jurisdiction: Select a valid choice. That choice is not one of the available choices.');
    expect(await page.inputValue('#filter-jurisdiction')).toBe('abc');
    // The browser reports the 400 of the page itself; nothing else may fail.
    expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([]);
  });

  it("shows a document's cover and page thumbnails, each linking to the page's image", async () => {
    const document = await api('/api/v1/document/1/');
    const { page, problems } = await visit('/api/v1/document/1/?format=api');
    const images = await loadImages(page);
    expect(images.map(([src]) => src)).toEqual([document.cover_image, ...document.pages.map((p: { image: string }) => p.image.replace('{size}', 'small'))]);
    const thumbnails = page.locator('.strip a');
    expect(await thumbnails.count()).toBe(document.num_pages);
    const target = await thumbnails.nth(1).getAttribute('href');
    expect(target).toBe(document.pages[1].image.replace('{size}', 'original'));
    await screenshot(page, 'document');
    expect(await expectLinksResolve(page)).toBeGreaterThan(2 * document.num_pages);
    await expectHealthy(page, problems);
    const [image] = await Promise.all([page.waitForResponse(target!), thumbnails.nth(1).click()]);
    expect([image.status(), image.headers()['content-type']]).toEqual([200, 'image/png']);
  });

  it("shows each page of a document's page list with its image and text", async () => {
    const pages = (await api('/api/v1/page/?document=1')).objects as { number: number; content: string }[];
    const { page, problems } = await visit('/api/v1/page/?format=api&document=1');
    expect(await page.locator('.pages > li h2').allTextContents()).toEqual(pages.map((p) => `Page ${p.number} of document 1`));
    expect(await page.locator('.page-text p').allTextContents()).toEqual(pages.map((p) => p.content));
    expect((await loadImages(page)).length).toBe(pages.length);
    await page.locator('.pages').scrollIntoViewIfNeeded();
    await screenshot(page, 'pages');
    await expectHealthy(page, problems);
  });

  it('shows the covers of the document list and the resource table of the root', async () => {
    const documents = await api('/api/v1/document/');
    const { page, problems } = await visit('/api/v1/document/?format=api');
    expect(await page.locator('.grid img').count()).toBe(documents.objects.length);
    await expectHealthy(page, problems);
    const root = await visit('/api/v1/?format=api');
    expect(await root.page.locator('.resources tbody tr').count()).toBe(21);
    await root.page.getByRole('link', { name: 'document', exact: true }).click();
    expect(root.page.url()).toBe(`${base}/api/v1/document/?format=api`);
    await expectHealthy(root.page, root.problems);
  });

  it('fits a phone screen: nothing wider than the viewport', async () => {
    for (const path of ['/api/v1/document/1/?format=api', '/api/v1/page/?format=api&document=1&limit=2', '/api/v1/request/?format=api&status=resolved']) {
      const { page, problems } = await visit(path, { width: 390, height: 844 });
      expect(await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]), path).toEqual([390, 390]);
      if (path.startsWith('/api/v1/document/')) await screenshot(page, 'phone');
      await expectHealthy(page, problems);
    }
  });

  it('runs nothing of a hostile title or query', async () => {
    const hostile = `<script>window.pwned=1</script><img src=x onerror="window.pwned=2">`;
    const { page } = await browser.open();
    const urls = new UrlBuilder({ baseUrl: base, mediaUrl: `${base}/media/`, siteUrl: 'https://site.invalid' });
    await page.setContent(
      renderBrowsable(
        {
          view: { kind: 'detail', resource: 'document', id: '1' },
          method: 'GET',
          url: new URL(`${base}/api/v1/document/1/?format=api&x=${encodeURIComponent(hostile)}`),
          status: 200,
          headers: {},
          body: { id: 1, title: hostile, description: hostile, num_pages: 0, pages: [] },
        },
        urls,
      ),
    );
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    expect(await page.locator('.document h2').textContent()).toBe(hostile);

    const served = await visit(`/api/v1/page/?format=api&q=${encodeURIComponent(hostile)}`);
    expect(await served.page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    expect(await served.page.inputValue('#filter-q')).toBe(hostile);
    await expectHealthy(served.page, served.problems);
  });
  it('renders the Markdown description of a document and marks the links that leave the archive', async () => {
    const { page, problems } = await visit('/api/v1/document/1/?format=api');
    expect(await page.locator('.summary strong').textContent()).toBe('Kleine Anfrage');
    expect(await page.locator('.summary').textContent()).not.toContain('**');
    const siteUrl = (await api('/api/v1/document/1/')).site_url as string;
    const site = page.locator(`pre.response a[href="${siteUrl}"]`);
    expect(await site.getAttribute('class')).toBe('out');
    expect(await site.getAttribute('rel')).toBe('external noopener noreferrer');
    expect(await site.getAttribute('title')).toMatch(/^The page on the original site, .+: not part of this archive$/);
    // The arrow is drawn by the style sheet, outside the JSON text.
    expect(await site.evaluate((link) => getComputedStyle(link, '::after').content)).toBe('"↗"');
    expect(await page.locator(`pre.response a[href^="${base}/"]`).evaluateAll((links) => links.filter((link) => link.classList.contains('out')).length)).toBe(0);
    await expectHealthy(page, problems);
  });

  it('Swagger UI works under its Content-Security-Policy: it renders the operations, shows no stray link under its title, and runs a request', async () => {
    const { page, problems } = await visit('/api/v1/schema/swagger-ui/');
    await page.locator('.opblock').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('.opblock').count()).toBeGreaterThan(20);
    expect(await page.locator('.info hgroup a, .info .link').count()).toBe(0);
    expect(await page.locator('.info').textContent()).not.toContain('../');
    const root = page.locator('.opblock-tag-section').first();
    await root.locator('.opblock-summary').first().click();
    await root.getByRole('button', { name: 'Try it out' }).click();
    const [answer] = await Promise.all([page.waitForResponse((response) => response.url().startsWith(`${base}/api/v1/`) && !response.url().includes('/schema/')), root.getByRole('button', { name: 'Execute' }).click()]);
    expect(answer.status()).toBe(200);
    await root.locator('.responses-table.live-responses-table .response-col_status').first().waitFor();
    expect(problems).toEqual([]);
  });
  it('reports a Content-Security-Policy violation as a problem (the check the tests above rely on)', async () => {
    const { page, problems } = await browser.open();
    await page.route(`${base}/csp-probe`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', headers: { 'content-security-policy': "script-src 'none'" }, body: '<!DOCTYPE html><p>x</p><script>window.ran=1</script>' }),
    );
    await page.goto(`${base}/csp-probe`);
    await expect.poll(() => problems.filter((problem) => problem.startsWith('csp: script-src-elem refused inline'))).toHaveLength(1);
    expect(await page.evaluate(() => (window as { ran?: number }).ran)).toBeUndefined();
  });
});

/**
 * A real Chromium for browser tests, driven by playwright-core. Playwright's own
 * browser download is unreachable here, so the system's Chromium is launched (Debian's
 * `chromium`; `.ci/run` installs it). Without one the browser tests skip and say how to enable
 * them. One launch per test file; each page records its console errors, failed loads and
 * Content-Security-Policy violations.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM_PATH);
export const SKIP_NOTE = `browser tests skipped: no Chromium at ${CHROMIUM_PATH}; install it (apt-get install chromium) or set CHROMIUM_PATH`;

/**
 * Flags for this sandbox (docs/serving.md#browser-tests): no sandbox (root, containers), no GPU,
 * and none of Chromium's own network traffic (QUIC, updates, sync), which cannot reach out
 * here and would only slow the start. Playwright gives every launch a fresh user-data-dir.
 */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserSession {
  /** A new page; `problems` collects its console errors, uncaught exceptions and failed loads. */
  open(options?: { width?: number; height?: number }): Promise<{ page: Page; problems: string[] }>;
}

/** Registers beforeAll/afterAll that launch Chromium once for the file and close it. */
export function useBrowser(): BrowserSession {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ARGS });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async open({ width = 1100, height = 800 } = {}) {
      if (!browser) throw new Error('useBrowser: Chromium starts in beforeAll');
      const page = await browser.newPage({ viewport: { width, height } });
      const problems: string[] = [];
      // Chromium reports most Content-Security-Policy refusals on the console; the event catches every one.
      await page.exposeFunction('__cspViolation', (text: string) => problems.push(`csp: ${text}`));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          void (window as unknown as { __cspViolation(text: string): Promise<void> }).__cspViolation(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
        });
      });
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => problems.push(`exception: ${error.message}`));
      page.on('requestfailed', (request) => problems.push(`failed: ${request.url()} ${request.failure()?.errorText ?? ''}`));
      return { page, problems };
    },
  };
}

/**
 * Every image of the page, loaded (lazy ones too) and decoded: `[src, naturalWidth]`.
 * A broken image has naturalWidth 0.
 */
export async function loadImages(page: Page): Promise<[string, number][]> {
  return page.evaluate(() =>
    Promise.all(
      [...document.images].map(async (img) => {
        img.loading = 'eager';
        await img.decode().catch(() => undefined);
        return [img.currentSrc || img.src, img.naturalWidth] as [string, number];
      }),
    ),
  );
}

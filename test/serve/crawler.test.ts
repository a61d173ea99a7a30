/**
 * Walks the sample archive like a crawler (test/helpers/crawl.ts): build content/, serve it
 * with the preview over real sockets, and from the root index follow every list, every
 * meta.next, every API link and every media link in every body. Everything must answer 200
 * with a well-formed body, or the answer froide gives an anonymous caller (FROIDE_REFUSES);
 * nothing dangles. The same crawl runs on Netlify's CLI in test/netlify-cli/.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAYOUTS, serveSampleArchive } from '../helpers/build.ts';
import { crawl, expectSampleCrawl } from '../helpers/crawl.ts';

const BASE = 'https://crawl.test';

// Both layouts (src/output/layout.ts): the same crawl must find the same answers.
describe.each(LAYOUTS)('crawling the sample archive, %s', (layout) => {
  const sample = serveSampleArchive(BASE, { layout });
  const local = (url: string) => sample.local(url);

  it('reaches every object from the root index, and every link resolves', async () => {
    const result = await crawl(BASE, (url) => fetch(local(url)));
    expectSampleCrawl(result);

    for (const url of result.media) {
      const response = await fetch(local(url), { method: 'HEAD' });
      expect(response.status, url).toBe(200);
    }
    // The bytes come from the media store: build/ has none.
    const bytes = await fetch(local([...result.media].find((url) => url.endsWith('.pdf'))!));
    expect(new TextDecoder().decode((await bytes.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    expect(existsSync(join(sample.buildDir, 'media'))).toBe(false);
  });
});

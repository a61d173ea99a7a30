/**
 * Walks the sample archive like a crawler: build content/, serve it with the
 * preview over real sockets, and from the root index follow every list, every meta.next,
 * every API link (absolute, and froide's relative `pages_uri`/`documents_uri`) and every media
 * link in every body. Everything must answer 200 with a well-formed body, or the answer
 * froide gives an anonymous caller (FROIDE_REFUSES); nothing dangles.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAYOUTS, serveSampleArchive } from '../helpers/build.ts';

const BASE = 'https://crawl.test';
/**
 * What froide answers an anonymous crawler here: no dangling link, the real answer (docs/froide.md#upload, docs/froide.md#problemreport, docs/froide.md#campaigninformationobject). The root index links campaigninformationobject without `?campaign`, and no
 * froide answer links into a campaign's objects, so the crawler cannot reach them (they are
 * tested in venue-campaign.test.ts); venue/ without a location is froide-food's bare `[]`.
 */
const FROIDE_REFUSES: Record<string, number> = {
  '/api/v1/campaigninformationobject/': 404,
  '/api/v1/problemreport/': 401,
  '/api/v1/upload/': 401,
};

/** Every string in a JSON value. */
function* strings(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* strings(item);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) yield* strings(item);
}

// Both layouts (src/output/layout.ts): the same crawl must find the same answers.
describe.each(LAYOUTS)('crawling the sample archive, %s', (layout) => {
  const sample = serveSampleArchive(BASE, { layout });
  const local = (url: string) => sample.local(url);

  it('reaches every object from the root index, and every link resolves', async () => {
    const seen = new Set<string>();
    const queue = [`${BASE}/api/v1/`];
    const dangling: string[] = [];
    const media = new Set<string>();
    const relative = new Set<string>();
    const counts = { api: 0, objects: 0 };

    while (queue.length) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      const response = await fetch(local(url));
      const path = url.slice(BASE.length);
      if (path in FROIDE_REFUSES) {
        expect(response.status, path).toBe(FROIDE_REFUSES[path]);
        expect(Object.keys(await response.json())).toEqual(['detail']);
        continue;
      }
      if (response.status !== 200) {
        dangling.push(`${response.status} ${path}`);
        continue;
      }
      expect(response.headers.get('content-type'), url).toMatch(/^application\/json/);
      const body = await response.json();
      counts.api++;
      if (body && typeof body === 'object' && 'meta' in body && 'objects' in body) {
        expect(Object.keys(body.meta).sort(), url).toEqual(['limit', 'next', 'offset', 'previous', 'total_count']);
        counts.objects += body.objects.length;
      }
      for (const text of strings(body)) {
        if (text.startsWith(`${BASE}/api/v1/`)) queue.push(text);
        // froide's relative API links (pages_uri, documents_uri) resolve against the host.
        else if (text.startsWith('/api/v1/')) {
          queue.push(`${BASE}${text}`);
          relative.add(text);
        }
        // Page templates ({page}/{size}, percent-encoded in private documents) are not files.
        else if (text.startsWith(`${BASE}/media/`) && !/\{|%7B/.test(text)) media.add(text);
      }
    }

    expect(dangling.sort()).toEqual([]);
    // Every document's pages_uri and every collection's documents_uri and pages_uri were followed.
    expect([...relative].filter((link) => link.startsWith('/api/v1/document/?collection=')).length).toBeGreaterThanOrEqual(2);
    expect([...relative].filter((link) => link.startsWith('/api/v1/page/?document=')).length).toBeGreaterThanOrEqual(10);
    // The sample archive: 171 API answers (root, lists, details) listing 271 objects.
    expect(counts.api).toBeGreaterThanOrEqual(171);
    expect(counts.objects).toBeGreaterThanOrEqual(271);

    // Media: attachments and private documents with their build-time tokens, public files as they are.
    expect(media.size).toBeGreaterThanOrEqual(53);
    for (const url of media) {
      const response = await fetch(local(url), { method: 'HEAD' });
      expect(response.status, url).toBe(200);
    }
    // The bytes come from the media store: build/ has none.
    const bytes = await fetch(local([...media].find((url) => url.endsWith('.pdf'))!));
    expect(new TextDecoder().decode((await bytes.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    expect(existsSync(join(sample.buildDir, 'media'))).toBe(false);
  });
});

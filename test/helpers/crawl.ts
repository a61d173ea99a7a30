/**
 * A crawler of the sample archive's API, for any server: from the root index it follows every
 * list, every meta.next, every API link (absolute, and froide's relative `pages_uri` and
 * `documents_uri`) and collects every media link in every body. Links are absolute on `base`;
 * `get` fetches one on the server under test. Used on the local preview
 * (test/serve/crawler.test.ts) and on Netlify's CLI (test/netlify-cli/).
 */
import { expect } from 'vitest';

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

export interface Crawl {
  /** Every API URL asked for, in the order asked. */
  urls: string[];
  /** `<status> <path>` of every answer that was neither 200 nor froide's refusal. */
  dangling: string[];
  /** Every media link found (page templates left out). */
  media: Set<string>;
  /** froide's relative API links followed. */
  relative: Set<string>;
  counts: { api: number; objects: number };
}

/** Every string in a JSON value. */
function* strings(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* strings(item);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) yield* strings(item);
}

export async function crawl(base: string, get: (url: string) => Promise<Response>): Promise<Crawl> {
  const seen = new Set<string>();
  const queue = [`${base}/api/v1/`];
  const result: Crawl = { urls: [], dangling: [], media: new Set(), relative: new Set(), counts: { api: 0, objects: 0 } };

  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    result.urls.push(url);
    const response = await get(url);
    const path = url.slice(base.length);
    if (path in FROIDE_REFUSES) {
      expect(response.status, path).toBe(FROIDE_REFUSES[path]);
      expect(Object.keys(await response.json())).toEqual(['detail']);
      continue;
    }
    if (response.status !== 200) {
      result.dangling.push(`${response.status} ${path}`);
      continue;
    }
    expect(response.headers.get('content-type'), url).toMatch(/^application\/json/);
    const body = await response.json();
    result.counts.api++;
    if (body && typeof body === 'object' && 'meta' in body && 'objects' in body) {
      expect(Object.keys(body.meta).sort(), url).toEqual(['limit', 'next', 'offset', 'previous', 'total_count']);
      result.counts.objects += body.objects.length;
    }
    for (const text of strings(body)) {
      if (text.startsWith(`${base}/api/v1/`)) queue.push(text);
      // froide's relative API links (pages_uri, documents_uri) resolve against the host.
      else if (text.startsWith('/api/v1/')) {
        queue.push(`${base}${text}`);
        result.relative.add(text);
      }
      // Page templates ({page}/{size}, percent-encoded in private documents) are not files.
      else if (text.startsWith(`${base}/media/`) && !/\{|%7B/.test(text)) result.media.add(text);
    }
  }
  return result;
}

/** What every crawl of the sample archive must find, on any server. */
export function expectSampleCrawl(result: Crawl): void {
  expect(result.dangling.sort()).toEqual([]);
  // Every document's pages_uri and every collection's documents_uri and pages_uri were followed.
  expect([...result.relative].filter((link) => link.startsWith('/api/v1/document/?collection=')).length).toBeGreaterThanOrEqual(2);
  expect([...result.relative].filter((link) => link.startsWith('/api/v1/page/?document=')).length).toBeGreaterThanOrEqual(10);
  // The sample archive: 171 API answers (root, lists, details) listing 271 objects.
  expect(result.counts.api).toBeGreaterThanOrEqual(171);
  expect(result.counts.objects).toBeGreaterThanOrEqual(271);
  // Media: attachments with their build-time tokens, public documents' files as they are.
  expect(result.media.size).toBeGreaterThanOrEqual(51);
}

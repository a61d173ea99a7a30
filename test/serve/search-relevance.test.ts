/**
 * The relevance test set of the full-text search (docs/search.md): German queries against the
 * committed sample archive (content/) and a synthetic one (tools/synthetic.ts), each with the
 * objects it must find at the top, all it may find, or nothing. Real builds, served by the
 * preview over real sockets, read as an API client reads them.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArchive } from '../../src/build.ts';
import { folderMediaStore } from '../../src/media/media-folder-store.ts';
import { startPreviewServer, type PreviewServer } from '../../src/serve/preview/server.ts';
import { writeSyntheticArchive } from '../../tools/synthetic.ts';
import { BUILD_CLOCK, serveSampleArchive } from '../helpers/build.ts';
import { tempDir } from '../helpers/content.ts';

interface Case {
  /** The query string after `?` (without limit). */
  query: string;
  /** The ids (requests) or `<document>:<page>` (pages) that must come first, in this order. */
  top?: (number | string)[];
  /** All that may be found, in any order; `[]`: nothing. */
  exactly?: (number | string)[];
  /** A highlight the first hit must carry (pages). */
  highlight?: string;
}

/** Requests of content/requests/ (ids), queries as a researcher types them. */
const SAMPLE_REQUESTS: Case[] = [
  // Inflections: plural, genitive, umlaut, upper case all find the same requests, title matches first.
  { query: 'q=Verträge', exactly: [11, 3] },
  { query: 'q=Vertrages', exactly: [11, 3] },
  { query: 'q=VERTRAG', exactly: [11, 3] },
  { query: 'q=Gutachten', exactly: [1, 15] },
  { query: 'q=Messstelle', top: [9] },
  { query: 'q=Schutzmaske', exactly: [3] },
  { query: 'q=Bodycams', exactly: [14] },
  { query: 'q=Fussball', exactly: [11] },
  // Every word must match; a quoted phrase in its order; `-` excludes.
  { query: 'q=Polizei+Hamburg', exactly: [10] },
  { query: 'q=%22Kita+Pl%C3%A4tze%22', exactly: [7] },
  { query: 'q=%22Pl%C3%A4tze+Kita%22', exactly: [] },
  { query: 'q=Polizei+-Hamburg', top: [6], exactly: [6, 14] },
  // Nothing: words the archive lacks, stop words only, a compound the stemmer does not split.
  { query: 'q=Atomkraftwerk', exactly: [] },
  { query: 'q=die+und+der', exactly: [] },
  { query: 'q=Leitung', exactly: [] },
  { query: 'q=Hausleitung', exactly: [5] },
  // Filters of froide's search filter set combine with q.
  { query: 'q=Gutachten&jurisdiction=bund', exactly: [1] },
  { query: 'q=Gutachten&jurisdiction=hamburg', exactly: [] },
];

/** Pages of content/documents/ and the derived documents, `<document id>:<page>`. */
const SAMPLE_PAGES: Case[] = [
  { query: 'q=Grundwassers', top: ['1:4'], highlight: '<em>Grundwassers</em>' },
  { query: 'q=Messstellen&document=5', top: ['5:1', '5:2'] },
  { query: 'q=%22Stand+der+Technik%22+Atomkraftwerk', exactly: [] },
];

/** tools/synthetic.ts: titles `<topic> <id>`, descriptions `... die <topic> zum Vorgang <id>.` */
const SYNTHETIC_REQUESTS: Case[] = [
  { query: 'q=Vorgang+17', top: [17] },
  { query: 'q=Vorgang+42', top: [42] },
  { query: 'q=VORGANGS+99', top: [99] },
  { query: 'q=Atomkraftwerk', exactly: [] },
  { query: 'q=%22Vorgang+Gutachten%22', exactly: [] },
];

async function found(base: string, path: string, query: string): Promise<{ ids: (number | string)[]; first: Record<string, unknown> | undefined }> {
  const response = await fetch(new URL(`${path}?${query}&limit=100`, base));
  expect(response.status, query).toBe(200);
  const body = (await response.json()) as { meta: { total_count: number }; objects: Record<string, unknown>[] };
  expect(body.meta.total_count, query).toBe(body.objects.length);
  const ids = body.objects.map((object) => (typeof object.id === 'number' ? object.id : `${String(object.document).split('/').at(-2)}:${String(object.number)}`));
  return { ids, first: body.objects[0] };
}

async function check(base: string, path: string, cases: readonly Case[]): Promise<void> {
  for (const { query, top, exactly, highlight } of cases) {
    const { ids, first } = await found(base, path, query);
    if (top) expect(ids.slice(0, top.length), query).toEqual(top);
    if (exactly) expect([...ids].sort(), query).toEqual([...exactly].sort());
    if (highlight) expect(String(first?.query_highlight), query).toContain(highlight);
  }
}

describe('relevance on the sample archive', () => {
  const sample = serveSampleArchive('https://archiv.example.org');

  it('request/search/ finds each query’s requests, best first', async () => {
    await check(sample.url, 'api/v1/request/search/', SAMPLE_REQUESTS);
  });

  it('page/?q= finds each query’s pages, best first, with highlights', async () => {
    await check(sample.url, 'api/v1/page/', SAMPLE_PAGES);
  });
});

describe('relevance on a synthetic archive', () => {
  let dir: { path: string; remove(): Promise<void> };
  let server: PreviewServer;
  beforeAll(async () => {
    dir = await tempDir('search-synthetic-');
    await writeSyntheticArchive(join(dir.path, 'content'), { requests: 120 });
    const media = folderMediaStore(join(dir.path, 'media'));
    await buildArchive({ contentDir: join(dir.path, 'content'), buildDir: join(dir.path, 'build'), cacheDir: join(dir.path, 'cache'), media, env: { SOURCE_DATE_EPOCH: String(BUILD_CLOCK) }, images: false });
    server = await startPreviewServer({ buildDir: join(dir.path, 'build'), media, port: 0, env: {}, now: () => BUILD_CLOCK });
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    await dir?.remove();
  });

  it('request/search/ finds each query’s requests, best first', async () => {
    await check(server.url, 'api/v1/request/search/', SYNTHETIC_REQUESTS);
  });

  it('a topic in any inflection finds every request of that topic, those with it in the title first', async () => {
    const all: { objects: { id: number; title: string }[] } = { objects: [] };
    for (let offset = 0; offset < 120; offset += 50) all.objects.push(...((await (await fetch(new URL(`api/v1/request/?offset=${offset}`, server.url))).json()) as typeof all).objects);
    expect(all.objects).toHaveLength(120);
    for (const [query, topic] of [['Vertrag', 'Verträge'], ['Förderbescheid', 'Förderbescheide'], ['PRÜFBERICHTE', 'Prüfberichte']] as const) {
      const response = await fetch(new URL(`api/v1/request/search/?q=${encodeURIComponent(query)}&limit=200`, server.url));
      const body = (await response.json()) as { objects: { id: number; title: string }[] };
      const titled = all.objects.filter((object) => object.title.startsWith(`${topic} `)).map((object) => object.id);
      expect(titled.length, query).toBeGreaterThan(3);
      // The title (×5) outweighs the public body's category of the same name in the text.
      expect(new Set(body.objects.slice(0, titled.length).map((object) => object.id)), query).toEqual(new Set(titled));
    }
  });
});

/**
 * A warm API handler answers searches from what it keeps (parsed index files, the search
 * action's scope worked out once per build, the byte ranges of list chunks), and its answers are
 * the bytes a fresh handler gives: many queries of a synthetic archive whose titles share common
 * words (tools/synthetic.ts `commonWords`), at several offsets, with filters, sorts and
 * exclusions, in both layouts.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArchive } from '../../src/build.ts';
import { folderMediaStore } from '../../src/media/media-folder-store.ts';
import { createApiHandler } from '../../src/serve/api/handler.ts';
import type { BuildStore } from '../../src/serve/shared/build-store.ts';
import { fsBuildStore } from '../../src/serve/shared/fs-build-store.ts';
import { COMMON_TITLE_WORDS, writeSyntheticArchive } from '../../tools/synthetic.ts';
import { BUILD_CLOCK, LAYOUTS } from '../helpers/build.ts';
import { tempDir } from '../helpers/content.ts';

const REQUESTS = 400;

/** request/search/ queries: every common word at offsets 0-200 (a tenth of the requests each), rare ids, several words, phrases, exclusions, filters and sorts. */
const QUERIES = [
  ...COMMON_TITLE_WORDS.flatMap((word) => [0, 10, 20, 35].map((offset) => `q=${encodeURIComponent(word)}&limit=10&offset=${offset}`)),
  'q=Kita', 'q=Kita&offset=1', 'q=17', 'q=123', 'q=Vorgang+399', 'q=Schule+Gutachten', 'q=Schule+-Gutachten&limit=7&offset=3',
  'q=%22Polizei+Gutachten%22', 'q=Vertr%C3%A4ge+Nachricht&offset=50', 'q=Nachricht&offset=390', 'q=Haushalt&status=successful',
  'q=Abwasser&jurisdiction=bund&limit=5', 'q=Datenschutz&sort=-first', 'status=refused&sort=first', 'sort=-first&offset=300', 'q=Atomkraftwerk',
].map((query) => `/api/v1/request/search/?${query}`);

/** A store that lists what it is asked for. */
function counting(inner: BuildStore): BuildStore & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    read: (path) => (asked.push(path), inner.read(path)),
    readRange: (path, start, end) => (asked.push(`${path}#${start}`), inner.readRange!(path, start, end)),
  };
}

async function answer(handler: (request: Request) => Promise<Response>, path: string): Promise<string> {
  const response = await handler(new Request(`https://archiv.example.org${path}`, { headers: { accept: 'application/json' } }));
  expect(response.status, path).toBe(200);
  return response.text();
}

describe.each(LAYOUTS)('searches of a warm handler, %s layout', (layout) => {
  let dir: { path: string; remove(): Promise<void> };
  let buildDir: string;
  beforeAll(async () => {
    dir = await tempDir('search-warm-');
    buildDir = join(dir.path, 'build');
    await writeSyntheticArchive(join(dir.path, 'content'), { requests: REQUESTS, shape: 'plain', commonWords: true });
    await buildArchive({ contentDir: join(dir.path, 'content'), buildDir, cacheDir: join(dir.path, 'cache'), media: folderMediaStore(join(dir.path, 'media')), env: { SOURCE_DATE_EPOCH: String(BUILD_CLOCK) }, images: false, layout });
  }, 300_000);
  afterAll(async () => {
    await dir?.remove();
  });

  it('gives the bytes of a fresh handler for every query, and asked again reads only the manifest', async () => {
    const store = counting(fsBuildStore(buildDir));
    const warm = createApiHandler({ store });
    const first: string[] = [];
    for (const path of QUERIES) first.push(await answer(warm, path));
    for (const [i, path] of QUERIES.entries()) expect(await answer(createApiHandler({ store: fsBuildStore(buildDir) }), path), path).toBe(first[i]);
    store.asked.length = 0;
    for (const [i, path] of QUERIES.entries()) expect(await answer(warm, path), path).toBe(first[i]);
    // The preview's handler reads the manifest per answer (a rebuild is seen at once); nothing else.
    expect(new Set(store.asked)).toEqual(new Set(['_data/manifest.json']));
    // Each common word is in a tenth of the titles; the answers hold what they say.
    const kita = JSON.parse(first[QUERIES.indexOf('/api/v1/request/search/?q=Kita')]!) as { meta: { total_count: number }; objects: { title: string }[] };
    expect(kita.meta.total_count).toBe(REQUESTS / 10);
    expect(kita.objects.every((object) => object.title.startsWith('Kita '))).toBe(true);
  });
});

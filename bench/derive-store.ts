/**
 * The derivative cache in the media store: what a build costs on another machine.
 * Three builds of one archive with page images against one Netlify Blobs store (@netlify/blobs'
 * BlobsServer on this machine, so requests are counted but cost no network):
 *
 *   cold                        a new store, a new local mirror: every PDF derived
 *   warm store, fresh mirror    another machine: entries from the store, files only when read
 *   warm store, warm mirror     the same machine again: entries from the mirror
 *
 * For each: wall clock, the PDF stage, and the store requests by kind (objects and entries
 * read, objects and entries written, listings), and the files the mirror holds afterwards.
 *
 *   npx tsx bench/derive-store.ts [--content <dir>]     (default: content/, the sample archive)
 *
 * Record the figures in docs/pdf.md ("Cache", measured).
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BlobsServer } from '@netlify/blobs/server';
import { buildArchive } from '../src/build.ts';
import { blobsMediaStore } from '../src/media/media-blobs-store.ts';

const { values } = parseArgs({ options: { content: { type: 'string', default: 'content' } } });
const work = await mkdtemp(join(tmpdir(), 'bench-derive-store-'));
const requests: string[] = [];
const token = 'bench-token';
const server = new BlobsServer({ directory: join(work, 'blobs'), token, onRequest: ({ type, url }) => requests.push(`${type} ${url.split('?')[0]}`) });
const { port } = await server.start();
const media = blobsMediaStore('archive-media', { siteID: 'bench', token, apiURL: `http://127.0.0.1:${port}` });

async function run(label: string, mirror: string): Promise<void> {
  const before = requests.length;
  const stages: Record<string, number> = {};
  const started = performance.now();
  const result = await buildArchive({
    contentDir: values.content,
    buildDir: join(work, `build-${label.replace(/\W+/g, '-')}`),
    cacheDir: join(work, mirror),
    media,
    env: { SOURCE_DATE_EPOCH: '1717243200' },
    images: true,
    onStage: (stage, ms) => (stages[stage] = Math.round(ms)),
  });
  const seconds = (performance.now() - started) / 1000;
  // The API route and the edge route each log a write; reads and listings go to one of them.
  const mine = requests.slice(before).filter((request) => !request.startsWith('set /api/') && !request.startsWith('delete /api/'));
  const count = (type: string, key: string) => mine.filter((request) => request.startsWith(`${type} `) && request.includes(`/${key}`)).length;
  const files = (await readdir(join(work, mirror, 'files'), { recursive: true }).catch(() => [] as string[])).filter((name) => /[0-9a-f]{64}$/.test(name)).length;
  const pdf = result.pdf!;
  console.log(
    `${label.padEnd(26)} ${seconds.toFixed(1).padStart(6)} s; pdf stage ${(stages.pdf! / 1000).toFixed(1)} s, ${pdf.derived} derived, ${pdf.cacheHits} from the cache; ` +
      `store: ${count('get', 'sha256/')} objects and ${count('get', 'derivatives/')} entries read, ` +
      `${count('set', 'sha256/')} objects and ${count('set', 'derivatives/pdf-')} entries written, ${mine.filter((request) => request.startsWith('list ')).length} listing requests; ` +
      `upload: ${result.stats.media.uploaded} objects, ${result.stats.media.present} present; mirror holds ${files} files`,
  );
}

console.log(`archive ${values.content}, load average ${loadavg().map((load) => load.toFixed(1)).join(' ')}`);
try {
  await run('cold', 'mirror-a');
  await run('warm store, fresh mirror', 'mirror-b');
  await run('warm store, warm mirror', 'mirror-b');
} finally {
  await server.stop();
  await rm(work, { recursive: true, force: true });
}

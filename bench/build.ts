/**
 * Build benchmark: generates synthetic archives of the given sizes,
 * builds each in a fresh process three times: cold (no PDF cache, empty media folder), warm
 * (both kept), and once more into an empty Netlify Blobs store served by @netlify/blobs' own
 * local server (BlobsServer), to time the upload. Prints objects per second, files and bytes
 * of build/, peak RSS, the layout figures the deploy limits watch (the fullest folder and the
 * largest file of build/) and the media store's objects and bytes.
 *
 *   npm run bench -- --sizes 1000,10000,50000 [--images]
 */
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { BlobsServer } from '@netlify/blobs/server';
import { writeSyntheticArchive, type SyntheticCounts } from '../tools/synthetic.ts';
import type { LayoutFigures } from '../src/output/limits.ts';
import type { UploadStats } from '../src/media/upload.ts';

const run = promisify(execFile);
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000' },
    images: { type: 'boolean', default: false },
    dir: { type: 'string', default: join(tmpdir(), 'archive-bench') },
  },
});
const sizes = values.sizes!.split(',').map(Number);

interface Measured {
  stages: Record<string, number>;
  seconds: number;
  peakRssMb: number;
  files: number;
  bytes: number;
  objects: number;
  warnings: number;
  layout: LayoutFigures;
  media: UploadStats;
}

async function content(size: number): Promise<{ dir: string; counts: SyntheticCounts }> {
  const dir = join(values.dir!, String(size), 'content');
  const marker = join(values.dir!, String(size), 'counts.json');
  if (existsSync(marker)) return { dir, counts: JSON.parse(await readFile(marker, 'utf8')) };
  await rm(join(values.dir!, String(size)), { recursive: true, force: true });
  const started = performance.now();
  const counts = await writeSyntheticArchive(dir, { requests: size });
  process.stderr.write(`generated ${size} requests in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  await writeFile(marker, JSON.stringify(counts));
  return { dir, counts };
}

/** One build of `contentDir` into the size's build/ with the media store `media` (a folder or `netlify-blobs:<name>`). */
async function build(contentDir: string, size: number, media: string, env: Record<string, string> = {}): Promise<Measured> {
  const base = join(values.dir!, String(size));
  // Each measured build starts without an old tree and without a deletion still running:
  // replacing build/ is a rename, and the CLI deletes the replaced tree in the background.
  for (const entry of await readdir(base)) {
    if (entry === 'build' || entry.startsWith('.build-')) await rm(join(base, entry), { recursive: true, force: true });
  }
  // Flush the previous run's writes and deletions, so their writeback does not slow this run.
  execFileSync('sync');
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'build-child.ts'), contentDir, join(base, 'build'), join(base, 'cache'), values.images ? 'images' : 'facts', media],
    { maxBuffer: 1 << 20, env: { ...process.env, ...env } },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!);
}

/** sha1 of every file of a tree, by relative path: what a Netlify deploy compares to upload only changed files. */
async function treeDigests(root: string, prefix = '', out = new Map<string, string>()): Promise<Map<string, string>> {
  for (const entry of await readdir(join(root, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) await treeDigests(root, path, out);
    else out.set(path, createHash('sha1').update(await readFile(join(root, path))).digest('hex'));
  }
  return out;
}

/**
 * The next deploy after an editor replaced one attachment file: media objects uploaded, and
 * files of build/ whose bytes changed (what Netlify uploads). The file is restored afterwards.
 */
async function oneFileChange(contentDir: string, size: number, media: string): Promise<{ uploaded: number; changed: number }> {
  const base = join(values.dir!, String(size));
  const before = await treeDigests(join(base, 'build'));
  const requests = (await readdir(join(contentDir, 'requests'))).sort();
  let file: string | undefined;
  for (const request of requests) {
    const files = join(contentDir, 'requests', request, 'files');
    if (!existsSync(files)) continue;
    const message = (await readdir(files)).sort()[0]!;
    file = join(files, message, (await readdir(join(files, message))).sort()[0]!);
    break;
  }
  if (!file) throw new Error('the synthetic archive has no attachment file');
  const original = await readFile(file);
  await writeFile(file, Buffer.concat([original, Buffer.from('\n% edited\n')]));
  try {
    const measured = await build(contentDir, size, media);
    const after = await treeDigests(join(base, 'build'));
    let changed = 0;
    for (const [path, digest] of after) if (before.get(path) !== digest) changed++;
    return { uploaded: measured.media.uploaded, changed };
  } finally {
    await writeFile(file, original);
  }
}

/** A build into an empty Blobs store on a local BlobsServer: the upload's share of a first deploy. */
async function buildIntoBlobs(contentDir: string, size: number): Promise<Measured> {
  const directory = join(values.dir!, String(size), 'blobs-server');
  await rm(directory, { recursive: true, force: true });
  const token = 'bench-token';
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  try {
    const env = { NETLIFY_BLOBS_TOKEN: token, NETLIFY_SITE_ID: 'bench-site', NETLIFY_BLOBS_API_URL: `http://127.0.0.1:${port}` };
    return await build(contentDir, size, 'netlify-blobs:archive-media', env);
  } finally {
    await server.stop();
    await rm(directory, { recursive: true, force: true });
  }
}

const rows: string[] = [];
const layoutRows: string[] = [];
const mediaRows: string[] = [];
let stageNames: string[] = [];
for (const size of sizes) {
  const { dir, counts } = await content(size);
  // Cold: no PDF cache and an empty media store (every object uploaded); warm: both kept.
  await rm(join(values.dir!, String(size), 'cache'), { recursive: true, force: true });
  await rm(join(values.dir!, String(size), 'media'), { recursive: true, force: true });
  const media = join(values.dir!, String(size), 'media');
  const cold = await build(dir, size, media);
  const warm = await build(dir, size, media);
  const edit = await oneFileChange(dir, size, media);
  const blobs = await buildIntoBlobs(dir, size);
  const line = (label: string, m: Measured) =>
    `| ${size} | ${counts.messages} | ${counts.attachments} | ${counts.documents} | ${label} | ${m.seconds.toFixed(1)} | ${Object.values(m.stages).map((ms) => (ms / 1000).toFixed(1)).join(' / ')} | ${Math.round(m.objects / m.seconds)} | ${m.files} | ${(m.bytes / 1e6).toFixed(0)} | ${Math.round(m.peakRssMb)} |`;
  rows.push(line('cold', cold), line('warm', warm));
  const { fullestFolder, largestFile } = warm.layout;
  layoutRows.push(
    `| ${size} | \`${fullestFolder.path}/\` | ${fullestFolder.entries} | \`${largestFile.path}\` | ${(largestFile.bytes / 1e6).toFixed(2)} | ${warm.layout.files} | ${(warm.layout.bytes / 1e6).toFixed(0)} |`,
  );
  const uploadSeconds = (blobs.stages['upload media'] ?? 0) / 1000;
  mediaRows.push(
    `| ${size} | ${cold.media.objects} | ${(cold.media.uploadedBytes / 1e6).toFixed(1)} | ${cold.media.uploaded} | ${warm.media.uploaded} / ${warm.media.present} | ${edit.uploaded} / ${edit.changed} | ${blobs.media.uploaded} | ${uploadSeconds.toFixed(1)} | ${blobs.seconds.toFixed(1)} |`,
  );
  stageNames = Object.keys(warm.stages);
  process.stderr.write(`${rows.at(-2)}\n${rows.at(-1)}\n`);
}

process.stdout.write(
  [
    `Node ${process.version}, ${(await import('node:os')).cpus().length} cores, images: ${values.images ? 'yes' : 'no (facts only)'}`,
    '',
    `| requests | messages | attachments | documents | PDF cache | seconds | ${stageNames.join(' / ')} (s) | objects/s | files | MB JSON | peak RSS MB |`,
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    'Layout of build/ (warm build; deploy limits: 54,000 entries per folder, 10 MB per file; our own bound: 10,000 entries):',
    '',
    '| requests | fullest folder | entries | largest file | MB | files in build/ | MB in build/ |',
    '|---|---|---|---|---|---|---|',
    ...layoutRows,
    '',
    'Media store (cold: empty folder store; warm: the same store again; Blobs: an empty store on a local BlobsServer, over HTTP):',
    '',
    '| requests | objects | MB | uploaded cold | warm: uploaded / present | one attachment edited: objects uploaded / build/ files changed | uploaded to Blobs | upload to Blobs (s) | whole Blobs build (s) |',
    '|---|---|---|---|---|---|---|---|---|',
    ...mediaRows,
    '',
  ].join('\n'),
);

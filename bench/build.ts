/**
 * Build benchmark (docs/performance.md): generates synthetic archives of the given sizes and
 * builds each in a fresh process: cold (no PDF cache, empty media folder), warm (both kept),
 * and once more into an empty Netlify Blobs store served by @netlify/blobs' own local server
 * (BlobsServer), to time the upload. Prints objects per second, files and bytes of build/, peak
 * RSS, the layout figures the deploy limits watch (the fullest folder and the largest file of
 * build/) and the media store's objects and bytes.
 *
 * Then what a deploy costs: the size of Netlify's deploy manifest for the cold build, and the
 * files of build/ that change (added, removed, changed by sha1) after each of three edits
 * (bench/changes.ts), each built warm with the same cache and compared with the cold build,
 * then undone. `--changes` runs only that: one build of the unedited archive and one per edit,
 * which keeps 50,000 requests within an hour or two on two cores.
 *
 *   npm run bench -- --sizes 1000,10000,50000 [--layouts packed,loose] [--shape mixed|plain] [--changes] [--images] [--text-bytes 4000] [--page-text-bytes 2000]
 *
 * `--layouts` builds each size in each layout named (src/output/layout.ts; packed alone by
 * default), one after the other in the same folder, each with its own unedited build to compare
 * its edits with: the deploy table has a row per size and layout.
 *
 * `--text-bytes` gives every message a text of about that many bytes instead of one sentence,
 * `--page-text-bytes` every attachment and document a PDF of its own with that much text per page
 * instead of three shared ones (tools/synthetic.ts), in folders of their own: how peak memory
 * grows with the texts.
 *
 * The last line of the output is one JSON object with every figure of the deploy table.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { BlobsServer } from '@netlify/blobs/server';
import { writeSyntheticArchive, type SyntheticCounts } from '../tools/synthetic.ts';
import type { LayoutFigures } from '../src/output/limits.ts';
import type { Layout } from '../src/output/layout.ts';
import type { UploadStats } from '../src/media/upload.ts';
import { deployManifest, diffTrees, EDITS, scanArchive, treeDigests, type TreeChange } from './changes.ts';
import { nodeFlagsOf } from './node-flags.ts';

const run = promisify(execFile);
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000' },
    shape: { type: 'string', default: 'mixed' },
    layouts: { type: 'string', default: 'packed' },
    changes: { type: 'boolean', default: false },
    images: { type: 'boolean', default: false },
    'text-bytes': { type: 'string' },
    'page-text-bytes': { type: 'string' },
    dir: { type: 'string', default: join(tmpdir(), 'archive-bench') },
  },
});
const sizes = values.sizes.split(',').map(Number);
if (sizes.some((size) => !Number.isInteger(size) || size < 1)) throw new Error(`--sizes "${values.sizes}" must list whole numbers of requests, e.g. 1000,10000`);
if (values.shape !== 'mixed' && values.shape !== 'plain') throw new Error(`--shape must be mixed or plain, not "${values.shape}"`);
const shape = values.shape;
const layouts = values.layouts.split(',');
if (!layouts.every((layout): layout is Layout => layout === 'loose' || layout === 'packed')) throw new Error(`--layouts "${values.layouts}" must list loose and/or packed, e.g. packed,loose`);
/** A whole number of bytes from the option `name`, if given. */
function bytesOption(name: 'text-bytes' | 'page-text-bytes', example: number): number | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  const bytes = Number(value);
  if (!(Number.isInteger(bytes) && bytes > 0)) throw new Error(`--${name} "${value}" must be a whole number of bytes, e.g. ${example}`);
  return bytes;
}
const textBytes = bytesOption('text-bytes', 4000);
const pageTextBytes = bytesOption('page-text-bytes', 2000);
/** Each shape, size and text size has its own folder: content/, build/, cache/, media/. */
const baseOf = (size: number) => join(values.dir, `${shape}-${size}${textBytes ? `-text${textBytes}` : ''}${pageTextBytes ? `-pages${pageTextBytes}` : ''}`);
const started = performance.now();
const progress = (message: string) => process.stderr.write(`[${((performance.now() - started) / 1000).toFixed(0)} s] ${message}\n`);

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

/**
 * Present while the content is edited: a run stopped before its undo left it edited, so the
 * next run generates the content again instead of measuring against an edited archive.
 */
const editingMarker = (size: number) => join(baseOf(size), 'editing');

/** Runs `work` on the edited content with the marker in place; `undo` restores the content, then the marker goes. */
async function whileEdited<T>(size: number, undo: () => Promise<unknown>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    await undo();
    await rm(editingMarker(size), { force: true });
  }
}

async function content(size: number): Promise<{ dir: string; counts: SyntheticCounts }> {
  const dir = join(baseOf(size), 'content');
  const marker = join(baseOf(size), 'counts.json');
  if (existsSync(marker) && !existsSync(editingMarker(size))) return { dir, counts: JSON.parse(await readFile(marker, 'utf8')) as SyntheticCounts };
  await rm(baseOf(size), { recursive: true, force: true });
  const counts = await writeSyntheticArchive(dir, { requests: size, shape, textBytes, pageTextBytes });
  progress(`generated ${size} requests (${shape})`);
  await writeFile(marker, JSON.stringify(counts));
  return { dir, counts };
}

/** One build of `contentDir` into the size's build/ in `layout` with the media store `media` (a folder or `netlify-blobs:<name>`). */
async function build(contentDir: string, size: number, media: string, layout: Layout, env: Record<string, string> = {}): Promise<Measured> {
  const base = baseOf(size);
  // Each measured build starts without an old tree and without a deletion still running:
  // replacing build/ is a rename, and the CLI deletes the replaced tree in the background.
  for (const entry of await readdir(base)) {
    if (entry === 'build' || entry.startsWith('.build-')) await rm(join(base, entry), { recursive: true, force: true });
  }
  // Flush the previous run's writes and deletions, so their writeback does not slow this run.
  execFileSync('sync');
  const { stdout } = await run(
    process.execPath,
    [...nodeFlagsOf('build'), '--import', 'tsx', join(import.meta.dirname, 'build-child.ts'), contentDir, join(base, 'build'), join(base, 'cache'), values.images ? 'images' : 'facts', media, layout],
    { maxBuffer: 1 << 20, env: { ...process.env, ...env } },
  );
  const measured = JSON.parse(stdout.trim().split('\n').pop()!) as Measured;
  progress(`built ${size} requests ${layout} in ${measured.seconds.toFixed(1)} s: ${measured.files} files`);
  return measured;
}

/**
 * The next deploy after an editor replaced one attachment file: media objects uploaded, and
 * files of build/ whose bytes changed (what Netlify uploads), against `before` (the unedited
 * archive's build). The file is restored afterwards. Null when the archive has no attachment.
 */
async function oneFileChange(contentDir: string, size: number, media: string, layout: Layout, before: ReadonlyMap<string, string>): Promise<{ uploaded: number; changed: number } | null> {
  const base = baseOf(size);
  const requests = (await readdir(join(contentDir, 'requests'))).sort();
  let file: string | undefined;
  for (const request of requests) {
    const files = join(contentDir, 'requests', request, 'files');
    if (!existsSync(files)) continue;
    const message = (await readdir(files)).sort()[0]!;
    file = join(files, message, (await readdir(join(files, message))).sort()[0]!);
    break;
  }
  if (!file) return null;
  const original = await readFile(file);
  await writeFile(editingMarker(size), file);
  await writeFile(file, Buffer.concat([original, Buffer.from('\n% edited\n')]));
  return whileEdited(size, () => writeFile(file, original), async () => {
    const measured = await build(contentDir, size, media, layout);
    return { uploaded: measured.media.uploaded, changed: diffTrees(before, treeDigests(join(base, 'build')).digests).total };
  });
}

/** A build into an empty Blobs store on a local BlobsServer: the upload's share of a first deploy. */
async function buildIntoBlobs(contentDir: string, size: number, layout: Layout): Promise<Measured> {
  const directory = join(baseOf(size), 'blobs-server');
  await rm(directory, { recursive: true, force: true });
  const token = 'bench-token';
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  try {
    const env = { NETLIFY_BLOBS_TOKEN: token, NETLIFY_SITE_ID: 'bench-site', NETLIFY_BLOBS_API_URL: `http://127.0.0.1:${port}` };
    return await build(contentDir, size, 'netlify-blobs:archive-media', layout, env);
  } finally {
    await server.stop();
    await rm(directory, { recursive: true, force: true });
  }
}

/** The figures of one size in the deploy table (and the JSON line). */
interface DeployFigures {
  requests: number;
  layout: Layout;
  messages: number;
  files: number;
  bytes: number;
  manifest: { files: number; bytes: number };
  /** The warm build of the unedited archive against the cold one (full run only): what a rebuild with nothing edited uploads. */
  rebuilt?: TreeChange;
  changes: Record<keyof typeof EDITS, TreeChange & { edit: string }>;
}

/**
 * Builds the archive after each edit (warm: the cache of the build before) and compares the tree
 * with `before`, the unedited archive's build; undoes the edit whatever happens.
 */
async function measureEdits(contentDir: string, size: number, media: string, layout: Layout, before: ReadonlyMap<string, string>): Promise<DeployFigures['changes']> {
  const scan = await scanArchive(contentDir);
  const changes = {} as DeployFigures['changes'];
  for (const [letter, { label, apply }] of Object.entries(EDITS) as [keyof typeof EDITS, (typeof EDITS)[keyof typeof EDITS]][]) {
    await writeFile(editingMarker(size), letter);
    const edit = await apply(scan);
    progress(`(${letter}) ${label}: ${edit.description}`);
    await whileEdited(size, edit.undo, async () => {
      await build(contentDir, size, media, layout);
      changes[letter] = { ...diffTrees(before, treeDigests(join(baseOf(size), 'build')).digests), edit: edit.description };
    });
    progress(`(${letter}) ${changes[letter].total} files differ`);
  }
  return changes;
}

const rows: string[] = [];
const layoutRows: string[] = [];
const mediaRows: string[] = [];
const deploys: DeployFigures[] = [];
let stageNames: string[] = [];
for (const size of sizes) {
  const { dir, counts } = await content(size);
  const media = join(baseOf(size), 'media');
  for (const layout of layouts) {
    if (values.changes) {
      // The unedited archive once (with whatever cache an earlier run left), then one build per edit.
      await build(dir, size, media, layout);
      const before = treeDigests(join(baseOf(size), 'build'));
      progress(`digested ${before.digests.size} files`);
      const changes = await measureEdits(dir, size, media, layout, before.digests);
      deploys.push({ requests: size, layout, messages: counts.messages, files: before.digests.size, bytes: before.bytes, manifest: deployManifest(before.digests), changes });
      // Each row as soon as it is measured: a run stopped before its end keeps the sizes it finished.
      progress(`deploy ${JSON.stringify({ ...deploys.at(-1), changes: Object.fromEntries(Object.entries(changes).map(([letter, c]) => [letter, { ...c, folders: undefined }])) })}`);
      continue;
    }
    // Cold: no PDF cache and an empty media store (every object uploaded); warm: both kept.
    await rm(join(baseOf(size), 'cache'), { recursive: true, force: true });
    await rm(media, { recursive: true, force: true });
    const cold = await build(dir, size, media, layout);
    const before = treeDigests(join(baseOf(size), 'build'));
    const warm = await build(dir, size, media, layout);
    const rebuilt = diffTrees(before.digests, treeDigests(join(baseOf(size), 'build')).digests);
    const changes = await measureEdits(dir, size, media, layout, before.digests);
    deploys.push({ requests: size, layout, messages: counts.messages, files: before.digests.size, bytes: before.bytes, manifest: deployManifest(before.digests), rebuilt, changes });
    const edit = await oneFileChange(dir, size, media, layout, before.digests);
    const blobs = await buildIntoBlobs(dir, size, layout);
    const line = (label: string, m: Measured) =>
      `| ${size} | ${counts.messages} | ${counts.attachments} | ${counts.documents} | ${label} ${layout} | ${m.seconds.toFixed(1)} | ${Object.values(m.stages).map((ms) => (ms / 1000).toFixed(1)).join(' / ')} | ${Math.round(m.objects / m.seconds)} | ${m.files} | ${(m.bytes / 1e6).toFixed(0)} | ${Math.round(m.peakRssMb)} |`;
    rows.push(line('cold', cold), line('warm', warm));
    const { fullestFolder, largestFile } = warm.layout;
    layoutRows.push(
      `| ${size} ${layout} | \`${fullestFolder.path}/\` | ${fullestFolder.entries} | \`${largestFile.path}\` | ${(largestFile.bytes / 1e6).toFixed(2)} | ${warm.layout.files} | ${(warm.layout.bytes / 1e6).toFixed(0)} |`,
    );
    const uploadSeconds = (blobs.stages['upload media'] ?? 0) / 1000;
    mediaRows.push(
      `| ${size} ${layout} | ${cold.media.objects} | ${(cold.media.uploadedBytes / 1e6).toFixed(1)} | ${cold.media.uploaded} | ${warm.media.uploaded} / ${warm.media.present} | ${edit ? `${edit.uploaded} / ${edit.changed}` : '– (no attachments)'} | ${blobs.media.uploaded} | ${uploadSeconds.toFixed(1)} | ${blobs.seconds.toFixed(1)} |`,
    );
    stageNames = Object.keys(warm.stages);
  }
}

/** What a deploy of 50,000 requests should need at most (and 100,000: 20,000 files), as docs/performance.md states them. */
const TARGETS = { files: (requests: number) => (requests >= 100_000 ? 20_000 : 10_000), manifestBytes: 1_000_000, a: 10, b: 60 };
const judged = (requests: number, figure: number, target: number) => (requests >= 50_000 ? `${figure.toLocaleString('en')} ${figure <= target ? '(target met)' : `(target ≤ ${target.toLocaleString('en')})`}` : figure.toLocaleString('en'));
const change = (c: TreeChange | undefined, requests: number, target?: number) =>
  c === undefined ? '–' : `${target === undefined ? c.total.toLocaleString('en') : judged(requests, c.total, target)} (+${c.added} −${c.removed} ~${c.changed})`;
const deployTable = [
  `Deploy (shape ${shape}; files and manifest of the unedited archive's build; an edit's files are those whose entry in the manifest is new, gone or has another sha1, i.e. what Netlify uploads):`,
  '',
  '| requests | layout | messages | files in build/ | MB in build/ | deploy manifest MB | bytes per file | rebuilt, nothing edited | (a) one message text edited | (b) new request, 10 messages | (c) reply to the oldest request |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...deploys.map(
    (d) =>
      `| ${d.requests} | ${d.layout} | ${d.messages} | ${judged(d.requests, d.files, TARGETS.files(d.requests))} | ${(d.bytes / 1e6).toFixed(0)} | ${d.requests >= 50_000 ? judged(d.requests, Number((d.manifest.bytes / 1e6).toFixed(2)), TARGETS.manifestBytes / 1e6) : (d.manifest.bytes / 1e6).toFixed(2)} | ${(d.manifest.bytes / d.manifest.files).toFixed(0)} | ${change(d.rebuilt, d.requests)} | ${change(d.changes.a, d.requests, TARGETS.a)} | ${change(d.changes.b, d.requests, TARGETS.b)} | ${change(d.changes.c, d.requests)} |`,
  ),
  '',
  'Targets at 50,000 requests: ≤ 10,000 files (≤ 20,000 at 100,000), manifest ≤ 1 MB, (a) ≤ 10 files, (b) ≤ 60 files; (c) is reported with its reason.',
  '',
  'Where the files of each edit are (folder: files, the 8 fullest):',
  '',
  ...deploys.flatMap((d) =>
    (Object.keys(d.changes) as (keyof typeof EDITS)[]).map(
      (letter) => `- ${d.requests} ${d.layout} (${letter}) ${d.changes[letter].edit}: ${d.changes[letter].folders.slice(0, 8).map(([folder, files]) => `${folder}/ ${files}`).join(', ')}${d.changes[letter].folders.length > 8 ? `, and ${d.changes[letter].folders.length - 8} more folders` : ''}`,
    ),
  ),
  '',
];
const json = {
  shape,
  node: process.version,
  sizes: deploys.map((d) => ({
    ...d,
    rebuilt: d.rebuilt && { ...d.rebuilt, folders: undefined },
    changes: Object.fromEntries(Object.entries(d.changes).map(([letter, c]) => [letter, { ...c, folders: c.folders.slice(0, 20) }])),
  })),
};

process.stdout.write(
  [
    `Node ${process.version}, ${(await import('node:os')).cpus().length} cores, shape: ${shape}, images: ${values.images ? 'yes' : 'no (facts only)'}`,
    '',
    ...(values.changes
      ? []
      : [
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
        ]),
    ...deployTable,
    JSON.stringify(json),
    '',
  ].join('\n'),
);

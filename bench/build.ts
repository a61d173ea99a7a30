/**
 * Build benchmark (issue 2 #15, issue 10 #7): generates synthetic archives of the given sizes,
 * builds each twice in a fresh process (cold, then warm PDF cache) and prints objects per
 * second, files and bytes written, peak RSS, and the layout figures the deploy limits watch:
 * the fullest folder of build/ and its largest file.
 *
 *   npm run bench -- --sizes 1000,10000,50000 [--images]
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { writeSyntheticArchive, type SyntheticCounts } from '../src/sample/synthetic.ts';

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
  layout: { fullestFolder: { path: string; entries: number }; largestFile: { path: string; bytes: number } };
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

async function build(contentDir: string, size: number): Promise<Measured> {
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
    ['--import', 'tsx', join(import.meta.dirname, 'build-child.ts'), contentDir, join(base, 'build'), join(base, 'cache'), values.images ? 'images' : 'facts'],
    { maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!);
}

const rows: string[] = [];
const layoutRows: string[] = [];
let stageNames: string[] = [];
for (const size of sizes) {
  const { dir, counts } = await content(size);
  await rm(join(values.dir!, String(size), 'cache'), { recursive: true, force: true });
  const cold = await build(dir, size);
  const warm = await build(dir, size);
  const line = (label: string, m: Measured) =>
    `| ${size} | ${counts.messages} | ${counts.attachments} | ${counts.documents} | ${label} | ${m.seconds.toFixed(1)} | ${Object.values(m.stages).map((ms) => (ms / 1000).toFixed(1)).join(' / ')} | ${Math.round(m.objects / m.seconds)} | ${m.files} | ${(m.bytes / 1e6).toFixed(0)} | ${Math.round(m.peakRssMb)} |`;
  rows.push(line('cold', cold), line('warm', warm));
  const { fullestFolder, largestFile } = warm.layout;
  layoutRows.push(`| ${size} | \`${fullestFolder.path}/\` | ${fullestFolder.entries} | \`${largestFile.path}\` | ${(largestFile.bytes / 1e6).toFixed(2)} |`);
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
    '| requests | fullest folder | entries | largest file | MB |',
    '|---|---|---|---|---|',
    ...layoutRows,
    '',
  ].join('\n'),
);

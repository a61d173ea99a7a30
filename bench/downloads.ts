/**
 * What the data downloads cost (docs/downloads.md, docs/performance.md): a synthetic archive
 * (tools/synthetic.ts) built twice over, without and with downloads, each in its own build/,
 * cache and media folder and each build in its own process (bench/build-child.ts, packed, as
 * the bench builds): cold, then warm after (a) one message's text edited and (b) a new request
 * with 10 messages, each undone and built again. Prints per build its seconds and whether it
 * was a patch build, the files and bytes build/ and its downloads hold, and the files (and the
 * download files) each edit changed against the cold build.
 *
 *   npm run bench:downloads -- --requests 5000 [--dir /tmp/archive-bench-downloads]
 *
 * The last line of the output is one JSON object with every figure.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { writeSyntheticArchive, type SyntheticCounts } from '../tools/synthetic.ts';
import { addRequest, diffTrees, editMessageText, scanArchive, treeDigests, type Edit } from './changes.ts';
import { nodeFlagsOf } from './node-flags.ts';

const run = promisify(execFile);
const { values } = parseArgs({ options: { requests: { type: 'string', default: '5000' }, dir: { type: 'string', default: join(tmpdir(), 'archive-bench-downloads') } } });
const requests = Number(values.requests);
if (!Number.isInteger(requests) || requests < 1) throw new Error(`--requests "${values.requests}" must be a whole number, e.g. 5000`);
const base = join(values.dir, `mixed-${requests}`);
const contentDir = join(base, 'content');
const started = performance.now();
const progress = (message: string) => process.stderr.write(`[${((performance.now() - started) / 1000).toFixed(0)} s] ${message} (load ${loadavg()[0]!.toFixed(1)})\n`);

async function content(): Promise<SyntheticCounts> {
  const marker = join(base, 'counts.json');
  if (existsSync(marker)) return JSON.parse(await readFile(marker, 'utf8')) as SyntheticCounts;
  await rm(base, { recursive: true, force: true });
  const counts = await writeSyntheticArchive(contentDir, { requests, shape: 'mixed' });
  await writeFile(marker, JSON.stringify(counts));
  progress(`generated ${requests} requests`);
  return counts;
}

type Mode = 'without' | 'with';

interface Built {
  seconds: number;
  patched: number;
  files: number;
  bytes: number;
}

async function build(mode: Mode, what: string): Promise<Built> {
  const dir = join(base, mode);
  execFileSync('sync');
  const args = [join(import.meta.dirname, 'build-child.ts'), contentDir, join(dir, 'build'), join(dir, 'cache'), 'facts', join(dir, 'media'), 'packed', ...(mode === 'with' ? ['downloads'] : [])];
  const { stdout } = await run(process.execPath, [...nodeFlagsOf('build'), '--import', 'tsx', ...args], { maxBuffer: 1 << 24 });
  const measured = JSON.parse(stdout.trim().split('\n').at(-1)!) as Built;
  const built = { seconds: Number(measured.seconds.toFixed(1)), patched: measured.patched, files: measured.files, bytes: measured.bytes };
  progress(`${mode} downloads, ${what}: ${built.seconds} s${built.patched ? ` (patch build, ${built.patched} files)` : ''}`);
  return built;
}

const inDownloads = (digests: ReadonlyMap<string, string>) => new Map([...digests].filter(([path]) => path.startsWith('downloads/')));

async function measure(mode: Mode) {
  const dir = join(base, mode);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const cold = await build(mode, 'cold');
  const before = treeDigests(join(dir, 'build'));
  const downloads = inDownloads(before.digests);
  const downloadBytes = [...downloads.keys()].reduce((sum, path) => sum + Number(execFileSync('stat', ['-c', '%s', join(dir, 'build', path)], { encoding: 'utf8' })), 0);
  const edits: Record<string, { edit: string; build: Built; undo: Built; changed: number; downloadsChanged: string[] }> = {};
  for (const [letter, apply] of [['a', editMessageText], ['b', (scan: Awaited<ReturnType<typeof scanArchive>>) => addRequest(scan)]] as const) {
    const edit: Edit = await apply(await scanArchive(contentDir));
    let built: Built;
    let after: Map<string, string>;
    try {
      built = await build(mode, `(${letter}) ${edit.description}`);
      after = treeDigests(join(dir, 'build')).digests;
    } finally {
      await edit.undo();
    }
    const undo = await build(mode, `undo (${letter})`);
    const changed = diffTrees(before.digests, after);
    const downloadsChanged = [...new Set([...inDownloads(after).keys(), ...downloads.keys()])].filter((path) => after.get(path) !== before.digests.get(path)).sort();
    edits[letter] = { edit: edit.description, build: built, undo, changed: changed.total, downloadsChanged };
  }
  return { cold, downloads: { files: downloads.size, bytes: downloadBytes }, edits };
}

const counts = await content();
const without = await measure('without');
const withDownloads = await measure('with');
const figures = {
  requests,
  messages: counts.messages,
  load: loadavg().map((value) => Number(value.toFixed(1))),
  without,
  with: withDownloads,
  added: {
    files: withDownloads.cold.files - without.cold.files,
    bytes: withDownloads.cold.bytes - without.cold.bytes,
    coldSeconds: Number((withDownloads.cold.seconds - without.cold.seconds).toFixed(1)),
    warmSeconds: { a: Number((withDownloads.edits.a!.build.seconds - without.edits.a!.build.seconds).toFixed(1)), b: Number((withDownloads.edits.b!.build.seconds - without.edits.b!.build.seconds).toFixed(1)) },
  },
};
console.log(JSON.stringify(figures));

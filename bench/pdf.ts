/**
 * PDF stage benchmark: four page rates measured side by side in
 * one run, on the same pages with the same parallelism:
 *
 *   (a) our first pass: facts, text, four PNG sizes (timed inside the full run)
 *   (b) our full set: first pass + WebP siblings (one processPdfs call, fresh cache)
 *   (c) `mutool draw`, the same four PNG sizes, one process per PDF and size
 *   (d) (c) plus `cwebp -q 80 -m 0` for every PNG it wrote
 *
 * then the warm-cache cost.
 *
 *   npm run bench:pdf -- [--dir <folder of PDFs>]... [--broken <folder>]... [--concurrency N] [--warm N] [--no-mutool] [--rounds N]
 *
 * `--rounds N` alternates the two sides N times (ours, theirs, theirs, ours, ...) and adds up
 * pages, seconds and CPU of all rounds: on a machine others load, the drift of the load falls on
 * both sides alike.
 *
 * `--dir` takes every PDF of a folder, `--broken` only the PDFs of a folder that mutool reports
 * a problem with (it exits non-zero or prints an error or warning), e.g. qpdf's test files; both
 * repeat. Default: test/fixtures/pdf/real-world/texlive (117 PDFs, 1,538 pages; sh
 * test/fixtures/pdf/fetch-real-world.sh), else generated pdfkit PDFs. Every PDF is in every run:
 * what either side spends on a PDF it gives up on counts. The rates count the pages we derive
 * (a PDF we give up on adds time, no pages). Results go to stdout, with the load average and the
 * runnable threads sampled during each side's run; record them in docs/pdf.md.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { folderDerivativeStore, processPdfs, type PdfJob, type PdfRunStats } from '../src/pdf/index.ts';
import type { ProgressState } from '../src/lib/progress.ts';
import { ORIGINAL_DPI, THUMBNAIL_WIDTHS } from '../src/pdf/sizes.ts';
import { fillerPages, writePdf } from '../tools/pdf-writer.ts';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', multiple: true, default: [] },
    broken: { type: 'string', multiple: true, default: [] },
    concurrency: { type: 'string' },
    warm: { type: 'string', default: '1000' },
    'no-mutool': { type: 'boolean', default: false },
    rounds: { type: 'string', default: '1' },
  },
});
const concurrency = Number(values.concurrency ?? availableParallelism());
const work = await mkdtemp(join(tmpdir(), 'bench-pdf-'));
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

/**
 * CPU seconds: this process with its worker threads, and the children it has waited for
 * (/proc/self/stat cutime + cstime). Other engineers' work on the machine slows the wall clock
 * of both sides, much less their CPU time per page, so the run reports both.
 */
const cpuSelf = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
const cpuChildren = () => {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) / TICKS;
};

async function pdfsIn(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true }))
    .filter((n) => n.toLowerCase().endsWith('.pdf'))
    .sort()
    .map((n) => join(dir, n));
}

async function pdfFiles(tools: boolean): Promise<string[]> {
  if (values.dir.length > 0 || values.broken.length > 0) {
    const files = (await Promise.all(values.dir.map(pdfsIn))).flat();
    for (const dir of values.broken) {
      const all = await pdfsIn(dir);
      const chosen = tools ? await brokenForMutool(all) : all;
      console.log(`${dir}: ${chosen.length} of ${all.length} PDFs ${tools ? 'that mutool reports a problem with' : '(mutool missing: all)'}`);
      files.push(...chosen);
    }
    return files;
  }
  const root = join(import.meta.dirname, '../test/fixtures/pdf/real-world');
  for (const dir of [join(root, 'texlive'), root]) {
    if (!existsSync(dir)) continue;
    const names = (await readdir(dir)).filter((n) => n.endsWith('.pdf')).sort();
    if (names.length > 0) return names.map((n) => join(dir, n));
  }
  console.log('no real-world PDFs found; generating 10 x 20 pages with pdfkit');
  const out = join(work, 'generated');
  await mkdir(out);
  return Promise.all(
    Array.from({ length: 10 }, async (_, i) => {
      const file = join(out, `gen-${i}.pdf`);
      await writeFile(file, await writePdf({ title: `Generated ${i}`, pages: fillerPages(20, 12 + i) }));
      return file;
    }),
  );
}

/** Runs `count` tasks, `concurrency` at a time, and returns the wall time in seconds. */
async function timedParallel(count: number, task: (index: number) => Promise<void>): Promise<number> {
  const started = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return (performance.now() - started) / 1000;
}

/** Exit code of a command (and its stderr when asked); never rejects, so a failing tool cannot end the run half-way. */
function run(command: string, args: string[], stderr = false): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', stderr ? 'pipe' : 'ignore'] });
    let text = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    child.on('error', () => resolve({ code: -1, stderr: text })).on('close', (code) => resolve({ code: code ?? -1, stderr: text }));
  });
}

/**
 * The PDFs mutool draws with a non-zero exit or a message, at 2 dpi, untimed. mupdf built
 * without colour management warns on every file ("ICC support is not available"): not a problem of the PDF.
 */
async function brokenForMutool(files: string[]): Promise<string[]> {
  const broken: string[] = [];
  await timedParallel(files.length, async (i) => {
    const { code, stderr } = await run('mutool', ['draw', '-q', '-o', '/dev/null', '-r', '2', files[i]!], true);
    const messages = stderr.split('\n').filter((line) => line.trim() !== '' && !line.includes('ICC support is not available'));
    if (code !== 0 || messages.length > 0) broken.push(files[i]!);
  });
  return broken.sort();
}

/** Threads of this process (its workers, libuv's and libvips' threads) running or runnable now (state R in /proc/self/task/<id>/stat), the sampler's own thread aside. */
function runningThreads(): number {
  let count = 0;
  for (const id of readdirSync('/proc/self/task')) {
    try {
      if (readFileSync(`/proc/self/task/${id}/stat`, 'utf8').split(') ')[1]?.startsWith('R')) count++;
    } catch {
      // the thread ended meanwhile
    }
  }
  return Math.max(0, count - 1);
}

/**
 * Samples, during one side's run, the 1-minute load average and the threads the kernel has
 * runnable at that moment (the 4th field of /proc/loadavg, `running/total`, the running
 * count including this sampler), every 0.5 s.
 */
function loadSampler() {
  const loads: number[] = [];
  const runnable: number[] = [];
  const own: number[] = [];
  const sample = () => {
    loads.push(loadavg()[0]!);
    const field = readFileSync('/proc/loadavg', 'utf8').split(' ')[3];
    runnable.push(Number(field?.split('/')[0] ?? Number.NaN));
    own.push(runningThreads());
  };
  sample();
  const timer = setInterval(sample, 500);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return {
    stop(): string {
      clearInterval(timer);
      sample();
      return `load during ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}, runnable threads mean ${mean(runnable).toFixed(1)} max ${Math.max(...runnable)}, of this process mean ${mean(own).toFixed(1)} max ${Math.max(...own)}`;
    },
  };
}

/** (b), and (a) inside it: the first pass ends when its progress stops. */
async function ours(files: string[], cacheDir: string, images = true) {
  const jobs: PdfJob[] = files.map((file, i) => ({ id: String(i), file, images }));
  let stats!: PdfRunStats;
  let firstPassSeconds = 0;
  let firstPassCpu = 0;
  const started = performance.now();
  const cpu = cpuSelf();
  const progress = {
    start() {},
    update() {},
    stop: (state: ProgressState) => {
      if (state.pass !== undefined) return;
      firstPassSeconds = (performance.now() - started) / 1000;
      firstPassCpu = cpuSelf() - cpu;
    },
  };
  const results = await processPdfs(jobs, { store: folderDerivativeStore(cacheDir), concurrency, progress, onStats: (s) => (stats = s) });
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = cpuSelf() - cpu;
  let pages = 0;
  for (const [id, r] of results) {
    if (r.ok && !r.pending) pages += r.facts.numPages;
    else console.log(`  ${basename(jobs[Number(id)]!.file)}: ${r.ok ? 'pending' : `${r.reason}: ${r.message}`}`);
  }
  return { seconds, firstPassSeconds, cpuSeconds, firstPassCpu, pages, stats };
}

const SIZES: [string, string[]][] = [
  ['original', ['-r', String(ORIGINAL_DPI)]],
  ...Object.entries(THUMBNAIL_WIDTHS).map(([size, w]): [string, string[]] => [size, ['-w', String(w)]]),
];

const drawArgs = (file: string, out: string, size: string, args: string[]) => ['draw', '-q', '-c', 'rgb', '-F', 'png', '-o', join(out, `${basename(file, '.pdf')}-p%d-${size}.png`), ...args, file];

/** (c): four `mutool draw` runs per PDF (one per size); then (d)'s extra: cwebp for every PNG. */
async function native(files: string[]) {
  const out = join(work, 'mutool');
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  const failures: string[] = [];
  const commands = files.flatMap((file) => SIZES.map(([size, args]) => drawArgs(file, out, size, args)));
  const cpu = cpuChildren();
  const mutoolSeconds = await timedParallel(commands.length, async (i) => {
    const { code } = await run('mutool', commands[i]!);
    if (code !== 0) failures.push(`mutool ${commands[i]!.join(' ')} exited ${code}`);
  });
  const mutoolCpu = cpuChildren() - cpu;
  const pngs = (await readdir(out)).filter((name) => name.endsWith('.png')).map((name) => join(out, name));
  const cwebpSeconds = await timedParallel(pngs.length, async (i) => {
    const { code } = await run('cwebp', ['-quiet', '-q', '80', '-m', '0', pngs[i]!, '-o', `${pngs[i]}.webp`]);
    if (code !== 0) failures.push(`cwebp ${basename(pngs[i]!)} exited ${code}`);
  });
  const cwebpCpu = cpuChildren() - cpu - mutoolCpu;
  return { mutoolSeconds, cwebpSeconds, mutoolCpu, cwebpCpu, pngs: pngs.length, failures };
}

async function warmCache(n: number): Promise<void> {
  const dir = join(work, 'warm');
  await mkdir(dir);
  const files = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const file = join(dir, `doc-${i}.pdf`);
      await writeFile(file, await writePdf({ title: `Dokument ${i}`, pages: [{ text: `Schreiben Nr. ${i}` }] }));
      return file;
    }),
  );
  const cacheDir = join(work, 'warm-cache');
  const cold = await ours(files, cacheDir);
  console.log(`warm-cache set: ${n} one-page PDFs, cold ${cold.seconds.toFixed(1)} s (${(cold.pages / cold.seconds).toFixed(1)} pages/s)`);
  for (let round = 1; round <= 2; round++) {
    const warm = await ours(files, cacheDir);
    console.log(
      `warm run ${round}: ${warm.seconds.toFixed(3)} s for ${n} unchanged PDFs ` +
        `(${((warm.seconds * 1000) / n).toFixed(3)} s per 1,000; hits ${warm.stats.cacheHits}, derived ${warm.stats.derived})`,
    );
  }
}

const rate = (pages: number, seconds: number, cpu: number) =>
  `${pages} pages in ${seconds.toFixed(1)} s = ${(pages / seconds).toFixed(2)} pages/s; ${((cpu * 1000) / pages).toFixed(0)} ms CPU per page`;

try {
  const hasMutool = spawnSync('mutool', ['-v']).status !== null;
  const tools = !values['no-mutool'] && hasMutool && spawnSync('cwebp', ['-version']).status === 0;
  const files = await pdfFiles(hasMutool);
  console.log(`node ${process.version}, ${availableParallelism()} cores, concurrency ${concurrency}, ${files.length} PDFs, load ${load()}`);
  const rounds = Math.max(1, Number(values.rounds) || 1);
  const version = tools ? spawnSync('mutool', ['-v'], { encoding: 'utf8' }) : null;
  const sum = { pages: 0, seconds: 0, firstPassSeconds: 0, cpuSeconds: 0, firstPassCpu: 0, mutoolSeconds: 0, cwebpSeconds: 0, mutoolCpu: 0, cwebpCpu: 0 };
  for (let round = 1; round <= rounds; round++) {
    // ABBA: ours first in odd rounds, theirs first in even rounds.
    let full!: Awaited<ReturnType<typeof ours>>;
    let c: Awaited<ReturnType<typeof native>> | null = null;
    let oursLoad = '';
    let theirsLoad = '';
    const runOurs = async () => {
      await rm(join(work, 'cache'), { recursive: true, force: true });
      const sampler = loadSampler();
      full = await ours(files, join(work, 'cache'));
      oursLoad = sampler.stop();
    };
    const runTheirs = async () => {
      if (!tools) return;
      const sampler = loadSampler();
      c = await native(files);
      theirsLoad = sampler.stop();
    };
    if (round % 2 === 1) {
      await runOurs();
      await runTheirs();
    } else {
      await runTheirs();
      await runOurs();
    }
    const label = rounds > 1 ? `round ${round}: ` : '';
    console.log(`${label}(a) ours, first pass (render + 4 x PNG + text):  ${rate(full.pages, full.firstPassSeconds, full.firstPassCpu)}`);
    console.log(`${label}(b) ours, full set (+ 4 x WebP from the PNGs):    ${rate(full.pages, full.seconds, full.cpuSeconds)}   ${oursLoad}`);
    sum.pages += full.pages;
    sum.seconds += full.seconds;
    sum.firstPassSeconds += full.firstPassSeconds;
    sum.cpuSeconds += full.cpuSeconds;
    sum.firstPassCpu += full.firstPassCpu;
    if (c) {
      const d: Awaited<ReturnType<typeof native>> = c;
      console.log(`${label}(c) mutool draw, 4 x PNG:                         ${rate(full.pages, d.mutoolSeconds, d.mutoolCpu)}   (${(version!.stderr || version!.stdout).trim()}, ${d.pngs} PNGs)`);
      console.log(`${label}(d) (c) + cwebp -q 80 -m 0 per PNG:               ${rate(full.pages, d.mutoolSeconds + d.cwebpSeconds, d.mutoolCpu + d.cwebpCpu)}   (cwebp ${d.cwebpSeconds.toFixed(1)} s)   ${theirsLoad}`);
      console.log(`${label}ratios of pages/s: (a)/(c) ${((full.pages / full.firstPassSeconds) / (full.pages / d.mutoolSeconds)).toFixed(2)}, (b)/(d) ${((full.pages / full.seconds) / (full.pages / (d.mutoolSeconds + d.cwebpSeconds))).toFixed(2)}`);
      if (d.failures.length > 0) console.log(`  ${d.failures.length} mutool/cwebp runs exited non-zero, e.g. ${d.failures[0]}`);
      sum.mutoolSeconds += d.mutoolSeconds;
      sum.cwebpSeconds += d.cwebpSeconds;
      sum.mutoolCpu += d.mutoolCpu;
      sum.cwebpCpu += d.cwebpCpu;
    }
  }
  if (tools) {
    const a = sum.pages / sum.firstPassSeconds;
    const b = sum.pages / sum.seconds;
    const cRate = sum.pages / sum.mutoolSeconds;
    const dRate = sum.pages / (sum.mutoolSeconds + sum.cwebpSeconds);
    const all = rounds > 1 ? `all ${rounds} rounds: ` : '';
    console.log(`${all}ratios of pages/s: (a)/(c) ${(a / cRate).toFixed(2)} (target >= 0.75), (b)/(d) ${(b / dRate).toFixed(2)} (target >= 1.0)`);
    console.log(`${all}ratios of pages per CPU second: (a)/(c) ${(sum.mutoolCpu / sum.firstPassCpu).toFixed(2)}, (b)/(d) ${((sum.mutoolCpu + sum.cwebpCpu) / sum.cpuSeconds).toFixed(2)}`);
  } else {
    console.log('mutool or cwebp not found (apt-get install mupdf-tools webp); comparison skipped');
  }
  const again = await ours(files, join(work, 'cache'));
  console.log(`same PDFs again (warm): ${again.seconds.toFixed(3)} s, derived ${again.stats.derived}`);
  const warm = Number(values.warm);
  if (warm > 0) await warmCache(warm);
} finally {
  await rm(work, { recursive: true, force: true });
}

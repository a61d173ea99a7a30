/**
 * PDF stage benchmark (issue 3 item 9): end-to-end page throughput of processPdfs (render once,
 * four sizes, PNG + WebP, text) beside `mutool draw` producing the same four PNG sizes from
 * the same pages, with the same number of parallel workers; then the warm-cache cost.
 *
 *   npm run bench:pdf -- [--dir <folder of PDFs>] [--concurrency N] [--warm N] [--no-mutool]
 *
 * Default PDFs: test/fixtures/pdf/real-world (sh test/fixtures/pdf/fetch-real-world.sh), else
 * generated pdfkit PDFs. Results go to stdout; record them in docs/pdf.md.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { processPdfs, type PdfJob, type PdfRunStats } from '../src/pdf/index.ts';
import { ORIGINAL_DPI, THUMBNAIL_WIDTHS } from '../src/pdf/sizes.ts';
import { fillerPages, writePdf } from '../src/sample/pdf-writer.ts';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    concurrency: { type: 'string' },
    warm: { type: 'string', default: '1000' },
    'no-mutool': { type: 'boolean', default: false },
  },
});
const concurrency = Number(values.concurrency ?? availableParallelism());
const work = await mkdtemp(join(tmpdir(), 'bench-pdf-'));

async function pdfFiles(): Promise<string[]> {
  const dir = values.dir ?? join(import.meta.dirname, '../test/fixtures/pdf/real-world');
  if (existsSync(dir)) {
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

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await fn();
  return [value, (performance.now() - started) / 1000];
}

async function ours(files: string[], cacheDir: string, images = true): Promise<{ seconds: number; pages: number; stats: PdfRunStats }> {
  const jobs: PdfJob[] = files.map((file, i) => ({ id: String(i), file, images }));
  let stats!: PdfRunStats;
  const [results, seconds] = await timed(() => processPdfs(jobs, { cacheDir, concurrency, onStats: (s) => (stats = s) }));
  let pages = 0;
  for (const [id, r] of results) {
    if (r.ok) pages += r.facts.numPages;
    else console.log(`  ${basename(jobs[Number(id)]!.file)}: ${r.reason}: ${r.message}`);
  }
  return { seconds, pages, stats };
}

/** Four `mutool draw` runs per PDF (one per size), `concurrency` processes at a time. */
async function mutool(files: string[]): Promise<number> {
  const out = join(work, 'mutool');
  await mkdir(out, { recursive: true });
  const sizes: [string, string[]][] = [
    ['original', ['-r', String(ORIGINAL_DPI)]],
    ...Object.entries(THUMBNAIL_WIDTHS).map(([size, w]): [string, string[]] => [size, ['-w', String(w)]]),
  ];
  const commands = files.flatMap((file, i) =>
    sizes.map(([size, args]) => ['draw', '-q', '-c', 'rgb', '-F', 'png', '-o', join(out, `${i}-p%d-${size}.png`), ...args, file]),
  );
  const [, seconds] = await timed(async () => {
    const run = async () => {
      for (let cmd = commands.shift(); cmd; cmd = commands.shift()) {
        await new Promise<void>((resolve, reject) =>
          spawn('mutool', cmd, { stdio: 'ignore' }).on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`mutool ${cmd.join(' ')} exited ${code}`)))),
        );
      }
    };
    await Promise.all(Array.from({ length: concurrency }, run));
  });
  return seconds;
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

try {
  const files = await pdfFiles();
  const mutoolVersion = spawnSync('mutool', ['-v'], { encoding: 'utf8' });
  console.log(`node ${process.version}, ${availableParallelism()} cores, concurrency ${concurrency}, ${files.length} PDFs`);
  const cold = await ours(files, join(work, 'cache'));
  const oursRate = cold.pages / cold.seconds;
  console.log(`ours:   ${cold.pages} pages in ${cold.seconds.toFixed(1)} s = ${oursRate.toFixed(1)} pages/s (render + 4 sizes x PNG+WebP + text)`);
  if (!values['no-mutool'] && mutoolVersion.status !== null) {
    const seconds = await mutool(files);
    const rate = cold.pages / seconds;
    console.log(`mutool: ${cold.pages} pages in ${seconds.toFixed(1)} s = ${rate.toFixed(1)} pages/s (4 sizes x PNG, ${(mutoolVersion.stderr || mutoolVersion.stdout).trim()})`);
    console.log(`ratio ours/mutool: ${(oursRate / rate).toFixed(2)}`);
  } else {
    console.log('mutool not found (apt-get install mupdf-tools); comparison skipped');
  }
  const again = await ours(files, join(work, 'cache'));
  console.log(`same PDFs again (warm): ${again.seconds.toFixed(3)} s, derived ${again.stats.derived}`);
  const warm = Number(values.warm);
  if (warm > 0) await warmCache(warm);
} finally {
  await rm(work, { recursive: true, force: true });
}

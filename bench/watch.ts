/**
 * Watching preview benchmark: `npm run bench:watch [-- --edits 10] [--no-images] [--content content] [--edit summary|title|tags|message|new-request] [--in-place <folder>]`.
 *
 * Copies the content directory (default: the sample archive) to a temporary folder, runs
 * `archive start` on it in its own process (as `npm start` does, with the project's PDF cache),
 * then edits `--edits` times one request's summary (by default), its title (`--edit title`), its
 * tags (`--edit tags`: a filter's values, which no patch build writes, so each edit builds the
 * whole archive) or the text of a message in the middle of the archive (`--edit message`; a
 * patch build writes requests' titles, summaries and messages' texts, docs/architecture.md
 * "A patch build"), or adds a new request folder with a message and a new three-page PDF
 * attachment (`--edit new-request`: the PDF stage renders it, then the whole archive is
 * built; the folders are removed afterwards), and measures, for each, the time from the
 * write of the file to the first answer of the preview over HTTP that carries the new text
 * (polled every 10 ms). Also reads what the CLI printed: each rebuild's own duration and the
 * preview's "served … after the change". Then builds the same content a few times in this
 * process, as the watching preview rebuilds it, and times each stage of the build (what a
 * rebuild spends its time on). Prints Markdown tables for docs/performance.md and the load of
 * the machine, since a loaded machine slows every number.
 *
 * `--in-place <folder>`: the preview runs on a folder of `npm run bench` (its content/, build/,
 * cache/ and media/, 50,000 requests and more) instead of a copy, and the edited file is put
 * back afterwards; the in-process stage times are left out.
 */
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseDocument } from 'yaml';
import { buildArchive } from '../src/build.ts';
import { folderMediaStore } from '../src/media/media-folder-store.ts';
import { nodeFlagsOf } from './node-flags.ts';
import { writePdf } from '../tools/pdf-writer.ts';

const { values } = parseArgs({
  options: {
    edits: { type: 'string', default: '10' },
    'no-images': { type: 'boolean', default: false },
    content: { type: 'string', default: 'content' },
    edit: { type: 'string', default: 'summary' },
    'in-place': { type: 'string' },
  },
});
const REQUEST_FIELDS = ['summary', 'title', 'tags'];
if (!REQUEST_FIELDS.includes(values.edit) && values.edit !== 'message' && values.edit !== 'new-request') throw new Error(`--edit must be summary, title, tags, message or new-request, not "${values.edit}"`);
const EDITS = Number(values.edits);
const CLI = new URL('../src/cli.ts', import.meta.url).pathname;

/** What each edit changes: a file, the answer that shows it, and the file's text with a mark. */
interface Target {
  file: string;
  path: string;
  edited: (original: string, mark: string) => string;
}

/**
 * The first request folder's request.yaml and its `summary`, `title` or `tags` (one tag, the
 * mark); or the first message of the request folder in the middle (by name) and its `content`.
 */
async function target(content: string): Promise<Target> {
  const folders = (await readdir(join(content, 'requests'))).sort();
  const [file, field, value] = REQUEST_FIELDS.includes(values.edit)
    ? [join(content, 'requests', folders[0]!, 'request.yaml'), values.edit, (mark: string) => (values.edit === 'tags' ? [mark] : mark)]
    : [await firstMessage(join(content, 'requests', folders[Math.floor(folders.length / 2)]!, 'messages')), 'content', (mark: string) => mark];
  const id = Number(/^id: (\d+)$/m.exec(await readFile(file, 'utf8'))![1]);
  const edited = (original: string, mark: string) => {
    const doc = parseDocument(original);
    doc.set(field, value(mark));
    return doc.toString();
  };
  return { file, path: `${field === 'content' ? 'message' : 'request'}/${id}/`, edited };
}

/**
 * `--edit new-request`: request `id` (above every id of the archive), written as an editor's
 * copy would land: the folder, its request.yaml, a response with a PDF made for it (new
 * bytes, so nothing of it is cached) published as a document too (page images). Answers the request's path; the mark is its title.
 */
async function newRequest(content: string, id: number, mark: string): Promise<{ folder: string; path: string }> {
  const folder = join(content, 'requests', `${id}-bench-${id}`);
  const pdf = await writePdf({ title: mark, pages: [1, 2, 3].map((page) => ({ text: `${mark}, Seite ${page}. Der Bescheid zur Anfrage.` })) });
  await mkdir(join(folder, 'files', String(id * 10 + 1)), { recursive: true });
  await writeFile(join(folder, 'files', String(id * 10 + 1), 'bescheid.pdf'), pdf);
  await mkdir(join(folder, 'messages'), { recursive: true });
  await writeFile(join(folder, 'messages', `${id * 10}.yaml`), `id: ${id * 10}\nkind: email\nis_response: false\nrecipient_public_body: 1\ntimestamp: 2024-03-01T10:00:00+01:00\nsubject: Anfrage\n`);
  await writeFile(
    join(folder, 'messages', `${id * 10 + 1}.yaml`),
    `id: ${id * 10 + 1}\nkind: email\nis_response: true\nsender_public_body: 1\ntimestamp: 2024-03-10T10:00:00+01:00\nsubject: "AW: Anfrage"\nattachments:\n  - id: ${id * 10 + 1}\n    name: bescheid.pdf\n    document:\n      id: ${id * 10 + 1}\n`,
  );
  await writeFile(join(folder, 'request.yaml'), `id: ${id}\nslug: bench-${id}\ntitle: ${mark}\ndescription: Bitte senden Sie mir den Bescheid.\npublic_body: 1\nlaw: 1\nstatus: resolved\nresolution: successful\ncreated_at: 2024-03-01T10:00:00+01:00\n`);
  return { folder, path: `request/${id}/` };
}

async function firstMessage(folder: string): Promise<string> {
  return join(folder, (await readdir(folder)).filter((entry) => entry.endsWith('.yaml')).sort()[0]!);
}

async function until<T>(get: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await get();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;

async function main(): Promise<void> {
  let restore: (() => Promise<void>) | undefined;
  const inPlace = values['in-place'];
  const dir = inPlace ?? (await mkdtemp(join(tmpdir(), 'bench-watch-')));
  const content = join(dir, 'content');
  if (!inPlace) await cp(values.content, content, { recursive: true });
  const args = ['start', '--content', content, '--out', join(dir, 'build'), '--media-store', join(dir, 'media'), '--cache', inPlace ? join(dir, 'cache') : '.cache/archive', '--port', '0'];
  if (values['no-images']) args.push('--no-images');
  const child = spawn(process.execPath, [...nodeFlagsOf('start'), '--import', 'tsx', CLI, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  try {
    const started = performance.now();
    const base = (await until(() => /serving at (http:\/\/\S+)\/api\/v1\//.exec(stderr), (match) => match !== null, 30 * 60_000, 'the first build'))![1];
    process.stderr.write(`first build and serve: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    // Edits count from here: the watcher is ready (at 50,000 requests it takes seconds to watch ~300,000 folders).
    await until(() => stderr, (text) => text.includes('every change is rebuilt and served'), 5 * 60_000, 'the watcher');
    process.stderr.write(`watching: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    const adding = values.edit === 'new-request';
    const { file, path, edited } = adding ? { file: '', path: '', edited: () => '' } : await target(content);
    const original = adding ? '' : await readFile(file, 'utf8');
    const added: string[] = [];
    restore = adding ? async () => void (await Promise.all(added.map((folder) => rm(folder, { recursive: true, force: true })))) : () => writeFile(file, original);
    const rows: { served: number; build: number; reported: number }[] = [];
    for (let edit = 1; edit <= EDITS; edit++) {
      const mark = `Bench edit ${edit} ${Date.now()}`;
      const printed = stderr.length;
      const t0 = performance.now();
      let url = `${base}/api/v1/${path}`;
      if (adding) {
        const made = await newRequest(content, 900_000 + edit, mark);
        added.push(made.folder);
        url = `${base}/api/v1/${made.path}`;
      } else await writeFile(file, edited(original, mark));
      await until(() => fetch(url).then((response) => response.text(), () => ''), (text) => text.includes(mark), 300_000, `edit ${edit}`);
      const served = performance.now() - t0;
      const log = await until(() => stderr.slice(printed), (text) => /served ([\d.]+) s after the change/.test(text), 10_000, 'the log line');
      rows.push({
        served: served / 1000,
        build: Number(/^built .*?, ([\d.]+) s; media/m.exec(log)?.[1] ?? NaN),
        reported: Number(/served ([\d.]+) s after the change/.exec(log)![1]),
      });
      // A pause between edits, as between an editor's saves.
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const column = (pick: (row: (typeof rows)[number]) => number) => rows.map(pick);
    const line = (name: string, numbers: number[]) =>
      `| ${name} | ${Math.min(...numbers).toFixed(2)} | ${median(numbers).toFixed(2)} | ${Math.max(...numbers).toFixed(2)} |`;
    console.log(`${rows.length} edits (${values.edit}) of ${inPlace ? content : values.content}/ (${values['no-images'] ? 'facts only' : 'with page images'}); load average ${loadavg().map((n) => n.toFixed(2)).join(', ')} on this machine\n`);
    console.log('| seconds | min | median | max |\n|---|---|---|---|');
    console.log(line('edit written -> new answer over HTTP', column((row) => row.served)));
    console.log(line('first change seen -> new build served (CLI)', column((row) => row.reported)));
    console.log(line('the build alone (CLI "built … s")', column((row) => row.build)));
    // The first rebuild may walk all of content/ (its predecessor, the first build, began before the watcher was ready).
    console.log(`\neach edit, written -> new answer, in order: ${rows.map((row) => row.served.toFixed(2)).join(', ')} s`);
    if (!inPlace) await stageTimes(join(dir, 'stages'), content);
  } catch (error) {
    // What the preview said is what tells why an answer never came (a watcher that could not start, a failed build).
    process.stderr.write(`the preview's last output:\n${stderr.slice(-3000)}\n`);
    throw error;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await restore?.();
    if (!inPlace) await rm(dir, { recursive: true, force: true });
  }
}

/** Warm builds of `content` in this process, as the preview's rebuilds: the median of each stage. */
async function stageTimes(dir: string, content: string, builds = 6): Promise<void> {
  const stages = new Map<string, number[]>();
  const media = folderMediaStore(join(dir, 'media'));
  for (let build = 0; build < builds; build++) {
    const times: [string, number][] = [];
    const started = performance.now();
    await buildArchive({
      contentDir: content,
      buildDir: join(dir, 'build'),
      cacheDir: '.cache/archive',
      media,
      env: {},
      // As the CLI builds (src/cli/build-commands.ts).
      freeze: false,
      overrides: { baseUrl: 'http://localhost:8080' },
      images: !values['no-images'],
      removeOld: 'background',
      onStage: (stage, ms) => times.push([stage, ms]),
    });
    times.push(['whole build', performance.now() - started]);
    // The first build loads and compiles the code: not what a rebuild of the watching preview pays.
    if (build > 0) for (const [stage, ms] of times) stages.set(stage, [...(stages.get(stage) ?? []), ms]);
  }
  console.log(`\n${builds - 1} warm builds in one process (the first one not counted); load average ${loadavg().map((n) => n.toFixed(2)).join(', ')}\n`);
  console.log('| stage | median ms | max ms |\n|---|---|---|');
  for (const [stage, ms] of stages) console.log(`| ${stage} | ${median(ms).toFixed(0)} | ${Math.max(...ms).toFixed(0)} |`);
}

await main();

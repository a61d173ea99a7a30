/**
 * Search benchmark (docs/search.md, docs/performance.md "Search"):
 *
 *   npm run bench:search -- --requests 50000 [--rounds 20] [--stability] [--reuse] [--common]
 *
 * `--reuse` measures the build already in `<dir>/<requests>/build` (steps 2 and 3 only).
 * `--common` generates the plain shape (10 messages a request) with titles that share ten common
 * words, each in a tenth of the requests (tools/synthetic.ts `commonWords`), in
 * `<dir>/<requests>-common`, and adds step 5.
 *
 * 1. Generates the synthetic archive (tools/synthetic.ts) of that many requests and builds it
 *    (facts only, no page images) in this process, timing the build and the part of it spent
 *    planning the search files (the full-text indexes and the search filter indexes).
 * 2. Counts the search files, their bytes, the largest one and the fullest search folder.
 * 3. Serves the build with the local preview over a real socket and asks one- to three-word
 *    queries, with filters, sorts and deep offsets, of request/search/ and page/?q=, each
 *    `rounds` times; prints p50/p99/max per query and over all, and the bytes each query reads
 *    from the build when no file is cached (a fresh API handler over a counting store).
 * 4. With --stability: adds one request with ten messages (a new id) to the content, builds
 *    again, and lists the search files that changed.
 * 5. With --common: (a) warm answers of request/search/ for each common word at offsets 0, 50,
 *    100, 150 and 200, round after round over one connection to one preview, p50/p99/max; (b)
 *    the first answer of a fresh process: per word (and per rare word) a new process starts the
 *    preview and times its first request, p50/max.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { buildArchive } from '../src/build.ts';
import { folderMediaStore } from '../src/media/media-folder-store.ts';
import { searchPlanningMs } from '../src/output/search-index.ts';
import { createApiHandler } from '../src/serve/api/handler.ts';
import { fsBuildStore } from '../src/serve/shared/fs-build-store.ts';
import { startPreviewServer } from '../src/serve/preview/server.ts';
import { COMMON_TITLE_WORDS, writeSyntheticArchive } from '../tools/synthetic.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '20' },
    stability: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    common: { type: 'boolean', default: false },
    // Internal: the child process of step 5 (b) serves this build and times its first answer to this path.
    'first-answer': { type: 'string' },
    dir: { type: 'string', default: join(tmpdir(), 'archive-bench-search') },
  },
});
const size = Number(values.requests);
const rounds = Number(values.rounds);
// --common: the plain shape (10 messages a request) with titles that share ten common words.
const base = join(values.dir, values.common ? `${size}-common` : String(size));

/** Queries a researcher sends: one to three words, filters, sorts, deep offsets, phrases. */
function queries(requests: number, buildDir: string): string[] {
  const deep = Math.max(0, Math.floor(requests / 8) * 5);
  // A build from before public body search has no facets file.
  const bodies = existsSync(join(buildDir, '_data/publicbody/search/facets.json')) ? ['/api/v1/publicbody/search/?q=Beh%C3%B6rde', '/api/v1/publicbody/search/?q=Beh%C3%B6rde&jurisdiction=1&offset=20'] : [];
  return [
    '/api/v1/request/search/?q=Vertrag',
    '/api/v1/request/search/?q=Gutachten+Vorgang',
    '/api/v1/request/search/?q=Nachricht+Sitzungsprotokolle+Vorgang',
    '/api/v1/request/search/?q=%22Vorgang+17%22',
    '/api/v1/request/search/?q=Messwerte&status=successful&jurisdiction=bund',
    `/api/v1/request/search/?q=Bitte&offset=${deep}`,
    `/api/v1/request/search/?q=Nachricht+Bitte&limit=7&offset=${deep + 3}`,
    '/api/v1/request/search/?q=Dienstreisen&format=api',
    '/api/v1/request/search/?status=refused&sort=first',
    `/api/v1/request/search/?sort=-first&offset=${deep}`,
    '/api/v1/request/search/?q=Atomkraftwerk',
    '/api/v1/page/?q=Bescheid',
    '/api/v1/page/?q=Seite+Bescheid',
    `/api/v1/page/?q=Seite&offset=${deep}`,
    '/api/v1/page/?q=Seite',
    ...bodies,
  ];
}

async function filesUnder(root: string, prefix = ''): Promise<string[]> {
  if (!existsSync(join(root, prefix))) return [];
  const out: string[] = [];
  for (const entry of await readdir(join(root, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await filesUnder(root, path)));
    else out.push(path);
  }
  return out;
}

/** The search files of a build: full-text indexes and the search actions' filter indexes. */
async function searchFiles(buildDir: string): Promise<string[]> {
  const out: string[] = [];
  for (const resource of await readdir(join(buildDir, '_data'))) {
    out.push(...(await filesUnder(buildDir, `_data/${resource}/search`)));
    const index = join(buildDir, '_data', resource, 'index');
    if (existsSync(index)) for (const param of await readdir(index)) if (param.startsWith('search-')) out.push(...(await filesUnder(buildDir, `_data/${resource}/index/${param}`)));
  }
  return out.sort();
}

async function hashes(buildDir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const path of await searchFiles(buildDir)) out.set(path, createHash('sha1').update(await readFile(join(buildDir, path))).digest('hex'));
  return out;
}

async function build(contentDir: string, buildDir: string): Promise<{ seconds: number; searchSeconds: number }> {
  const before = searchPlanningMs();
  const started = performance.now();
  await buildArchive({ contentDir, buildDir, cacheDir: join(base, 'cache'), media: folderMediaStore(join(base, 'media')), env: { SOURCE_DATE_EPOCH: '1717243200' }, images: false });
  return { seconds: (performance.now() - started) / 1000, searchSeconds: (searchPlanningMs() - before) / 1000 };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const load = () => `load ${loadavg().map((n) => n.toFixed(2)).join(' ')}`;

/** Rare words of the common-word archive: request ids, each in one request's title, description and messages. */
const RARE_WORDS = (requests: number) => [1234, 12345, 23456, 34567, 45678].filter((id) => id <= requests).map(String);

const searchPath = (word: string, offset: number) => `/api/v1/request/search/?q=${encodeURIComponent(word)}${offset ? `&offset=${offset}` : ''}`;

/** Step 5 (b), in the child: serve the build, time the first answer, print it as JSON. */
async function firstAnswer(buildDir: string, path: string): Promise<void> {
  const server = await startPreviewServer({ buildDir, media: folderMediaStore(join(base, 'media')), port: 0, env: {}, now: () => 1717243200 });
  try {
    // node:http, which the server has loaded already, not fetch: the client's first fetch would
    // load Node's fetch classes inside the time measured.
    const started = performance.now();
    const usage = process.cpuUsage();
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      get(new URL(path, server.url), { headers: { accept: 'application/json' } }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (part: string) => (text += part));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      }).on('error', reject);
    });
    const ms = performance.now() - started;
    const used = process.cpuUsage(usage);
    process.stdout.write(JSON.stringify({ ms, cpu: (used.user + used.system) / 1000, status, total: (JSON.parse(text) as { meta: { total_count: number } }).meta.total_count }));
  } finally {
    await server.close();
  }
}

function summary(times: readonly number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (${sorted.length} answers)`;
}

/** Step 5: common words, warm at offsets 0-200, and the first answer of fresh processes. */
async function commonWords(buildDir: string, serverUrl: string): Promise<void> {
  const offsets = [0, 50, 100, 150, 200];
  const warm: number[] = [];
  // This process's CPU time per answer (server and client): on a loaded machine it says more than the wall clock.
  const warmCpu: number[] = [];
  const totals = new Map<string, number>();
  // One round first, not counted: every word's files read once, as on a warm function.
  for (let round = 0; round <= rounds; round++) {
    for (const word of COMMON_TITLE_WORDS) {
      for (const offset of offsets) {
        const started = performance.now();
        const usage = process.cpuUsage();
        const response = await fetch(new URL(searchPath(word, offset), serverUrl), { headers: { accept: 'application/json' } });
        const body = (await response.json()) as { meta: { total_count: number } };
        const used = process.cpuUsage(usage);
        if (round > 0) {
          warm.push(performance.now() - started);
          warmCpu.push((used.user + used.system) / 1000);
        }
        totals.set(word, body.meta.total_count);
      }
    }
  }
  console.log(`
common words (${COMMON_TITLE_WORDS.length} x offsets ${offsets.join(',')} x ${rounds} rounds after one uncounted, one connection), total_count ${[...new Set(totals.values())].join('/')}: warm ${summary(warm)}; CPU ${summary(warmCpu)}; ${load()}`);

  const fresh = async (path: string) => {
    const { stdout } = await promisify(execFile)(process.execPath, [...process.execArgv, process.argv[1]!, '--requests', String(size), '--dir', values.dir, ...(values.common ? ['--common'] : []), '--first-answer', path]);
    const answer = JSON.parse(stdout) as { ms: number; cpu: number; status: number; total: number };
    if (answer.status !== 200 || answer.total < 1) throw new Error(`${path} in a fresh process: ${answer.status}, ${answer.total} found`);
    return answer;
  };
  const firsts = async (what: string, paths: string[]) => {
    const answers: { ms: number; cpu: number }[] = [];
    for (const path of paths) answers.push(await fresh(path));
    console.log(`first answer of a fresh process, ${what}: ${summary(answers.map(({ ms }) => ms))}; CPU ${summary(answers.map(({ cpu }) => cpu))}; ${load()}`);
    return answers;
  };
  const common = await firsts('each common word at offset 0', COMMON_TITLE_WORDS.map((word) => searchPath(word, 0)));
  const deep = await firsts('five common words at offset 200', COMMON_TITLE_WORDS.slice(0, 5).map((word) => searchPath(word, 200)));
  const rare = await firsts(`rare words (${RARE_WORDS(size).join(', ')})`, RARE_WORDS(size).map((word) => searchPath(word, 0)));
  // The figures the targets name (docs/performance.md, "Search on common words"), on one line each.
  const worst = (answers: readonly { ms: number; cpu: number }[]) => {
    const ms = answers.map((answer) => answer.ms).sort((a, b) => a - b);
    const cpu = answers.map((answer) => answer.cpu).sort((a, b) => a - b);
    return `wall p50 ${percentile(ms, 50).toFixed(1)} / max ${ms.at(-1)!.toFixed(1)} ms, CPU p50 ${percentile(cpu, 50).toFixed(1)} / max ${cpu.at(-1)!.toFixed(1)} ms`;
  };
  const sortedWarm = [...warm].sort((a, b) => a - b);
  const sortedWarmCpu = [...warmCpu].sort((a, b) => a - b);
  console.log(`
targets (first answer <= 100 ms, warm p99 <= 50 ms), ${load()}:
  first answer, common word (offsets 0 and 200): ${worst([...common, ...deep])}
  first answer, rare word:                       ${worst(rare)}
  warm, common words:                            wall p99 ${percentile(sortedWarm, 99).toFixed(1)} ms, CPU p99 ${percentile(sortedWarmCpu, 99).toFixed(1)} ms`);
}

async function main(): Promise<void> {
  const contentDir = join(base, 'content');
  const buildDir = join(base, 'build');
  if (values.reuse && values.stability) throw new Error('--reuse measures a build as it is; --stability would change its content');
  if (!values.reuse && !existsSync(join(base, 'counts.json'))) {
    await rm(base, { recursive: true, force: true });
    const counts = await writeSyntheticArchive(contentDir, values.common ? { requests: size, shape: 'plain', commonWords: true } : { requests: size });
    await writeFile(join(base, 'counts.json'), JSON.stringify(counts));
  }
  const counts = JSON.parse(await readFile(join(base, 'counts.json'), 'utf8')) as Record<string, number>;
  console.log(`# search benchmark: ${size} requests (${counts.messages} messages, ${counts.documents} documents); load ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);

  if (values.reuse) console.log(`reusing ${buildDir}`);
  else {
    const timing = await build(contentDir, buildDir);
    console.log(`build ${timing.seconds.toFixed(1)} s, of which planning search files ${timing.searchSeconds.toFixed(1)} s (${((100 * timing.searchSeconds) / timing.seconds).toFixed(1)} %)`);
  }

  const files = await searchFiles(buildDir);
  let bytes = 0;
  let largest = { path: '', bytes: 0 };
  const folders = new Map<string, number>();
  for (const path of files) {
    const size = (await stat(join(buildDir, path))).size;
    bytes += size;
    if (size > largest.bytes) largest = { path, bytes: size };
    const folder = path.slice(0, path.lastIndexOf('/'));
    folders.set(folder, (folders.get(folder) ?? 0) + 1);
  }
  const fullest = [...folders].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  const fullText = files.filter((path) => path.includes('/search/')).length;
  console.log(`search files: ${files.length} (${fullText} full-text, ${files.length - fullText} search filter indexes), ${(bytes / 1e6).toFixed(1)} MB; largest ${largest.path} ${(largest.bytes / 1e3).toFixed(0)} KB; fullest folder ${fullest[0]} (${fullest[1]} files)`);

  // Bytes a query reads when nothing is cached: a fresh handler over a counting store.
  const disk = fsBuildStore(buildDir);
  const coldBytes = async (path: string): Promise<{ index: number; objects: number }> => {
    const read = { index: 0, objects: 0 };
    // The full-text index and the search filter indexes, or the list chunks the objects come from (and the rest).
    const count = (file: string, got: Uint8Array | null) => {
      read[/\/search\/|\/index\/search-/.test(file) ? 'index' : 'objects'] += got?.byteLength ?? 0;
      return got;
    };
    const handler = createApiHandler({
      store: {
        read: async (file) => count(file, await disk.read(file)),
        // Packs are read in ranges, as the preview and the function read them.
        readRange: async (file, start, end) => count(file, await disk.readRange!(file, start, end)),
      },
    });
    await (await handler(new Request(`https://bench.example.org${path}`))).arrayBuffer();
    return read;
  };

  const server = await startPreviewServer({ buildDir, media: folderMediaStore(join(base, 'media')), port: 0, env: {}, now: () => 1717243200 });
  try {
    const all: number[] = [];
    console.log('\n| query | status | hits | cold: index KB | cold: other KB | first ms | p50 ms | p99 ms | CPU p50 ms | CPU p99 ms |\n|---|---|---|---|---|---|---|---|---|---|');
    const allCpu: number[] = [];
    for (const path of queries(size, buildDir)) {
      const times: number[] = [];
      // This process's CPU time per answer (the preview server runs in it, the client too): on a
      // loaded machine it says more than the wall-clock time, which includes waiting for a core.
      const cpu: number[] = [];
      let status = 0;
      let hits: unknown = '';
      for (let round = 0; round < rounds; round++) {
        const started = performance.now();
        const usage = process.cpuUsage();
        const response = await fetch(new URL(path, server.url), { headers: { accept: 'application/json' } });
        const text = await response.text();
        const used = process.cpuUsage(usage);
        times.push(performance.now() - started);
        cpu.push((used.user + used.system) / 1000);
        status = response.status;
        if (round === 0 && response.headers.get('content-type')?.includes('json')) hits = (JSON.parse(text) as { meta?: { total_count: number } }).meta?.total_count ?? '';
      }
      // The first answer reads the files; the others find them parsed in the handler's cache, as a warm function does.
      const first = times.shift()!;
      cpu.shift();
      times.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      all.push(...times);
      allCpu.push(...cpu);
      const cold = await coldBytes(path);
      console.log(`| \`${decodeURIComponent(path.replace('/api/v1/', ''))}\` | ${status} | ${String(hits)} | ${(cold.index / 1e3).toFixed(0)} | ${(cold.objects / 1e3).toFixed(0)} | ${first.toFixed(1)} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 99).toFixed(1)} | ${percentile(cpu, 50).toFixed(1)} | ${percentile(cpu, 99).toFixed(1)} |`);
    }
    all.sort((a, b) => a - b);
    allCpu.sort((a, b) => a - b);
    console.log(`\nall ${all.length} answers after the first of each query: p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms, max ${all.at(-1)!.toFixed(1)} ms; CPU p50 ${percentile(allCpu, 50).toFixed(1)} ms, p99 ${percentile(allCpu, 99).toFixed(1)} ms`);
    if (values.common) await commonWords(buildDir, server.url);
  } finally {
    await server.close();
  }

  if (values.stability) {
    const before = await hashes(buildDir);
    const id = size + 1;
    const dir = join(contentDir, `requests/${id}`);
    await mkdir(join(dir, 'messages'), { recursive: true });
    await writeFile(join(dir, 'request.yaml'), `id: ${id}\nslug: anfrage-${id}\ntitle: Neue Anfrage ${id}\ndescription: Bitte senden Sie mir die Gutachten zum Vorgang ${id}.\npublic_body: 1\nlaw: 1\nstatus: resolved\nresolution: successful\ncreated_at: 2024-05-01T00:00:00Z\ntags: [Gutachten]\n`);
    for (let m = 0; m < 10; m++) {
      await writeFile(join(dir, `messages/${10_000_000 + m}.yaml`), `id: ${10_000_000 + m}\nkind: email\nis_response: ${m % 2 === 1}\n${m % 2 ? 'sender_public_body: 1' : 'recipient_public_body: 1'}\ntimestamp: 2024-05-0${1 + Math.floor(m / 2)}T0${m % 2}:00:00Z\nsubject: Nachricht ${m + 1}\n`);
    }
    try {
      await build(contentDir, buildDir);
      const after = await hashes(buildDir);
      const changed = [...new Set([...before.keys(), ...after.keys()])].filter((path) => before.get(path) !== after.get(path)).sort();
      const fullText = changed.filter((path) => path.includes('/search/'));
      console.log(`\nadding request ${id} with 10 messages changed ${fullText.length} full-text index files and ${changed.length - fullText.length} search filter index files:\n${fullText.map((path) => `  ${path}`).join('\n')}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

if (values['first-answer']) await firstAnswer(join(base, 'build'), values['first-answer']);
else await main();

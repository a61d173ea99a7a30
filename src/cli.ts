#!/usr/bin/env -S npx tsx
/**
 * archive build | derive | check | serve | start | prune | schemas | import
 *
 * Exit codes: 0 success, 1 content problems or a failed build, 2 wrong usage.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildPaths } from './api/build-paths.ts';
import { checkContent } from './check.ts';
import { DEFAULTS, deployLimits, mediaStoreSpec, pdfBudgetMs, SettingsError, type DeployLimits } from './config.ts';
import { contentTexts } from './content/disk.ts';
import { ContentError, formatGithubAnnotation, formatProblem, problemText, problemWhere, type Problem } from './content/problems.ts';
import { CONTENT_FILES, jsonSchemaFor, type ContentKind } from './content/schema.ts';
import { count } from './lib/plural.ts';
import { streamLogger, type Logger } from './log.ts';
import { MediaStoreError, type MediaStore } from './media/media-store.ts';
import type { BuildNotice, NoticeProblem } from './serve/api/html/notice.ts';
import { DerivativeStoreError } from './pdf/derivative-store.ts';
import { DeployLimitError } from './output/limits.ts';

const USAGE = `Usage: archive <command> [options]

Commands:
  build     validate content/, process PDFs and write build/ (replaced only on success)
  derive    process PDFs only, into the media store's derivative cache (no build/): a backlog, split
            across machines with --shard
  check     validate content/ only (no PDF work): fast, for every pull request
  serve     serve build/ on http://localhost:${DEFAULTS.port} with production routing
  start     build for http://localhost:<port>, serve it, and rebuild on every change of content/
            (--no-watch: build and serve only)
  prune     delete media objects no recent build references (docs/deploy.md, Retention)
  schemas   write the JSON Schemas for editors to content/schemas/
  import    read a froide instance's API into content/: archive import <froide API URL> (archive import --help)

Options:
  --content <dir>     content directory (default: ${DEFAULTS.contentDir})
  --out <dir>         build directory (default: ${DEFAULTS.buildDir})
  --cache <dir>       local mirror of the PDF derivative cache, which lives in the media store
                      (default: ${DEFAULTS.cacheDir})
  --base-url <url>    override base_url (also: BASE_URL)
  --port <n>          port for serve/start (default: ${DEFAULTS.port})
  --no-images         skip page images (PDF facts only)
  --no-watch          start: do not watch content/ (build once, then serve; for CI and scripts)
  --pdf-budget <d>    build/derive: start no PDF work after this long (90s, 10m, 1.5h, none); what is
                      not done is published as pending and the next build continues (also: PDF_BUDGET;
                      default: none, on Netlify ${DEFAULTS.netlifyPdfBudget})
  --max-files <n>     build/start: the most files build/ may hold; a build with more fails and leaves
                      build/ as it was (also: DEPLOY_MAX_FILES; default: ${DEFAULTS.deployLimits.files.toLocaleString('en')};
                      docs/deploy.md says what more files cost on Netlify)
  --shard <i/n>       derive: only the PDFs of shard i of n (by content hash), e.g. 2/4
  --format <f>        problem output for check/build: human (default) or github
  --media-store <s>   media store for build/derive/serve/start/prune: a folder, or netlify-blobs:<store name>
                      (also: MEDIA_STORE; default: ${DEFAULTS.mediaStore}, on Netlify netlify-blobs:${DEFAULTS.mediaBlobsStore})
  --keep-days <n>     prune: keep objects of builds younger than this (default: ${DEFAULTS.mediaKeepDays})
  --keep-builds <n>   prune: keep objects of the newest builds (default: ${DEFAULTS.mediaKeepBuilds})
  --dry-run           prune: say what would be deleted, delete nothing
  --verbose           build: say each stage's time as it ends, and how many content files were parsed
`;

type Options = {
  content: string;
  out: string;
  cache: string;
  'base-url'?: string;
  port: string;
  'no-images': boolean;
  'no-watch': boolean;
  'pdf-budget'?: string;
  'max-files'?: string;
  shard?: string;
  format: string;
  'media-store'?: string;
  'keep-days': string;
  'keep-builds': string;
  'dry-run': boolean;
  verbose: boolean;
  help: boolean;
};

function parse(argv: string[]): { command: string | undefined; options: Options } {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      content: { type: 'string', default: DEFAULTS.contentDir },
      out: { type: 'string', default: DEFAULTS.buildDir },
      cache: { type: 'string', default: DEFAULTS.cacheDir },
      'base-url': { type: 'string' },
      port: { type: 'string', default: String(DEFAULTS.port) },
      'no-images': { type: 'boolean', default: false },
      'no-watch': { type: 'boolean', default: false },
      'pdf-budget': { type: 'string' },
      'max-files': { type: 'string' },
      shard: { type: 'string' },
      format: { type: 'string', default: process.env.GITHUB_ACTIONS ? 'github' : 'human' },
      'media-store': { type: 'string' },
      'keep-days': { type: 'string', default: String(DEFAULTS.mediaKeepDays) },
      'keep-builds': { type: 'string', default: String(DEFAULTS.mediaKeepBuilds) },
      'dry-run': { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  return { command: positionals[0], options: values };
}

function report(problems: Problem[], options: Options, log: Logger): void {
  const textOf = contentTexts(options.content);
  for (const problem of problems) {
    log.error(options.format === 'github' ? formatGithubAnnotation(problem, options.content) : formatProblem(problem, options.content, problem.line > 0 ? textOf(problem.file) : undefined));
  }
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  const warnings = problems.length - errors;
  if (problems.length) log.error(`${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`);
}

async function check(options: Options, log: Logger): Promise<number> {
  const started = performance.now();
  const { problems, archive } = await checkContent({ contentDir: options.content, env: process.env, overrides: { baseUrl: options['base-url'] } });
  report(problems.sorted(), options, log);
  if (!archive) return 1;
  log.info(
    `content is valid: ${archive.requests.length} requests, ${archive.messages.length} messages, ${archive.attachments.length} attachments, ` +
      `${archive.documents.length} documents (${Math.round(performance.now() - started)} ms)`,
  );
  return 0;
}

/** The media store the options name, or null after saying what is missing (credentials of a Blobs store). */
async function mediaStore(options: Options, log: Logger): Promise<MediaStore | null> {
  const { openMediaStore } = await import('./media/select.ts');
  try {
    return openMediaStore(mediaStoreSpec(options['media-store'], process.env), process.env);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    log.error(error.message);
    return null;
  }
}

/** The PDF stage's options from the command line, or null after saying what is wrong. */
async function pdfOptions(options: Options, log: Logger) {
  const { createProgress, parseDeriveShare } = await import('./pdf/index.ts');
  try {
    const budgetMs = pdfBudgetMs(options['pdf-budget'], process.env);
    const shard = options.shard === undefined ? undefined : parseDeriveShare(options.shard);
    return { progress: createProgress(process.stderr), ...(budgetMs !== undefined && { budgetMs }), ...(shard && { shard }) };
  } catch (error) {
    log.error((error as Error).message);
    return null;
  }
}

async function build(options: Options, log: Logger, baseUrl = options['base-url']): Promise<number> {
  return (await runBuild(options, log, baseUrl)).status;
}

/** One problem for the preview's banner, where and what as the human format prints them. */
const noticeItem = (options: Options) => (problem: Problem): NoticeProblem => ({ where: problemWhere(problem, options.content), message: problemText(problem) });

/**
 * One build, printing what `archive build` prints. Resolves with the exit status and, when the
 * build failed for a reason an editor can fix (content, deploy limits, the media store), with
 * its problems for the watching preview's banner.
 */
async function runBuild(options: Options, log: Logger, baseUrl: string | undefined): Promise<{ status: number; problems: NoticeProblem[] }> {
  const started = performance.now();
  const failed = (status: number, problems: NoticeProblem[]) => ({ status, problems });
  // Usage errors first: they need no media store (and no Netlify credentials) to be reported.
  if (options.shard !== undefined) {
    log.error('--shard belongs to archive derive; a build publishes every PDF');
    return failed(2, []);
  }
  const pdf = await pdfOptions(options, log);
  if (!pdf) return failed(2, []);
  let limits: DeployLimits;
  try {
    limits = deployLimits(options['max-files'], process.env);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    log.error(error.message);
    return failed(2, []);
  }
  const media = await mediaStore(options, log);
  if (!media) return failed(1, []);
  const { buildArchive } = await import('./build.ts');
  const { createReporter } = await import('./pdf/progress.ts');
  const { UPLOAD_GAUGE } = await import('./media/upload.ts');
  const { formatPdfSummary } = await import('./pdf/summary.ts');
  try {
    const result = await buildArchive({
      contentDir: options.content,
      buildDir: options.out,
      cacheDir: options.cache,
      media,
      upload: { progress: createReporter(process.stderr, UPLOAD_GAUGE), onWait: (message) => log.warn(`media: ${message}`) },
      env: process.env,
      overrides: { baseUrl },
      images: !options['no-images'],
      removeOld: 'background',
      pdf,
      limits,
      ...(options.verbose && { onStage: (stage: string, ms: number) => log.info(`stage ${stage}: ${(ms / 1000).toFixed(1)} s`) }),
    });
    report(result.warnings, options, log);
    if (options.verbose) {
      const { hits, hashed, misses } = result.parsing;
      log.info(`content: ${count(misses, 'file')} parsed, ${hits + hashed} unchanged (${hashed} of them hashed to tell)`);
    }
    if (result.pdf) log.info(formatPdfSummary(result.pdf));
    const seconds = (performance.now() - started) / 1000;
    const { layout, media: uploaded } = result.stats;
    log.info(
      `built ${result.stats.objects} objects into ${options.out}/ for ${result.settings.urls.baseUrl}: ` +
        `${result.stats.files} files, ${(result.stats.bytes / 1e6).toFixed(1)} MB of JSON, ${seconds.toFixed(1)} s; ` +
        `fullest folder ${layout.fullestFolder.path || '.'}/ (${layout.fullestFolder.entries} entries), ` +
        `largest file ${layout.largestFile.path} (${(layout.largestFile.bytes / 1e6).toFixed(2)} MB); ` +
        `media: ${count(uploaded.uploaded, 'object')} (${(uploaded.uploadedBytes / 1e6).toFixed(1)} MB) uploaded to the ${media.description}, ` +
        `${uploaded.present} already there`,
    );
    return { status: 0, problems: [] };
  } catch (error) {
    let problems: NoticeProblem[];
    if (error instanceof ContentError) {
      report(error.problems, options, log);
      problems = error.problems.filter((problem) => problem.severity === 'error').map(noticeItem(options));
    } else if (error instanceof DeployLimitError) {
      error.violations.forEach((line) => log.error(`error ${line}`));
      if (error.violations.some((line) => line.endsWith('(deploy limit files)'))) {
        log.error('    -> each file makes every Netlify deploy slower (docs/deploy.md, "How many files a deploy can take"); to deploy it anyway, raise the limit with --max-files <n> or DEPLOY_MAX_FILES');
      }
      problems = error.violations.map((line) => ({ where: `${options.out}/`, message: line }));
    } else if (error instanceof MediaStoreError || error instanceof DerivativeStoreError) {
      log.error(`error ${error.message}`);
      problems = [{ where: media.description, message: error.message }];
    } else throw error;
    log.error(`build failed; ${options.out}/ was left as it was`);
    return failed(1, problems);
  }
}

/**
 * `archive derive`: the PDF stage alone, into the media store's derivative cache, for the PDFs of
 * one shard.
 * n machines with shards 1..n and one `build` afterwards give the bytes of one unlimited build.
 */
async function derive(options: Options, log: Logger): Promise<number> {
  const started = performance.now();
  const pdf = await pdfOptions(options, log);
  if (!pdf) return 2;
  const media = await mediaStore(options, log);
  if (!media) return 1;
  const { problems, archive } = await checkContent({ contentDir: options.content, env: process.env, overrides: { baseUrl: options['base-url'] }, pdfHeaders: false });
  if (!archive) {
    report(problems.sorted(), options, log);
    return 1;
  }
  const { deriveDocuments } = await import('./documents/derive-documents.ts');
  const { mediaDerivativeStore } = await import('./media/derivatives-in-media-store.ts');
  const { formatPdfSummary } = await import('./pdf/summary.ts');
  let derived: Awaited<ReturnType<typeof deriveDocuments>>;
  try {
    derived = await deriveDocuments(archive, { ...pdf, store: mediaDerivativeStore(media, options.cache, { onWait: (message) => log.warn(`pdf: ${message}`) }), images: !options['no-images'] }, problems);
  } catch (error) {
    if (!(error instanceof MediaStoreError || error instanceof DerivativeStoreError)) throw error;
    log.error(`error ${error.message}`);
    return 1;
  }
  report(problems.sorted(), options, log);
  const shard = pdf.shard ? `shard ${pdf.shard.index}/${pdf.shard.count}: ` : '';
  if (derived.stats) log.info(`${shard}${formatPdfSummary(derived.stats)}`);
  log.info(`derived into the ${media.description} in ${((performance.now() - started) / 1000).toFixed(1)} s (local mirror: ${options.cache}/)`);
  return problems.errors.length > 0 ? 1 : 0;
}

/** The preview over build/ (the port the options name); `notice` is the watching preview's banner. */
async function previewServer(options: Options, log: Logger, media: MediaStore, notice?: () => BuildNotice | null) {
  const { startPreviewServer } = await import('./serve/preview/server.ts');
  return startPreviewServer({
    buildDir: options.out,
    host: DEFAULTS.host,
    port: Number(options.port),
    env: process.env,
    media,
    ...(notice ? { notice } : {}),
    onError: (error, request) => log.error(`${request} answered 500: ${errorChain(error)}`),
  });
}

/** Says so when `error` is a port in use (exit status 1); any other error is thrown on. */
function portInUse(error: unknown, options: Options, log: Logger): number {
  if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
  log.error(`port ${options.port} is in use; stop what runs there, or pass another --port`);
  return 1;
}

/** Resolves when the process is asked to stop (Ctrl-C, SIGTERM), after `close`. */
function untilStopped(close: () => Promise<void>): Promise<number> {
  return new Promise((resolve) => {
    const stop = () => void close().then(() => resolve(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

async function serve(options: Options, log: Logger): Promise<number> {
  // Without a build every request would be a 500: refuse to start instead.
  if (!existsSync(join(options.out, buildPaths.manifest))) {
    log.error(`no build at ${options.out}/; run npm run build (or npm start)`);
    return 1;
  }
  const media = await mediaStore(options, log);
  if (!media) return 1;
  let server: Awaited<ReturnType<typeof previewServer>>;
  try {
    server = await previewServer(options, log, media);
  } catch (error) {
    return portInUse(error, options, log);
  }
  log.info(`serving ${options.out}/ at ${server.url}api/v1/ (Ctrl-C stops)`);
  return untilStopped(() => server.close());
}

/**
 * `archive start`: build for the preview's address and serve; unless --no-watch, watch
 * content/ and rebuild on every change (src/start.ts).
 */
async function start(options: Options, log: Logger): Promise<number> {
  const baseUrl = options['base-url'] ?? `http://localhost:${options.port}`;
  if (options['no-watch']) {
    const status = await build(options, log, baseUrl);
    return status === 0 ? serve(options, log) : status;
  }
  const media = await mediaStore(options, log);
  if (!media) return 1;
  const { startWatchingPreview } = await import('./start.ts');
  let usage = 0;
  let preview: Awaited<ReturnType<typeof startWatchingPreview>>;
  try {
    preview = await startWatchingPreview({
      contentDir: options.content,
      rebuild: async () => {
        const { status, problems } = await runBuild(options, log, baseUrl);
        if (status === 2) usage = 2;
        return status === 0 ? { ok: true } : { ok: false, problems };
      },
      hasBuild: () => existsSync(join(options.out, buildPaths.manifest)),
      serve: (notice) => previewServer(options, log, media, notice),
      log,
    });
  } catch (error) {
    return portInUse(error, options, log);
  }
  // Wrong options fail every build alike; without a build and without a watcher nothing can follow.
  if (usage === 2 || (!preview.server && !preview.watching)) {
    await preview.close();
    return usage || 1;
  }
  return untilStopped(() => preview.close());
}

async function prune(options: Options, log: Logger): Promise<number> {
  const keepDays = Number(options['keep-days']);
  const keepBuilds = Number(options['keep-builds']);
  if (!Number.isInteger(keepDays) || keepDays < 0 || !Number.isInteger(keepBuilds) || keepBuilds < 1) {
    log.error('--keep-days must be a whole number of days (0 or more), --keep-builds a whole number of builds (1 or more)');
    return 2;
  }
  const media = await mediaStore(options, log);
  if (!media) return 1;
  const { pruneMedia } = await import('./media/prune.ts');
  const { PruneRunning } = await import('./media/prune-marks.ts');
  let result: Awaited<ReturnType<typeof pruneMedia>>;
  try {
    result = await pruneMedia(media, { keepDays, keepBuilds, dryRun: options['dry-run'] });
  } catch (error) {
    if (!(error instanceof PruneRunning)) throw error;
    log.error(error.message);
    return 1;
  }
  const verb = options['dry-run'] ? 'would delete' : 'deleted';
  log.info(
    `${media.description}: ${count(result.objects, 'object')}; kept those of ${count(result.records.kept.length, 'build')} ` +
      `(the newest ${keepBuilds} and any younger than ${keepDays} days) and of ${count(result.entries.current, 'derivative entry', 'derivative entries')}; ` +
      `${verb} ${count(result.deleted.length, 'object')}, the record${result.records.deleted.length === 1 ? '' : 's'} of ${count(result.records.deleted.length, 'older build')} ` +
      `and ${count(result.entries.deleted.length, 'entry', 'entries')} of other derivation versions or settings`,
  );
  if (result.marked.length > 0) {
    log.info(
      `${count(result.marked.length, 'object')} that nothing names ${options['dry-run'] ? 'would stay' : 'stay'} marked: a prune deletes each one still unnamed a day after it was first marked, ` +
        `the first from ${result.nextDelete} (docs/deploy.md, Retention)`,
    );
  }
  if (result.left > 0) log.warn(`${count(result.left, 'object')} due for deletion stayed: the prune ran out of its lease; prune again`);
  if (result.leases.valid.length > 0) {
    log.warn(`${count(result.leases.valid.length, 'build or derive run')} under way (${result.leases.valid.join(', ')}): no object was deleted; prune again once they end (a killed run's lease ends 2 hours after it was written)`);
  }
  return 0;
}

async function schemas(options: Options, log: Logger): Promise<number> {
  const dir = join(options.content, 'schemas');
  await mkdir(dir, { recursive: true });
  for (const kind of Object.keys(CONTENT_FILES) as ContentKind[]) {
    await writeFile(join(dir, `${kind}.schema.json`), `${JSON.stringify(jsonSchemaFor(kind), null, 2)}\n`);
  }
  log.info(`wrote ${Object.keys(CONTENT_FILES).length} schemas to ${dir}/`);
  return 0;
}

/** An error and its causes, with stacks: for failures of the program, not of content. */
function errorChain(error: unknown): string {
  let message = '';
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    message += `${message ? '\ncaused by: ' : ''}${current instanceof Error ? (current.stack ?? current.message) : String(current)}`;
  }
  return message;
}

export async function main(argv: string[], log: Logger = streamLogger()): Promise<number> {
  if (argv[0] === 'import') return (await import('./import/command.ts')).importCommand(argv.slice(1), log);
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    log.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { command, options } = parsed;
  if (options.help || !command) {
    log.info(USAGE);
    return command || options.help ? 0 : 2;
  }
  if (options.format !== 'human' && options.format !== 'github') {
    log.error(`--format must be human or github, not "${options.format}"`);
    return 2;
  }
  switch (command) {
    case 'check':
      return check(options, log);
    case 'build':
      return build(options, log);
    case 'derive':
      return derive(options, log);
    case 'serve':
      return serve(options, log);
    case 'start':
      return start(options, log);
    case 'prune':
      return prune(options, log);
    case 'schemas':
      return schemas(options, log);
    default:
      log.error(`unknown command "${command}"\n\n${USAGE}`);
      return 2;
  }
}

const invokedDirectly = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (invokedDirectly) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      // Anything that is not a content problem is a bug or an environment failure: print the chain once.
      process.stderr.write(`archive: ${errorChain(error)}\n`);
      process.exitCode = 1;
    },
  );
}

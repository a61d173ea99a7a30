/**
 * `archive check`, `archive build` and `archive derive`: the commands that read content/ and
 * run the stages.
 */
import type { BuildResult } from '../build.ts';
import { checkContent, parseCacheIn, type Checked, type ContentMemory } from '../check.ts';
import { deployLimits, netlifySign, SettingsError, type DeployLimits } from '../config.ts';
import { isLayoutChoice, LAYOUT_CHOICES } from '../output/layout.ts';
import { ContentError } from '../content/problems.ts';
import { count } from '../lib/plural.ts';
import type { Logger } from '../log.ts';
import { MediaStoreError } from '../media/media-store.ts';
import { DeployLimitError } from '../output/limits.ts';
import { DerivativeStoreError } from '../pdf/derivative-store.ts';
import type { NoticeProblem } from '../serve/api/html/notice.ts';
import { mediaStore, noticeItem, pdfOptions, report } from './command-helpers.ts';
import { explanationLines } from '../previous/planner.ts';
import type { Options } from './usage.ts';

export async function check(options: Options, log: Logger): Promise<number> {
  const started = performance.now();
  // The build's parse cache: files unchanged since the last check or build are not parsed again.
  const checked = await checkContent({ contentDir: options.content, env: process.env, overrides: { baseUrl: options['base-url'] }, parseCacheDir: parseCacheIn(options.cache), freeze: false });
  // Nothing here reads a message's text.
  checked.close();
  const { problems, archive } = checked;
  report(problems.sorted(), options, log);
  if (!archive) return 1;
  log.info(
    `content is valid: ${archive.requests.length} requests, ${archive.messages.length} messages, ${archive.attachments.length} attachments, ` +
      `${archive.documents.length} documents (${Math.round(performance.now() - started)} ms; ${parsingSummary(checked.parsing!)})`,
  );
  return 0;
}

/** What the parse cache spared (content/parse-cache.ts). */
const parsingSummary = ({ hits, hashed, misses }: NonNullable<Checked['parsing']>) => `${count(misses, 'file')} parsed, ${hits + hashed} unchanged (${hashed} of them hashed to tell)`;

export async function build(options: Options, log: Logger, baseUrl = options['base-url']): Promise<number> {
  return (await runBuild(options, log, baseUrl)).status;
}

/**
 * One build, printing what `archive build` prints. Resolves with the exit status and, when the
 * build failed for a reason an editor can fix (content, deploy limits, the media store), with
 * its problems for the watching preview's banner.
 */
export async function runBuild(options: Options, log: Logger, baseUrl: string | undefined, memory?: ContentMemory): Promise<{ status: number; problems: NoticeProblem[] }> {
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
  const layoutChoice = options.layout;
  if (layoutChoice !== undefined && !isLayoutChoice(layoutChoice)) {
    log.error(`--layout "${layoutChoice}" is not a layout: write ${LAYOUT_CHOICES.join(', ')}`);
    return failed(2, []);
  }
  const media = await mediaStore(options, log);
  if (!media) return failed(1, []);
  const { buildArchive } = await import('../build.ts');
  const { createReporter } = await import('../lib/progress.ts');
  const { UPLOAD_GAUGE } = await import('../media/upload.ts');
  const { formatPdfSummary } = await import('../pdf/summary.ts');
  try {
    const result = await buildArchive({
      contentDir: options.content,
      buildDir: options.out,
      cacheDir: options.cache,
      media,
      upload: { progress: createReporter(process.stderr, UPLOAD_GAUGE), onWait: (message) => log.warn(`media: ${message}`) },
      env: process.env,
      overrides: { baseUrl },
      // The test suite builds with the model frozen; a build spares the walk (CheckOptions.freeze).
      freeze: false,
      images: !options['no-images'],
      downloads: !options['no-downloads'],
      removeOld: 'background',
      pdf,
      limits,
      ...(layoutChoice && { layout: layoutChoice }),
      ...(memory && { memory }),
      ...(options.verbose && { onStage: (stage: string, ms: number) => log.info(`stage ${stage}: ${(ms / 1000).toFixed(1)} s`) }),
    });
    report(result.warnings, options, log);
    if (options.explain) for (const line of explanationLines(result.explanation)) log.info(line);
    if (result.unchanged) log.info(`nothing ${options.out}/ is made of changed since the build that wrote it (content/, settings, clock, code): left as it is (docs/architecture.md, "A build with nothing to do")`);
    else if (result.patched > 0) log.info(`only texts changed (messages' subjects and texts, requests' titles, summaries and descriptions): ${count(result.patched, 'file')} of ${options.out}/ written, every other file kept (docs/architecture.md, "A patch build")`);
    else if (options.verbose) {
      log.info(`content: ${parsingSummary(result.parsing)}`);
      log.info(`output: ${result.reuse.linked} groups of files (packs, chunks, filter and media index files, search segments) linked from the previous build/, ${result.reuse.grown} grown from it (filter indexes of lists that only grew), ${result.reuse.rendered} made again (docs/architecture.md, "Incremental builds")`);
    }
    if (result.pdf) log.info(formatPdfSummary(result.pdf));
    log.info(`layout ${result.layout.layout} (${result.layout.reason}; docs/serving.md, "Layouts")`);
    const seconds = (performance.now() - started) / 1000;
    log.info(closingLine(result, seconds));
    if (options.verbose) {
      const { layout } = result.stats;
      log.info(
        `files of ${options.out}/: fullest folder ${layout.fullestFolder.path || '.'}/ (${count(layout.fullestFolder.entries, 'entry', 'entries')}), ` +
          `largest file ${layout.largestFile.path} (${(layout.largestFile.bytes / 1e6).toFixed(2)} MB); media store: the ${media.description}`,
      );
    }
    // Under Netlify (docs/netlify.md#contexts) the detail Edge Function is declared for the layout built.
    if (netlifySign(process.env)) {
      const { writeEdgeDeclarations } = await import('../netlify/edge-declarations.ts');
      log.info(`edge declarations for the ${result.layout.layout} layout: ${await writeEdgeDeclarations(process.cwd(), result.layout.layout)}`);
    }
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
 * The last line of a build, short enough for a terminal (about 100 characters with a short base
 * URL); `--verbose` adds the layout of build/ and the media store. Objects already in the media
 * store are named only when there are any; the page images this build's PDF stage put there
 * itself are not among them (they are not left from an earlier build) but counted apart.
 */
function closingLine(result: BuildResult, seconds: number): string {
  const { stats, settings } = result;
  const { uploaded, uploadedBytes, present, derived } = stats.media;
  const upload = uploaded > 0 ? `${uploaded} uploaded (${(uploadedBytes / 1e6).toFixed(1)} MB)` : 'nothing to upload';
  const there = `${derived === 0 ? '' : `, ${count(derived, 'page image')} stored by the PDF stage`}${present === 0 ? '' : `, ${present} already in the store`}`;
  return `built ${settings.urls.baseUrl}: ${count(stats.objects, 'object')}, ${count(stats.files, 'file')}, ${(stats.bytes / 1e6).toFixed(1)} MB, ${seconds.toFixed(1)} s; media: ${upload}${there}`;
}

/**
 * `archive derive`: the PDF stage alone, into the media store's derivative cache, for the PDFs of
 * one shard.
 * n machines with shards 1..n and one `build` afterwards give the bytes of one unlimited build.
 */
export async function derive(options: Options, log: Logger): Promise<number> {
  const started = performance.now();
  const pdf = await pdfOptions(options, log);
  if (!pdf) return 2;
  const media = await mediaStore(options, log);
  if (!media) return 1;
  const { problems, archive } = await checkContent({ contentDir: options.content, env: process.env, overrides: { baseUrl: options['base-url'] }, pdfHeaders: false, freeze: false });
  if (!archive) {
    report(problems.sorted(), options, log);
    return 1;
  }
  const { deriveDocuments } = await import('../documents/derive-documents.ts');
  const { mediaDerivativeStore } = await import('../media/derivatives-in-media-store.ts');
  const { formatPdfSummary } = await import('../pdf/summary.ts');
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

/**
 * The patch build (docs/architecture.md, "A patch build"): when the only change to content/
 * since the build that wrote build/ is the subject or text of messages, or the title, summary
 * or description of requests, in a few existing request folders, the build links those folders
 * alone (src/output/patch-load.ts), rewrites the files of build/ that show the texts
 * (src/output/text-patch.ts) and links every other file into the new tree, instead of
 * loading, linking and serializing the whole archive. Anything
 * else, or any check that fails on the way, and the build runs whole: a patch build only ever
 * writes what a full build would.
 */
import { join, resolve } from 'node:path';
import { UrlBuilder } from './api/urls.ts';
import type { RenderContext } from './api/resources/context.ts';
import type { DeployLimits, Env, Settings } from './config.ts';
import type { ContentReader } from './content/load.ts';
import type { MediaStore } from './media/media-store.ts';
import type { UploadOptions } from './media/upload.ts';
import type { PdfOptions } from './pdf/index.ts';
import { patchExplanation, type BuildExplanation } from './previous/planner.ts';
import { replaceParsedFiles } from './content/parse-cache.ts';
import { buildCodeVersion } from './lib/code-version.ts';
import { Problems } from './content/problems.ts';
import type { ScanDigests } from './content/scan-digests.ts';
import type { ContentScan } from './content/scan.ts';
import { deriveDocuments } from './documents/derive-documents.ts';
import { fileDigests } from './lib/file-digests.ts';
import type { PlannedFile } from './lib/planned-file.ts';
import { ScratchSpool } from './lib/stored-text.ts';
import { mediaDerivativeStore } from './media/derivatives-in-media-store.ts';
import { recordUnchanged } from './media/upload.ts';
import type { Archive } from './model/types.ts';
import { timestampOfSeconds } from './model/time.ts';
import { buildDirIntact, saveBuildState, type CarriedResult, type PreviousBuild } from './previous/state.ts';
import { changedFolders, loadPatchModels } from './output/patch-load.ts';
import { patchOutput, type PatchRender } from './output/text-patch.ts';
import { stageTree } from './output/write.ts';
import type { LayoutChoice } from './output/layout.ts';
import { statSync } from 'node:fs';

/** What a patch build did: the kept build's result with this build's files, how many files it wrote (0: none changed), and its verdicts. */
export type Patched = CarriedResult & { written: number; explanation: BuildExplanation };

/** What a patch build reads of the build's options: where build/, the caches and the media store are, and the PDF stage's. */
export interface PatchOptions {
  buildDir: string;
  cacheDir: string;
  media: MediaStore;
  upload?: UploadOptions;
  pdf?: Omit<PdfOptions, 'store'> & { store?: PdfOptions['store'] };
  removeOld?: 'wait' | 'background';
  /** false: never patch (src/build.ts BuildOptions.patch). */
  patch?: boolean;
  /** Where the content commit of the data downloads' manifest is read (src/downloads/patch.ts), and the settings' environment. */
  contentDir: string;
  env: Env;
}

const MEDIA_MISSING = 'the media store lacks an object build/ names';

/** Where the build keeps its state and what it defaults (src/build.ts outputState). */
interface OutputState {
  dir: string;
  images: boolean;
  limits: DeployLimits;
  layout: LayoutChoice | null;
  downloads: boolean;
}

/** content/ as the build opened and scanned it, and its parse cache. */
interface OpenedContent {
  reader: ContentReader;
  scan: ContentScan;
  scanned: ScanDigests;
  parseCacheDir: string;
}

/**
 * The patched build, or why the change is not one a patch build makes (the caller then builds
 * whole). `kept`: the last build's state, whose inputs beside content/ are this build's
 * (src/previous/state.ts previousBuild).
 */
export async function patchBuild(options: PatchOptions, output: OutputState, kept: PreviousBuild, content: OpenedContent): Promise<Patched | string> {
  const { reader, scan, scanned, parseCacheDir } = content;
  const { state, settings } = kept;
  // A patch rewrites packs, chunks and download ranges only: a loose build's files of the patched objects would stay as they were.
  if (options.patch === false) return 'patch builds are off';
  if (state.result.layout.layout !== 'packed') return 'the layout is not packed';
  const folders = changedFolders(scanned, state);
  if (typeof folders === 'string') return folders;
  if (!buildDirIntact(options.buildDir, state.files)) return 'build/ is not the one the last build wrote';
  const models = await loadPatchModels(reader, scan, parseCacheDir, folders, state);
  if (typeof models === 'string') return models;
  const explanation = patchExplanation(scanned, folders, models.parsed.map((entry) => entry.path));
  const texts = new ScratchSpool(join(options.cacheDir, 'texts'));
  try {
    const rendered = await renderings(options, output.images, settings, texts, models);
    if (!rendered) return 'the PDF stage has work left for the changed folders';
    // Data files above half the file limit are cut into parts (src/output/split.ts): the patch writes none such.
    const where = { buildDir: options.buildDir, outputDir: output.dir, version: buildCodeVersion(), splitBytes: Math.floor(output.limits.fileBytes / 2) };
    // The downloads' ranges of the edited objects are written again (src/downloads/patch.ts).
    const patch = patchOutput({ ...where, ...(output.downloads && { downloads: options }) }, state, rendered);
    if (!patch) return 'a file of build/ that shows the texts is not the one the last build wrote';

    // The state of this build: the kept one with this scan, these content digests and, when files were written, the new build.
    const keep = (planned: typeof patch.planned, build: string, result: typeof state.result) =>
      saveBuildState({ ...output, buildDir: options.buildDir, media: options.media, settings, scanned, digests: models.digests, planned, orders: state.orders, clock: state.clock, site: state.site, build, objects: state.objects, unfinished: false, result });
    if (!patch.files.length) {
      // Content files written again with their bytes: build/ is this build's output as it is.
      if (!(await recordUnchanged(options.media, state.build, state.objects, options.upload))) return MEDIA_MISSING;
      keep(state.planned, state.build, state.result);
      return { ...state.result, settings, media: state.objects.length, written: 0, explanation };
    }
    const root = resolve(options.buildDir);
    const { files: written, removed } = patch;
    const bodies = new Set(written.map((file) => file.path));
    const oldBytes = state.files.reduce((sum, [path]) => (bodies.has(path) || removed.has(path) ? sum + statSync(join(root, path)).size : sum), 0);
    function* files(): Generator<PlannedFile> {
      for (const [path] of state.files) if (!bodies.has(path) && !removed.has(path)) yield { path, copyFrom: join(root, path) };
      yield* written;
    }
    const tree = await stageTree(files(), options.buildDir, { removeOld: options.removeOld ?? 'wait', limits: output.limits });
    try {
      // The build is recorded in the media store with the same objects, which must all be there.
      if (!(await recordUnchanged(options.media, patch.build, state.objects, options.upload))) {
        await tree.discard();
        return MEDIA_MISSING;
      }
      await tree.replace();
    } catch (error) {
      await tree.discard();
      throw error;
    }
    replaceParsedFiles(parseCacheDir, models.parsed);
    const newBytes = written.reduce((sum, file) => sum + Buffer.byteLength(file.body), 0);
    // Linked files are counted as the full build counted them; the written ones anew.
    const stats = { ...tree.stats, bytes: state.result.stats.bytes - oldBytes + newBytes, objects: state.result.stats.objects };
    // Only a packed build is patched (src/build.ts), and it stays so.
    const { layout } = state.result;
    keep(patch.planned, patch.build, { warnings: state.result.warnings, stats, layout });
    return { warnings: state.result.warnings, stats, layout, settings, media: state.objects.length, written: written.length, explanation };
  } finally {
    texts.close();
    models.close();
  }
}

/**
 * The changed folders' models before and after the edit with what serializers read beside them:
 * the PDF stage's facts of their documents (from its cache: the PDFs did not change). Undefined
 * when the PDF stage has work left or fails: a full build reports it.
 */
async function renderings(options: PatchOptions, images: boolean, settings: Settings, texts: ScratchSpool, models: { before: Archive; after: Archive }): Promise<PatchRender | undefined> {
  const store = options.pdf?.store ?? mediaDerivativeStore(options.media, options.cacheDir, { onWait: options.upload?.onWait });
  const digests = fileDigests(join(options.cacheDir, 'digests'));
  const urls = new UrlBuilder(settings.urls);
  const now = timestampOfSeconds(settings.now);
  const render = async (linked: Archive): Promise<{ archive: Archive; ctx: RenderContext } | undefined> => {
    const problems = new Problems();
    const derived = await deriveDocuments(linked, { ...options.pdf, store, digests, texts, images }, problems);
    const stats = derived.stats;
    if (problems.errors.length || (stats && stats.pending + stats.webpPending + stats.failed + stats.derived > 0)) return undefined;
    const { archive } = derived;
    // Annotations are not shown by the objects a patch renders (messages, requests).
    return { archive, ctx: { urls, timeZone: archive.timeZone, now, published: derived.published, facts: derived.facts, cropped: () => false } };
  };
  const before = await render(models.before);
  const after = before && (await render(models.after));
  return before && after ? { before, after } : undefined;
}

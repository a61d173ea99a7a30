/**
 * The build, top to bottom, each stage a call that takes what it needs and returns what it made:
 * load and check (check.ts) -> PDF derivatives -> annotation crops -> media collected and hashed
 * -> serialized and written into a new tree beside build/ -> media uploaded -> build/ replaced.
 */
import { join } from 'node:path';
import { checkAnnotations, cropAnnotations } from './documents/annotations.ts';
import { BUILT_NAMES } from './api/resources/serializer-registry.ts';
import { renderContext } from './api/resources/context.ts';
import { checkContent, openContent, parseCacheIn, type Checked, type CheckOptions } from './check.ts';
import { scanDigests, type ScanDigests } from './content/scan-digests.ts';
import { DEFAULTS, type DeployLimits, type Settings } from './config.ts';
import { ContentError, type Problem } from './content/problems.ts';
import { deriveDocuments } from './documents/derive-documents.ts';
import { collectMedia } from './media/collect.ts';
import { fileDigests, type FileDigests } from './lib/file-digests.ts';
import { ScratchSpool } from './lib/stored-text.ts';
import { mediaDerivativeStore } from './media/derivatives-in-media-store.ts';
import type { BuildRecord, MediaStore } from './media/media-store.ts';
import { recordBuild, uploadMedia, type UploadOptions, type UploadStats } from './media/upload.ts';
import { markWithdrawn } from './media/withdrawn.ts';
import { clockWindow, keptDigests, keptState, saveBuildState, unchangedBuild, type KeptBuild } from './output/build-state.ts';
import { planFilterIndexes } from './output/indexes.ts';
import { patchBuild } from './build-patch.ts';
import { openFolderValues } from './output/filter-values.ts';
import { planListActions } from './api/resources/autocomplete-files.ts';
import { planOpenApi } from './api/openapi/openapi-document.ts';
import { planOutput } from './output/plan.ts';
import { openOutputReuse } from './output/reuse.ts';
import { planRouting } from './output/routing.ts';
import { listTotals, looseFileBound, writeInLayout, type Layout, type LayoutChoice, type LayoutDecision } from './output/layout.ts';
import { planSearchFilters } from './output/search-filters.ts';
import { planPageFacets } from './output/page-facets.ts';
import { planSearchIndex } from './output/search-index.ts';
import { planSwaggerUi } from './output/swagger-ui.ts';
import { splitLargeData } from './output/split.ts';
import { DownloadsPlan } from './downloads/plan.ts';
import { stageTree, type WriteResult } from './output/write.ts';
import { loosenHeapGrowth } from './lib/heap.ts';
import type { PdfOptions, PdfRunStats } from './pdf/index.ts';

export interface BuildOptions extends CheckOptions {
  buildDir: string;
  /**
   * The local mirror of the PDF derivative cache, which lives in `media` (src/media/derivatives-in-media-store.ts),
   * unless `pdf.store` names another store.
   */
  cacheDir: string;
  /** Where attachment files, PDFs, page images and crops go (src/media/); build/ gets their index. */
  media: MediaStore;
  upload?: UploadOptions;
  /** Render page images (default true); false keeps PDF work to facts only. */
  images?: boolean;
  pdf?: Omit<PdfOptions, 'store'> & { store?: PdfOptions['store'] };
  /** How the replaced build/ is deleted (see output/write.ts); the CLI uses 'background'. */
  removeOld?: 'wait' | 'background';
  /** The deploy target's limits (default: Netlify's, DEFAULTS.deployLimits); build/ is replaced only when the output fits them. */
  limits?: DeployLimits;
  /**
   * Whether an edit of texts alone may patch build/ (src/build-patch.ts; default true). false
   * builds whole, which writes the same bytes: for tests of the full build's output reuse.
   */
  patch?: boolean;
  /** loose, packed or auto (src/output/layout.ts); default: site.yaml's `layout`, else auto. */
  layout?: LayoutChoice;
  /** Publish the data downloads (src/downloads/, docs/downloads.md); default false here, true in the CLI. */
  downloads?: boolean;
  /** Called as each stage ends, with its duration: for `build --verbose` and the benchmark. */
  onStage?: (stage: string, milliseconds: number) => void;
}

export interface BuildResult {
  warnings: Problem[];
  settings: Settings;
  stats: WriteResult & { objects: number; media: UploadStats };
  /** What the PDF stage did: pending documents, budget; null without PDFs. */
  pdf: PdfRunStats | null;
  /** Content files found unchanged in the parse cache, and parsed (src/content/parse-cache.ts). */
  parsing: { hits: number; hashed: number; misses: number };
  /** Packs and chunks linked from the previous build/, and those of the same resources serialized (src/output/reuse.ts). */
  reuse: { linked: number; rendered: number; grown: number };
  /** Nothing build/ is made of changed since the build that wrote it, which was left as it is (src/output/build-state.ts). */
  unchanged: boolean;
  /** Files a patch build wrote (src/build-patch.ts): only messages' and requests' texts changed; 0 for any other build. */
  patched: number;
  /** The layout build/ has and why (src/output/layout.ts). */
  layout: LayoutDecision;
}

/** Builds the archive into `buildDir`, replacing it only on success. Throws ContentError with every problem. */
export async function buildArchive(options: BuildOptions): Promise<BuildResult> {
  let mark = performance.now();
  const stage = <T>(name: string, value: T): T => {
    const now = performance.now();
    options.onStage?.(name, now - mark);
    mark = now;
    return value;
  };

  // The last build's state, when every input of build/ beside content/ is what it was (a
  // verifying PDF run reads every derivative again, so it always builds): then the build is warm.
  const previous = options.pdf?.verify === undefined ? keptState(stateInputs(options)) : undefined;
  const bound = previous ? loosenHeapGrowth(WARM_HEAP_GROWTH) : () => {};
  try {
    const loaded = await keptOrChecked(options, previous);
    if ('kept' in loaded) {
      const { kept } = loaded;
      stage(kept.written ? 'patch' : 'unchanged', null);
      // A kept build publishes the objects of the build it keeps (recordUnchanged): production marks alike.
      if (kept.settings.production && previous) await markWithdrawn(options.media, { build: previous.state.build, date: new Date().toISOString(), objects: previous.state.objects });
      const media = { objects: kept.media, uploaded: 0, uploadedBytes: 0, present: kept.media, derived: 0 };
      const patched = kept.written ?? 0;
      return { warnings: kept.warnings, settings: kept.settings, stats: { ...kept.stats, media }, pdf: null, parsing: { hits: 0, hashed: 0, misses: 0 }, reuse: { linked: 0, rendered: 0, grown: 0 }, unchanged: !kept.written, patched, layout: kept.layout };
    }
    const { checked } = loaded;
    stage('load and check', null);
    // Every object's fingerprint holds the content outside the request folders: when it changed, this build serializes as a cold one does.
    if (previous && keptDigests(checked.digests).outside !== previous.state.digests.outside) bound();
    // Page texts, as the PDF stage hands them on, until the build ends (lib/stored-text.ts).
    const texts = new ScratchSpool(join(options.cacheDir, 'texts'));
    try {
      return await buildChecked(options, loaded, texts, stage);
    } finally {
      // Message texts are read from the parse cache's files, page texts from the spool, until here.
      checked.close();
      texts.close();
    }
  } finally {
    bound();
  }
}

/** What the last build's state is compared with beside content/ (src/output/build-state.ts). */
function stateInputs(options: BuildOptions) {
  return { ...outputState(options), env: options.env, overrides: options.overrides, upload: options.upload };
}

/**
 * The scan of content/ and, when nothing build/ is made of changed since the build that wrote
 * it, that build's result (src/output/build-state.ts); else the content loaded and checked:
 * every content problem at once, nothing else runs on bad content. The parse cache is read
 * while content/ is walked, either way (a verifying PDF run reads every derivative again, so
 * it always runs). The scan is let go of here, not kept while the build serializes. `previous`:
 * the last build's state, when this build is compared with it (keptState).
 */
async function keptOrChecked(options: BuildOptions, previous: ReturnType<typeof keptState>): Promise<{ kept: KeptBuild & { written?: number } } | Loaded> {
  const parseCacheDir = parseCacheIn(options.cacheDir);
  const opened = openContent(options.contentDir, parseCacheDir, options.memory);
  const scan = await opened.reader.scan();
  const scanned = scanDigests(scan);
  if (previous) {
    // A patch rewrites packs, chunks and download ranges only: a loose build's files of the patched objects would stay as they were.
    const patchable = options.patch !== false && previous.state.result.layout.layout === 'packed';
    const kept = (await unchangedBuild({ ...stateInputs(options), scanned }, previous)) ?? (!patchable ? undefined : await patchBuild(options, outputState(options), previous, { reader: opened.reader, scan, scanned, parseCacheDir }));
    if (kept) {
      opened.cache?.close();
      return { kept };
    }
  }
  // PDFs and attachment files are hashed once while they keep their stat signature
  // (lib/file-digests.ts); the scan's signatures spare statting them again.
  const digests = fileDigests(join(options.cacheDir, 'digests'));
  digests.confirm((absolute) => scan.statAbsolute(absolute));
  // A request folder whose files kept the stat signatures of the last build's scan holds the
  // bytes it read: that build's fold of their digests stands (as the parse cache trusts them).
  const before = previous?.state;
  const keptFolds =
    before &&
    ((folder: string) => {
      const signatures = scanned.folders.get(folder);
      return signatures && signatures === before.scanned.folders.get(folder) ? before.digests.folders.get(folder) : undefined;
    });
  return { checked: await checkContent({ ...options, pdfHeaders: false, ...(keptFolds && { keptFolds }) }, opened, scan), scanned, digests };
}

/**
 * How far a warm build lets the heap grow between full collections (src/lib/heap.ts; 30 % for
 * any other). With the last build's state kept, the parse cache and the output record are of
 * this code and these settings: loading reads parse results back into the model, and output
 * reuse serializes only what changed, so the heap is the model and little besides, and every
 * collection at 30 % of growth marked it again. Content outside the request folders changes
 * every object's fingerprint: that build serializes everything, as a cold one, and is bounded again
 * before it does (docs/performance.md, "A larger young generation, and bounded heap growth").
 */
const WARM_HEAP_GROWTH = 60;

/** Content loaded and checked, with what the build keeps of its scan of content/. */
interface Loaded {
  checked: Checked;
  scanned: ScanDigests;
  /** Kept digests of PDFs and attachment files, those the scan found unchanged confirmed. */
  digests: FileDigests;
}

/** The stages after loading, with the content checked. */
async function buildChecked(options: BuildOptions, { checked, scanned, digests }: Loaded, texts: ScratchSpool, stage: <T>(name: string, value: T) => T): Promise<BuildResult> {
  const { problems, archive: linked, settings, parsing, digests: contentDigests } = checked;
  if (!linked || !settings) throw new ContentError(problems.sorted());
  const state = outputState(options);

  // PDFs: facts, text and page images, from the derivative cache where they are known.
  const store = options.pdf?.store ?? mediaDerivativeStore(options.media, options.cacheDir, { onWait: options.upload?.onWait });
  const derivatives = stage('pdf', await deriveDocuments(linked, { ...options.pdf, store, digests, texts, images: state.images }, problems));
  const { archive } = derivatives;
  checkAnnotations(archive, derivatives.facts, problems);
  if (problems.errors.length) throw new ContentError(problems.sorted());
  const crops = stage('crop annotations', await cropAnnotations(archive, derivatives.images));

  // Collect: every media file the build publishes, with the hash that keys it in the media store.
  const media = stage('hash media', await collectMedia({ archive, facts: derivatives.facts, images: derivatives.images, crops, digests }));
  digests.save();

  // Serialize and write, one streamed step: files are serialized as the writer drains them into
  // a new tree beside build/ (src/output/write.ts), so no archive sits in memory as JSON.
  const ctx = renderContext({ urls: settings.urls, timeZone: archive.timeZone, now: settings.now }, derivatives, crops);
  // Packs, chunks and search segments whose objects' inputs did not change are linked from the
  // previous build/ (src/output/reuse.ts, src/output/fingerprints.ts).
  const reuse = openOutputReuse({ dir: state.dir, buildDir: options.buildDir, settings, ctx, digests: contentDigests, images: state.images });
  const { limits } = state;
  // Data files above half the file limit are cut into parts, so no file comes near it.
  const splitBytes = Math.floor(limits.fileBytes / 2);
  const filterValues = openFolderValues(state.dir, reuse);
  const plan = (layout: Layout) => planOutput({
    archive,
    ctx,
    resources: BUILT_NAMES,
    media,
    reuse,
    splitBytes,
    // A generator: each kind of file is planned as the writer gets to it, not all kinds at once.
    *extras(resource, ordered, unlisted) {
      // An unlisted list's files go into its own file, not build/: nothing of them is linked or recorded.
      const filters = unlisted ? undefined : { reuse, splitBytes, values: filterValues };
      yield* planFilterIndexes(resource, ordered, archive, filters);
      yield* planListActions(resource, ordered, archive, ctx.urls);
      yield* planSearchIndex(resource, ordered, unlisted ? undefined : reuse);
      yield* planSearchFilters(resource, ordered, archive, ctx.now, filters);
      if (!unlisted) yield* planPageFacets(resource, ordered, archive);
    },
    layout,
    routing: (lists) => planRouting(BUILT_NAMES, layout === 'loose' ? lists : undefined),
    openapi: [...planOpenApi(settings), ...planSwaggerUi()],
    ...(options.downloads && { downloads: new DownloadsPlan(archive, ctx, options, reuse) }),
  });
  const choice = state.layout ?? settings.layout; // --layout, else site.yaml's (a setting the build state compares)
  const asked = { choice, asked: state.layout ? `--layout ${choice}` : `site.yaml layout: ${choice}`, maxFiles: limits.files, looseBound: () => looseFileBound(listTotals(archive, ctx, BUILT_NAMES)) };
  const { value: { output, tree }, decision } = await writeInLayout(asked, async (layout) => {
    const output = plan(layout);
    const tree = await stageTree(splitLargeData(output.files, splitBytes), options.buildDir, { removeOld: options.removeOld ?? 'wait', limits });
    return { value: { output, tree }, files: tree.stats.files };
  });
  stage('serialize and write', null);
  const { build, lists, planned, orders } = output.summary();

  // Upload, then replace build/: a build/ never names a media object the store lacks.
  let uploaded: UploadStats;
  let recorded: BuildRecord;
  try {
    // The record first: a prune that starts later keeps what it names, and the upload waits
    // for one under way that may delete an object it finds (src/media/prune-marks.ts).
    recorded = await recordBuild(options.media, build, media);
    // The page images the PDF stage just put into the media store are not "already there".
    uploaded = stage('upload media', await uploadMedia(options.media, media, { ...options.upload, derived: store.putThisRun }));
    // docs/deploy.md#withdrawn-files: every deploy's media answers refuse what production no longer publishes.
    if (settings.production) await markWithdrawn(options.media, recorded);
    await tree.replace();
  } catch (error) {
    await tree.discard();
    throw error;
  }
  // Only now does build/ hold the files the record names.
  reuse.save();
  filterValues.save();
  const objects = Object.values(lists).reduce((sum, list) => sum + (list?.total ?? 0), 0);
  const pdf = derivatives.stats;
  saveBuildState({
    ...state,
    settings,
    scanned,
    digests: contentDigests,
    planned,
    orders,
    clock: clockWindow(archive, ctx.now),
    site: checked.site!,
    build,
    objects: recorded.objects,
    unfinished: pdf !== null && pdf.pending + pdf.webpPending + pdf.failed > 0,
    result: { warnings: problems.warnings, stats: { ...tree.stats, objects }, layout: decision },
  });
  return { warnings: problems.warnings, settings, stats: { ...tree.stats, objects, media: uploaded }, pdf, parsing: parsing!, reuse: reuse.stats, unchanged: false, patched: 0, layout: decision };
}

/**
 * Where the build keeps what it leaves for the next (`<cache>/output`: the output record, kept
 * values, the state of src/output/build-state.ts), and the options it defaults that the state
 * compares beside content/.
 */
function outputState(options: BuildOptions) {
  return { dir: join(options.cacheDir, 'output'), buildDir: options.buildDir, images: options.images ?? true, limits: options.limits ?? DEFAULTS.deployLimits, media: options.media, layout: options.layout ?? null, downloads: options.downloads ?? false };
}

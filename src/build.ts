/**
 * The build, top to bottom: load + model (check.ts) -> derivatives -> representation -> plan -> write.
 */
import { checkAnnotations, cropAnnotations } from './annotations.ts';
import { BUILT_RESOURCES } from './api/resources/index.ts';
import type { RenderContext } from './api/resources/context.ts';
import type { Manifest } from './api/manifest.ts';
import { UrlBuilder } from './api/routes.ts';
import { signMedia } from './api/sign-media.ts';
import { checkContent, type CheckOptions } from './check.ts';
import type { Settings } from './config.ts';
import { ContentError, type Problem } from './content/problems.ts';
import { deriveDocuments } from './derivatives.ts';
import { planFilterIndexes } from './output/indexes.ts';
import { planListActions } from './api/resources/autocomplete.ts';
import { planOpenApi } from './api/openapi/document.ts';
import { planOutput } from './output/plan.ts';
import { planRouting } from './output/routing.ts';
import { planSwaggerUi } from './output/swagger-ui.ts';
import { writeBuild, type WriteStats } from './output/write.ts';
import type { PdfOptions } from './pdf/index.ts';

export interface BuildOptions extends CheckOptions {
  buildDir: string;
  cacheDir: string;
  /** Render page images (default true); false keeps PDF work to facts only. */
  images?: boolean;
  pdf?: Omit<PdfOptions, 'cacheDir'>;
  /** How the replaced build/ is deleted (see output/write.ts); the CLI uses 'background'. */
  removeOld?: 'wait' | 'background';
  /** Called as each stage ends, with its duration: for `build --verbose` and the benchmark. */
  onStage?: (stage: string, milliseconds: number) => void;
}

export interface BuildResult {
  warnings: Problem[];
  settings: Settings;
  stats: WriteStats & { objects: number };
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

  const { problems, archive, settings } = stage('load and check', await checkContent({ ...options, pdfHeaders: false }));
  if (!archive || !settings) throw new ContentError(problems.sorted());

  const derivatives = stage('pdf', await deriveDocuments(archive, { ...options.pdf, cacheDir: options.cacheDir, images: options.images ?? true }, problems));
  checkAnnotations(archive, derivatives.facts, problems);
  if (problems.errors.length) throw new ContentError(problems.sorted());
  const annotationImages = stage('crop annotations', await cropAnnotations(archive, derivatives.images));

  const ctx: RenderContext = {
    urls: new UrlBuilder(settings.urls),
    timeZone: archive.timeZone,
    now: settings.now * 1_000_000,
    token: stage('sign media', await signMedia(archive, settings)),
    facts: derivatives.facts,
  };

  const lists: Manifest['lists'] = {};
  const stats = await writeBuild(
    planOutput({
      archive,
      ctx,
      resources: BUILT_RESOURCES,
      images: derivatives.images,
      media: annotationImages,
      extras: (resource, ordered) => [
        ...planFilterIndexes(resource, ordered as object[], archive),
        ...planListActions(resource, ordered, archive, ctx.urls),
      ],
      routing: planRouting(BUILT_RESOURCES.map((resource) => resource.name)),
      openapi: [...planOpenApi(settings), ...planSwaggerUi()],
      lists,
    }),
    options.buildDir,
    { removeOld: options.removeOld ?? 'wait' },
  );
  stage('serialize and write', stats);
  const objects = Object.values(lists).reduce((sum, list) => sum + (list?.total ?? 0), 0);
  return { warnings: problems.warnings, settings, stats: { ...stats, objects } };
}

/**
 * One measured build, in its own process so that peak RSS is the build's alone.
 * Prints one JSON line: seconds, stages, peak RSS, files and bytes written, objects, the
 * layout of build/ and what went to the media store, and `memory`: after each stage, RSS, V8's
 * heap in use and memory outside the heap (buffers), in MB. Run with `node --expose-gc` to
 * collect garbage before each figure, so that the heap figure is what the build still holds.
 *
 * The files limit is lifted (the benchmark measures how many files a layout writes, at sizes
 * past the default limit); every other deploy limit is checked as in a real build.
 *
 *   build-child.ts <content> <build> <cache> images|facts <media store spec> [loose|packed] [downloads]
 *
 * The media store spec is a folder, or `netlify-blobs:<name>` with the credentials in the
 * environment (NETLIFY_BLOBS_TOKEN, NETLIFY_SITE_ID, NETLIFY_BLOBS_API_URL), as for the CLI.
 */
import { buildArchive } from '../src/build.ts';
import { DEFAULTS, mediaStoreSpec } from '../src/config.ts';
import { boundHeapGrowth } from '../src/lib/heap.ts';
import { openMediaStore } from '../src/media/select.ts';
import { BUILD_CLOCK } from './changes.ts';

const [contentDir, buildDir, cacheDir, images, media, layout = 'packed', downloads] = process.argv.slice(2) as [string, string, string, string, string, string?, string?];
if (layout !== 'loose' && layout !== 'packed') throw new Error(`build-child.ts: the layout must be loose or packed, not "${layout}"`);
// As the CLI does (src/cli.ts).
boundHeapGrowth();
const stages: Record<string, number> = {};
const memory: Record<string, { rss: number; heap: number; heapTotal: number; external: number }> = {};
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const gc = (globalThis as { gc?: () => void }).gc;
const started = performance.now();
const result = await buildArchive({
  contentDir,
  buildDir,
  cacheDir,
  media: openMediaStore(mediaStoreSpec(media, process.env), process.env),
  env: { SOURCE_DATE_EPOCH: String(BUILD_CLOCK) },
  limits: { ...DEFAULTS.deployLimits, files: Number.MAX_SAFE_INTEGER },
  // With the files limit lifted, auto would build loose at any size: the layout is named (packed unless asked).
  layout,
  images: images === 'images',
  // The data downloads (src/downloads/), as `archive build` writes them: bench/downloads.ts measures them.
  downloads: downloads === 'downloads',
  removeOld: 'background',
  // As the CLI builds (src/cli/build-commands.ts).
  freeze: false,
  onStage: (stage, ms) => {
    stages[stage] = Math.round(ms);
    gc?.();
    const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
    memory[stage] = { rss: mb(rss), heap: mb(heapUsed), heapTotal: mb(heapTotal), external: mb(external) };
  },
});
const seconds = (performance.now() - started) / 1000;
process.stdout.write(
  `${JSON.stringify({
    seconds,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    files: result.stats.files,
    bytes: result.stats.bytes,
    objects: result.stats.objects,
    layout: result.stats.layout,
    media: result.stats.media,
    warnings: result.warnings.length,
    patched: result.patched,
    stages,
    memory,
  })}\n`,
);

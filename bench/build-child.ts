/**
 * One measured build, in its own process so that peak RSS is the build's alone.
 * Prints one JSON line: seconds, peak RSS, files and bytes written, objects.
 */
import { buildArchive } from '../src/build.ts';

const [contentDir, buildDir, cacheDir, images] = process.argv.slice(2) as [string, string, string, string];
const stages: Record<string, number> = {};
const started = performance.now();
const result = await buildArchive({
  contentDir,
  buildDir,
  cacheDir,
  env: { SOURCE_DATE_EPOCH: '1717243200' },
  images: images === 'images',
  removeOld: 'background',
  onStage: (stage, ms) => (stages[stage] = Math.round(ms)),
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
    warnings: result.warnings.length,
    stages,
  })}\n`,
);

/**
 * `archive prune` and `archive schemas`: upkeep of the media store and of the editors' JSON Schemas.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTENT_FILES, jsonSchemaFor, type ContentKind } from '../content/schema.ts';
import { count } from '../lib/plural.ts';
import type { Logger } from '../log.ts';
import { mediaStore } from './command-helpers.ts';
import type { Options } from './usage.ts';

export async function prune(options: Options, log: Logger): Promise<number> {
  const keepDays = Number(options['keep-days']);
  const keepBuilds = Number(options['keep-builds']);
  if (!Number.isInteger(keepDays) || keepDays < 0 || !Number.isInteger(keepBuilds) || keepBuilds < 1) {
    log.error('--keep-days must be a whole number of days (0 or more), --keep-builds a whole number of builds (1 or more)');
    return 2;
  }
  const media = await mediaStore(options, log);
  if (!media) return 1;
  const { pruneMedia } = await import('../media/prune.ts');
  const { PruneRunning } = await import('../media/prune-marks.ts');
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

export async function schemas(options: Options, log: Logger): Promise<number> {
  const dir = join(options.content, 'schemas');
  await mkdir(dir, { recursive: true });
  for (const kind of Object.keys(CONTENT_FILES) as ContentKind[]) {
    await writeFile(join(dir, `${kind}.schema.json`), `${JSON.stringify(jsonSchemaFor(kind), null, 2)}\n`);
  }
  log.info(`wrote ${Object.keys(CONTENT_FILES).length} schemas to ${dir}/`);
  return 0;
}

/**
 * `archive import <froide API URL> [options]`: the command line of the importer. It reads its
 * own options, so the other commands' parser stays as it is.
 */
import { parseArgs } from 'node:util';
import { DEFAULTS } from '../config.ts';
import type { Logger } from '../log.ts';
import { createReporter } from '../lib/progress.ts';
import { StagingRefused } from './content-writer.ts';
import { BadAnswer, HttpRefusal, OriginRefused, SourceGaveUp } from './http.ts';
import { IMPORT_GAUGE } from './import-progress.ts';
import { ApiShapeError } from './values.ts';
import { importArchive, type Selection } from './run.ts';

export const IMPORT_USAGE = `Usage: archive import <froide API URL> [options]   (e.g. https://fragdenstaat.de/api/v1/)

Writes --content (default: ${DEFAULTS.contentDir}) from a froide instance's API v1; a second run changes only
what changed there (docs/import.md).

Selection (default: everything the API lists):
  --request <id>        this request (repeat for more)
  --campaign <id>       the requests of a campaign
  --public-body <id>    the requests to a public body
  --jurisdiction <id>   the requests of a jurisdiction
  --since <date>        requests and documents changed on or after this date (2024-05-01 or a date-time)
  --limit <n>           at most n requests
What the selected requests refer to comes along (public bodies, georegions, laws, ...).

Politeness:
  --rate <n>            requests per second (default 2)
  --concurrency <n>     requests in flight (default 2)

Bounds (the source is not trusted; docs/import.md):
  --cache <dir>             staging folder's parent, on the disk of --content (default: .cache/archive beside it)
  --media-origin <origin>   another origin files may come from (repeatable; the API's and the one its documents name are allowed)
  --max-json-mb <n>         largest JSON answer (default 32)
  --max-file-mb <n>         largest file (default 256)
  --timeout <s>             deadline of one try: connecting and the whole body (default 60)
  --max-retry-after <s>     longest Retry-After waited for (default 120)
  --page-budget <n>         pages per list at most (default 5000)
  --give-up-after <n>       URLs in a row that stay bad before the import stops (default 10)
`;

/** The numeric bounds: option -> client or paging setting and the factor from the option's unit. */
const BOUNDS = [
  { option: 'max-json-mb', key: 'maxJsonBytes', factor: 1024 * 1024 },
  { option: 'max-file-mb', key: 'maxFileBytes', factor: 1024 * 1024 },
  { option: 'timeout', key: 'timeoutMs', factor: 1000 },
  { option: 'max-retry-after', key: 'maxRetryAfterMs', factor: 1000 },
  { option: 'give-up-after', key: 'giveUpAfter', factor: 1 },
] as const;

function positiveInt(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${option} must be a whole number from 1, not "${value}"`);
  return n;
}

function sinceOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value;
  if (Number.isNaN(Date.parse(text))) throw new Error(`--since must be a date like 2024-05-01 or a date-time, not "${value}"`);
  return new Date(text).toISOString();
}

export async function importCommand(argv: string[], log: Logger): Promise<number> {
  let url: string | undefined;
  let select: Selection;
  let values: Record<string, string | string[] | boolean | undefined>;
  try {
    const parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        content: { type: 'string', default: DEFAULTS.contentDir },
        request: { type: 'string', multiple: true },
        campaign: { type: 'string' },
        'public-body': { type: 'string' },
        jurisdiction: { type: 'string' },
        since: { type: 'string' },
        limit: { type: 'string' },
        rate: { type: 'string' },
        concurrency: { type: 'string' },
        cache: { type: 'string' },
        'media-origin': { type: 'string', multiple: true },
        'max-json-mb': { type: 'string' },
        'max-file-mb': { type: 'string' },
        timeout: { type: 'string' },
        'max-retry-after': { type: 'string' },
        'page-budget': { type: 'string' },
        'give-up-after': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    values = parsed.values;
    if (values.help) {
      log.info(IMPORT_USAGE);
      return 0;
    }
    url = parsed.positionals[0];
    if (!url || parsed.positionals.length > 1) throw new Error('name one froide API URL, like https://fragdenstaat.de/api/v1/');
    new URL(url);
    const requests = (values.request as string[] | undefined)?.map((id) => positiveInt(id, '--request')!);
    select = {
      ...(requests && { requests }),
      campaign: positiveInt(values.campaign as string | undefined, '--campaign'),
      publicBody: positiveInt(values['public-body'] as string | undefined, '--public-body'),
      jurisdiction: positiveInt(values.jurisdiction as string | undefined, '--jurisdiction'),
      since: sinceOf(values.since as string | undefined),
      limit: positiveInt(values.limit as string | undefined, '--limit'),
    };
    positiveInt(values.concurrency as string | undefined, '--concurrency');
    for (const { option } of BOUNDS) positiveInt(values[option] as string | undefined, `--${option}`);
    positiveInt(values['page-budget'] as string | undefined, '--page-budget');
    for (const origin of (values['media-origin'] as string[] | undefined) ?? []) {
      if (!/^https?:\/\/[^/]+\/?$/.test(origin)) throw new Error(`--media-origin must be an origin like https://media.frag-den-staat.de, not "${origin}"`);
    }
    if (values.rate !== undefined && !(Number(values.rate) > 0)) throw new Error(`--rate must be a number of requests per second above 0, like 2 or 0.5, not "${values.rate as string}"`);
  } catch (error) {
    log.error(`${(error as Error).message}\n\n${IMPORT_USAGE}`);
    return 2;
  }
  const started = performance.now();
  let result: Awaited<ReturnType<typeof importArchive>>;
  try {
    result = await importArchive({
      source: url,
      contentDir: values.content as string,
      ...(values.cache !== undefined && { cacheDir: values.cache as string }),
      mediaOrigins: (values['media-origin'] as string[] | undefined) ?? [],
      select,
      client: {
        ...(values.rate !== undefined && { ratePerSecond: Number(values.rate) }),
        ...(values.concurrency !== undefined && { concurrency: Number(values.concurrency) }),
        ...Object.fromEntries(BOUNDS.filter(({ option }) => values[option] !== undefined).map(({ option, key, factor }) => [key, Number(values[option]) * factor])),
      },
      ...(values['page-budget'] !== undefined && { paging: { pageBudget: Number(values['page-budget']) } }),
      log,
      progress: createReporter(process.stderr, IMPORT_GAUGE),
    });
  } catch (error) {
    // The root index or a reference list stayed unreadable: nothing can be imported without them.
    if (!(error instanceof BadAnswer || error instanceof HttpRefusal || error instanceof ApiShapeError || error instanceof OriginRefused || error instanceof SourceGaveUp || error instanceof StagingRefused)) throw error;
    log.error(`error ${error.message}; nothing was imported`);
    return 1;
  }
  if (result.skipped.length) log.info(`not published by ${url}, so not imported:\n${result.skipped.map((line) => `  ${line}`).join('\n')}`);
  for (const line of result.failed) log.error(`error ${line}`);
  log.info(
    `imported into ${values.content as string}/: ${result.requests.imported} requests (${result.requests.upToDate} up to date), ` +
      `${result.documents.imported} documents (${result.documents.upToDate} up to date), ${result.files.downloaded} files downloaded (${result.files.present} present); ` +
      `${result.written} files written, ${result.unchanged} unchanged; ${result.httpRequests} HTTP requests in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.stopped) log.error(`the import stopped early: the source failed too many URLs in a row; what was imported before stays`);
  if (result.failed.length) log.error(`${result.failed.length} objects were not imported; run the import again to retry them`);
  return result.failed.length ? 1 : 0;
}

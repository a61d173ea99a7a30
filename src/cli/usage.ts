/**
 * The command line of `archive`: its usage text, its options and how they are read.
 */
import { parseArgs } from 'node:util';
import { DEFAULTS } from '../config.ts';

export const USAGE = `Usage: archive <command> [options]

Commands:
  build     validate content/, process PDFs and write build/ (replaced only on success)
  derive    process PDFs only, into the media store's derivative cache (no build/): a backlog, split
            across machines with --shard
  check     validate content/ only (no PDF work): fast, for every pull request
  serve     serve build/ on http://${DEFAULTS.host}:${DEFAULTS.port} (this machine only; see --host) with production routing
  start     build for http://localhost:<port>, serve it, and rebuild on every change of content/
            (--no-watch: build and serve only)
  prune     delete media objects no recent build references (docs/deploy.md, Retention)
  schemas   write the JSON Schemas for editors to content/schemas/
  import    read a froide instance's API into content/: archive import <froide API URL> (archive import --help)
  init      start an archive of one's own: archive init <folder> makes a new repository with an empty
            content/ (site.yaml from --title, --base-url, --media-url, --site-url, asked for on a
            terminal when missing), this program, netlify.toml and the GitHub workflows

Options:
  --content <dir>     content directory (default: ${DEFAULTS.contentDir})
  --out <dir>         build directory (default: ${DEFAULTS.buildDir})
  --cache <dir>       what earlier runs did (parse results of content files, file digests,
                      the output record, a local mirror of the PDF derivative cache, which lives in the
                      media store); only costs time when missing (default: ${DEFAULTS.cacheDir})
  --base-url <url>    override base_url (also: BASE_URL)
  --port <n>          port for serve/start, 0 for any free one (also: PORT; default: ${DEFAULTS.port})
  --host <address>    address serve/start listen on (also: HOST; default: ${DEFAULTS.host}, this machine only;
                      0.0.0.0 for every interface, as a container or a VM needs; then also pass
                      --base-url with the address clients use, for the links in answers)
  --no-images         skip page images (PDF facts only)
  --no-downloads      build: leave out the data downloads, Parquet and NDJSON of every object under
                      downloads/ (docs/downloads.md); a build without them can be a patch build
  --no-watch          start: do not watch content/ (build once, then serve; for CI and scripts)
  --pdf-budget <d>    build/derive: start no PDF work after this long (90s, 10m, 1.5h, none); what is
                      not done is published as pending and the next build continues (also: PDF_BUDGET;
                      default: none, on Netlify ${DEFAULTS.netlifyPdfBudget})
  --max-files <n>     build/start: the most files build/ may hold; a build with more fails and leaves
                      build/ as it was (also: DEPLOY_MAX_FILES; default: ${DEFAULTS.deployLimits.files.toLocaleString('en')};
                      docs/deploy.md says what more files cost on Netlify)
  --layout <l>        build/start: loose (every detail and default-limit page also a file under
                      api/v1/), packed (details and pages in packs only), or auto (default: loose while the
                      build fits --max-files, packed beyond; docs/serving.md, "Layouts")
  --shard <i/n>       derive: only the PDFs of shard i of n (by content hash), e.g. 2/4
  --format <f>        problem output for check/build: human (default) or github
  --media-store <s>   media store for build/derive/serve/start/prune: a folder, or netlify-blobs:<store name>
                      (also: MEDIA_STORE; default: ${DEFAULTS.mediaStore}, on Netlify netlify-blobs:${DEFAULTS.mediaBlobsStore})
  --keep-days <n>     prune: keep objects of builds younger than this (default: ${DEFAULTS.mediaKeepDays})
  --keep-builds <n>   prune: keep objects of the newest builds (default: ${DEFAULTS.mediaKeepBuilds})
  --dry-run           prune: say what would be deleted, delete nothing
  --title <text>      init: the archive's title
  --media-url <url>   init: media_url of site.yaml (default: /media/)
  --site-url <url>    init: site_url of site.yaml, the HTML pages the API links to (default: the base URL)
  --verbose           build: say each stage's time as it ends, and how many content files were parsed
  --explain           build: say what the build keeps of the previous one (reuse, patch or rebuild), per unit, and why
`;

export type Options = {
  content: string;
  out: string;
  cache: string;
  'base-url'?: string;
  port: string;
  host: string;
  'no-images': boolean;
  'no-downloads': boolean;
  'no-watch': boolean;
  'pdf-budget'?: string;
  'max-files'?: string;
  layout?: string;
  shard?: string;
  format: string;
  'media-store'?: string;
  'keep-days': string;
  'keep-builds': string;
  'dry-run': boolean;
  verbose: boolean;
  explain: boolean;
  help: boolean;
  title?: string;
  'media-url'?: string;
  'site-url'?: string;
};

export function parseCommandLine(argv: string[]): { command: string | undefined; args: string[]; options: Options } {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      content: { type: 'string', default: DEFAULTS.contentDir },
      out: { type: 'string', default: DEFAULTS.buildDir },
      cache: { type: 'string', default: DEFAULTS.cacheDir },
      'base-url': { type: 'string' },
      port: { type: 'string', default: process.env.PORT || String(DEFAULTS.port) },
      host: { type: 'string', default: process.env.HOST || DEFAULTS.host },
      'no-images': { type: 'boolean', default: false },
      'no-downloads': { type: 'boolean', default: false },
      'no-watch': { type: 'boolean', default: false },
      'pdf-budget': { type: 'string' },
      'max-files': { type: 'string' },
      layout: { type: 'string' },
      shard: { type: 'string' },
      format: { type: 'string', default: process.env.GITHUB_ACTIONS ? 'github' : 'human' },
      'media-store': { type: 'string' },
      'keep-days': { type: 'string', default: String(DEFAULTS.mediaKeepDays) },
      'keep-builds': { type: 'string', default: String(DEFAULTS.mediaKeepBuilds) },
      'dry-run': { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      explain: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      title: { type: 'string' },
      'media-url': { type: 'string' },
      'site-url': { type: 'string' },
    },
  });
  return { command: positionals[0], args: positionals.slice(1), options: values };
}

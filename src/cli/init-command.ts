/**
 * `archive init <folder>`: a new repository for an archive of one's own (docs/deploy.md,
 * "Going live on Netlify, step by step"). It holds this program (src/, package.json and its
 * lock, netlify.toml, the docs), an empty content/ with site.yaml and the reference lists an
 * archive starts from, the editors' JSON Schemas, the GitHub workflows (test: the content
 * check; deploy; prune, daily; derive for a PDF backlog) and a README for the new repository.
 * The settings come from the options, and are asked for on a terminal when missing.
 */
import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import type { Logger } from '../log.ts';
import { schemas } from './upkeep-commands.ts';
import type { Options } from './usage.ts';

/** This program's own folder (the repository root), which the new repository copies. */
const ROOT = resolve(new URL('../..', import.meta.url).pathname);

/** What the new repository takes of this one, as they are. */
const COPIED = ['src', 'docs', 'tsconfig.json', 'netlify.toml', '.nvmrc', '.gitignore', 'package-lock.json'];
/** The workflows it takes, by their name there: the content check is its test. */
const WORKFLOWS: Record<string, string> = { 'test.yml': 'content.yml', 'build-deploy.yml': 'build-deploy.yml', 'prune.yml': 'prune.yml', 'derive.yml': 'derive.yml' };
/** The scripts of package.json that make sense without this repository's tests, benchmarks and tools. */
const SCRIPTS = ['start', 'build', 'derive', 'check', 'serve', 'prune', 'schemas', 'import', 'init'];

interface SiteSettings {
  title: string;
  base_url: string;
  media_url: string;
  site_url: string;
}

/** The reference lists an archive starts from, each empty, with what it holds. */
const LISTS: [file: string, schema: string, what: string][] = [
  ['jurisdictions.yaml', 'jurisdiction', 'Jurisdictions (e.g. the federation and its states). rank sorts them.'],
  ['laws.yaml', 'law', 'Freedom-of-information laws; each names its jurisdiction.'],
  ['classifications.yaml', 'classification', 'Kinds of public bodies, as a tree (parent).'],
  ['categories.yaml', 'category', 'Subject areas of public bodies, as a tree; is_topic marks the main topics.'],
  ['campaigns.yaml', 'campaign', 'Campaigns that requests can belong to.'],
];

/** What is wrong with a setting, or null. */
function settingProblem(key: keyof SiteSettings, value: string): string | null {
  if (key === 'title') return value.trim() ? null : 'the title must not be empty';
  if (key === 'media_url' && value.startsWith('/')) return value.endsWith('/') ? null : 'media_url must end with "/", e.g. /media/';
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(url.protocol);
  } catch {
    return `${key} "${value}" is not an absolute http(s) URL${key === 'media_url' ? ' or a path like /media/' : ''}`;
  }
  return null;
}

/** The settings from the options, the missing ones asked for on a terminal; null after saying what is missing. */
async function siteSettings(options: Options, log: Logger): Promise<SiteSettings | null> {
  const given: Partial<SiteSettings> = {
    ...(options.title !== undefined && { title: options.title }),
    ...(options['base-url'] !== undefined && { base_url: options['base-url'] }),
    ...(options['media-url'] !== undefined && { media_url: options['media-url'] }),
    ...(options['site-url'] !== undefined && { site_url: options['site-url'] }),
  };
  const questions: [keyof SiteSettings, string, () => string | undefined][] = [
    ['title', 'Title of the archive', () => undefined],
    ['base_url', "The API's public address (e.g. https://<site>.netlify.app)", () => undefined],
    ['media_url', 'Where media files are served', () => '/media/'],
    ['site_url', 'The HTML site the API links to (froide pages)', () => given.base_url],
  ];
  const terminal = process.stdin.isTTY && process.stderr.isTTY;
  const prompt = terminal ? createInterface({ input: process.stdin, output: process.stderr }) : null;
  try {
    for (const [key, question, fallback] of questions) {
      while (given[key] === undefined) {
        const preset = fallback();
        if (!prompt) {
          if (preset === undefined) {
            log.error(`archive init needs --${key.replace('_', '-')} (or a terminal to ask on): archive init <folder> --title <title> --base-url <url> [--media-url <url>] [--site-url <url>]`);
            return null;
          }
          given[key] = preset;
          break;
        }
        const answer = (await prompt.question(`${question}${preset ? ` [${preset}]` : ''}: `)).trim() || preset || '';
        const wrong = settingProblem(key, answer);
        if (wrong) log.error(wrong);
        else given[key] = answer;
      }
      const wrong = settingProblem(key, given[key]);
      if (wrong) {
        log.error(wrong);
        return null;
      }
    }
  } finally {
    prompt?.close();
  }
  return given as SiteSettings;
}

/** A YAML string as a double-quoted scalar (JSON's escapes are YAML's). */
const quoted = (value: string) => JSON.stringify(value);

function siteYaml(settings: SiteSettings, now: Date): string {
  return [
    '# yaml-language-server: $schema=./schemas/site.schema.json',
    '# Site settings. base_url, media_url and site_url can be overridden by BASE_URL, MEDIA_URL, SITE_URL.',
    `title: ${quoted(settings.title)}`,
    `base_url: ${settings.base_url}`,
    `media_url: ${settings.media_url}`,
    `site_url: ${settings.site_url}`,
    `updated_at: ${now.toISOString().slice(0, 19)}+00:00`,
    '',
  ].join('\n');
}

function readme(settings: SiteSettings): string {
  return `# ${settings.title}

A freedom-of-information archive, published as a read-only API compatible with froide's
API v1 (FragDenStaat) at ${settings.base_url}/api/v1/. Editors keep it in git as YAML and PDF
files under \`content/\`; [docs/content-guide.md](docs/content-guide.md) describes every key.

After \`npm ci\` (Node, the version in \`.nvmrc\`):

    npm run check   # validate content/ (seconds; what the test workflow runs on every pull request)
    npm start       # build, serve at http://127.0.0.1:8080/api/v1/ and rebuild on every change of content/

Going live on Netlify, step by step: [docs/deploy.md](docs/deploy.md). The workflows in
\`.github/workflows/\`: \`test.yml\` checks content/ on every pull request and push,
\`build-deploy.yml\` builds and deploys from GitHub Actions once an archive outgrows Netlify's
build time, \`prune.yml\` deletes every day the media objects no recent build references, and
\`derive.yml\` works off a large PDF backlog on many machines.
`;
}

export async function init(folder: string | undefined, options: Options, log: Logger): Promise<number> {
  if (!folder) {
    log.error('archive init needs a folder: archive init <folder> [--title <title>] [--base-url <url>] [--media-url <url>] [--site-url <url>]');
    return 2;
  }
  const target = resolve(folder);
  const present = await readdir(target).catch(() => []);
  if (present.length > 0) {
    log.error(`${folder}/ is not empty: archive init makes a new repository in an empty or new folder`);
    return 1;
  }
  const settings = await siteSettings(options, log);
  if (!settings) return 2;

  for (const path of COPIED) await cp(join(ROOT, path), join(target, path), { recursive: true });
  await mkdir(join(target, '.github/workflows'), { recursive: true });
  for (const [name, source] of Object.entries(WORKFLOWS)) await cp(join(ROOT, '.github/workflows', source), join(target, '.github/workflows', name));
  const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  pkg.scripts = Object.fromEntries(SCRIPTS.filter((name) => pkg.scripts[name]).map((name) => [name, pkg.scripts[name]!]));
  // `npm test` in the new repository is the content check; this repository's own suite stays here.
  pkg.scripts.test = pkg.scripts.check!;
  await writeFile(join(target, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  await writeFile(join(target, 'README.md'), readme(settings));

  const content = join(target, 'content');
  await mkdir(content, { recursive: true });
  await writeFile(join(content, 'site.yaml'), siteYaml(settings, new Date()));
  for (const [file, schema, what] of LISTS) {
    await writeFile(join(content, file), `# yaml-language-server: $schema=./schemas/${schema}.schema.json\n# ${what}\n[]\n`);
  }
  await schemas({ ...options, content }, { ...log, info: () => {} });
  log.info(`made ${folder}/: an empty archive in ${folder}/content/ for ${settings.base_url}, with this program, netlify.toml and the workflows (test, build-deploy, prune, derive)`);
  log.info(`next: cd ${folder} && git init && npm ci && npm run check && npm start; then docs/deploy.md`);
  return 0;
}

/**
 * One typed settings object with every default in one place.
 * Sources, later wins: content/site.yaml < environment < explicit overrides (CLI flags).
 *
 * Every stage may import this module (docs/architecture.md, "Import order"), so it imports none
 * but src/lib/: the types of settings (URLs, deploy limits) are declared here, token keys in
 * src/formats/token-keys.ts.
 */

import { type TokenKey, DEVELOPMENT_KEY, weakKeyProblem, weakKeysAdvice, isProductionContext, parseTokenKeys } from './formats/token-keys.ts';
import type { UrlSettings } from './formats/manifest.ts';

/** The deploy target's limits every build checks its output against (src/output/limits.ts). */
export interface DeployLimits {
  /** Entries (files and folders) in one folder. Netlify: "a limit of 54,000 files per directory" (Site deploys overview). */
  entriesPerFolder: number;
  /** Bytes of one file. Netlify: "Files over 10 MByte in size are not well-supported by our CDN" (build gotchas). */
  fileBytes: number;
  /**
   * Files in the whole deploy. Netlify documents none, but every deploy sends the whole
   * path-to-hash map in one request, Netlify diffs it on every deploy, and deploys of 58,000-65,000
   * files failed with 502s while diffing (netlify/cli#484); the default is our ceiling, not a
   * Netlify figure (docs/deploy.md, "How many files a deploy can take"). `--max-files` or
   * DEPLOY_MAX_FILES raises it (deployLimits below).
   */
  files: number;
  /** Rules in `_redirects`. Netlify: "If you need to set up 10,000 redirects or more, we recommend using wildcards" (Redirects and rewrites). */
  redirectRules: number;
  /** Header path blocks in `_headers` (Netlify documents no figure; the same order as redirects). */
  headerRules: number;
  /**
   * Bytes of `_redirects` and of `_headers` each. Netlify: "If the size of this output is too
   * large, the deploy might fail" (no figure); 1 MB is ~100 times what this project writes.
   */
  routingFileBytes: number;
}



export const DEFAULTS = {
  contentDir: 'content',
  buildDir: 'build',
  cacheDir: '.cache/archive',
  /** The media store (src/media/): a folder locally, a site-wide Netlify Blobs store on Netlify. */
  mediaStore: '.cache/media',
  mediaBlobsStore: 'archive-media',
  /** `archive prune`: objects of builds younger than this, or of the newest builds, stay. */
  mediaKeepDays: 90,
  mediaKeepBuilds: 10,
  port: 8080,
  host: '127.0.0.1',
  mediaPath: '/media/',
  /**
   * Lifetime of a media token in seconds, from the answer that mints it (MEDIA_TOKEN_TTL):
   * froide's FOI_MEDIA_TOKEN_EXPIRY (docs/architecture.md, Tokens).
   */
  tokenTtl: 120,
  /** froide renders date-times in the site's zone (docs/froide.md#values). */
  timeZone: 'Europe/Berlin',
  /**
   * `build --pdf-budget` on Netlify, whose builds stop after 15 minutes: 9 minutes
   * of PDF work leave ~6 for the rest, measured or estimated in docs/pdf.md (Time budget):
   * install, cache restore and save, loading and writing a large archive, the parts under way
   * when the budget ends. None elsewhere. PDF_BUDGET overrides it, `none` lifts it.
   */
  netlifyPdfBudget: '9m',
  /** `build --layout`: loose while the build fits `--max-files`, packed beyond (src/output/layout.ts). */
  layout: 'auto',
  /** The deploy target's limits every build checks its output against (src/output/limits.ts explains each figure). */
  deployLimits: {
    entriesPerFolder: 54_000,
    fileBytes: 10 * 1000 * 1000,
    files: 100_000,
    redirectRules: 10_000,
    headerRules: 10_000,
    routingFileBytes: 1000 * 1000,
  } satisfies DeployLimits,
} as const;

/** What content/site.yaml may say (validated by the content stage). */
export interface SiteFile {
  title: string;
  base_url: string;
  media_url?: string | undefined;
  site_url?: string | undefined;
  /** `auto`, `loose` or `packed` (src/output/layout.ts); `--layout` wins. */
  layout?: 'auto' | 'loose' | 'packed' | undefined;
  /** Default `last_modified_at` of records that do not carry their own. */
  updated_at: string;
}

export interface Settings {
  title: string;
  urls: UrlSettings;
  /** First key signs, all keys verify. */
  tokenKeys: TokenKey[];
  /** Seconds a minted media token is valid (the serving side reads MEDIA_TOKEN_TTL itself: tokenTtlOf). */
  tokenTtl: number;
  /** Build clock in Unix seconds; SOURCE_DATE_EPOCH makes it reproducible. */
  now: number;
  /** Production builds refuse the development token key. */
  production: boolean;
  defaultUpdatedAt: string;
  /** The layout site.yaml asks for (default DEFAULTS.layout); `--layout` wins (BuildOptions.layout). */
  layout: 'auto' | 'loose' | 'packed';
}

export interface SettingsOverrides {
  baseUrl?: string | undefined;
  mediaUrl?: string | undefined;
  siteUrl?: string | undefined;
  now?: number | undefined;
}

export type Env = Record<string, string | undefined>;

export class SettingsError extends Error {
  override name = 'SettingsError';
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function absolute(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new SettingsError(`${name} "${value}" is not an absolute URL; write it as https://host/path`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new SettingsError(`${name} "${value}" must use http or https`);
  }
  return stripSlash(url.href);
}

/** What says this runs under Netlify (NETLIFY, NETLIFY_LOCAL, a Blobs context; not CONTEXT alone), or null: docs/netlify.md#contexts. */
export function netlifySign(env: Env): string | null {
  if (env.NETLIFY === 'true') return 'NETLIFY=true';
  if (env.NETLIFY_LOCAL === 'true') return 'NETLIFY_LOCAL=true';
  if (env.ARCHIVE_BLOBS_CONTEXT) return 'ARCHIVE_BLOBS_CONTEXT';
  if (env.NETLIFY_BLOBS_CONTEXT) return 'NETLIFY_BLOBS_CONTEXT';
  return null;
}

/**
 * Netlify sets URL (the site's main address) and DEPLOY_PRIME_URL (the address of this
 * deploy: a preview or branch deploy). Production builds use URL, everything else gets its
 * own address so that links in a preview stay inside the preview. Local builds (NETLIFY_LOCAL:
 * no URL, a placeholder DEPLOY_PRIME_URL) keep BASE_URL or site.yaml's base_url.
 */
function netlifyBaseUrl(env: Env): string | undefined {
  if (!env.NETLIFY) return undefined;
  return env.CONTEXT === 'production' ? env.URL : (env.DEPLOY_PRIME_URL ?? env.URL);
}

export function resolveSettings(site: SiteFile, env: Env, overrides: SettingsOverrides = {}): Settings {
  const baseUrl = absolute('base_url', overrides.baseUrl ?? env.BASE_URL ?? netlifyBaseUrl(env) ?? site.base_url);
  // A relative media/site URL follows the base URL, so a deploy preview or localhost gets
  // its own media links without further settings.
  const mediaSource = overrides.mediaUrl ?? env.MEDIA_URL ?? site.media_url ?? DEFAULTS.mediaPath;
  const mediaUrl = `${absolute('media_url', new URL(mediaSource, `${baseUrl}/`).href)}/`;
  const siteSource = overrides.siteUrl ?? env.SITE_URL ?? site.site_url ?? baseUrl;
  const siteUrl = absolute('site_url', new URL(siteSource, `${baseUrl}/`).href);

  const production = isProductionContext((name) => env[name]);
  const tokenKeys = env.MEDIA_TOKEN_KEYS ? parseTokenKeys(env.MEDIA_TOKEN_KEYS) : [DEVELOPMENT_KEY];
  const weak = production ? tokenKeys.map(weakKeyProblem).filter((problem) => problem !== null) : [];
  if (weak.length > 0) throw new SettingsError(`This is a production build. ${weakKeysAdvice(weak)}`);

  if (env.MEDIA_TOKEN_TTL_DAYS !== undefined) {
    throw new SettingsError(
      'MEDIA_TOKEN_TTL_DAYS is no longer read: media tokens are minted when an answer is made and live MEDIA_TOKEN_TTL seconds ' +
        `(default ${DEFAULTS.tokenTtl}). Remove MEDIA_TOKEN_TTL_DAYS from the environment (docs/deploy.md).`,
    );
  }
  const ttl = tokenTtlOf(env.MEDIA_TOKEN_TTL);

  let now = overrides.now;
  if (now === undefined && env.SOURCE_DATE_EPOCH !== undefined) {
    now = Number(env.SOURCE_DATE_EPOCH);
    if (!Number.isInteger(now) || now < 0) {
      throw new SettingsError(`SOURCE_DATE_EPOCH "${env.SOURCE_DATE_EPOCH}" must be Unix seconds`);
    }
  }

  return {
    title: env.TITLE ?? site.title,
    urls: { baseUrl, mediaUrl, siteUrl },
    tokenKeys,
    tokenTtl: ttl,
    now: now ?? Math.floor(Date.now() / 1000),
    production,
    defaultUpdatedAt: site.updated_at,
    layout: site.layout ?? DEFAULTS.layout,
  };
}

export type MediaStoreSpec = { kind: 'folder'; path: string } | { kind: 'netlify-blobs'; name: string };

const BLOBS_PREFIX = 'netlify-blobs:';

/**
 * Where media objects live: `--media-store` < MEDIA_STORE < the default, which is the site's
 * Netlify Blobs store under Netlify (netlifySign: on its build machines and in its local
 * builds) and the folder elsewhere; under Netlify a folder is used only when named.
 * `netlify-blobs:<name>` names a Blobs store, anything else a folder.
 */
export function mediaStoreSpec(flag: string | undefined, env: Env): MediaStoreSpec {
  const value = flag ?? env.MEDIA_STORE ?? (netlifySign(env) ? BLOBS_PREFIX + DEFAULTS.mediaBlobsStore : DEFAULTS.mediaStore);
  if (!value.startsWith(BLOBS_PREFIX)) return { kind: 'folder', path: value };
  return { kind: 'netlify-blobs', name: value.slice(BLOBS_PREFIX.length) || DEFAULTS.mediaBlobsStore };
}

/**
 * The PDF stage's time budget in ms, or undefined for none: `--pdf-budget` < PDF_BUDGET < on
 * Netlify's build machines (NETLIFY=true: their build time is limited; a local `netlify build`
 * is not) DEFAULTS.netlifyPdfBudget < none.
 */
export function pdfBudgetMs(flag: string | undefined, env: Env): number | undefined {
  const value = flag ?? env.PDF_BUDGET ?? (env.NETLIFY ? DEFAULTS.netlifyPdfBudget : undefined);
  if (value === undefined || value === 'none') return undefined;
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(value.trim());
  if (!match) throw new SettingsError(`PDF budget "${value}" is not a duration: write it as 90s, 10m or 1.5h (or none)`);
  return Math.round(Number(match[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] as 'ms' | 's' | 'm' | 'h']);
}

/**
 * MEDIA_TOKEN_TTL: the lifetime of minted media tokens in whole seconds (default
 * DEFAULTS.tokenTtl). The build checks it; the API function, the Edge Functions and the preview
 * read it where they mint and verify.
 */
export function tokenTtlOf(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULTS.tokenTtl;
  const ttl = Number(value);
  if (!Number.isInteger(ttl) || ttl < 1 || ttl > 86_400) {
    throw new SettingsError(`MEDIA_TOKEN_TTL "${value}" must be a whole number of seconds from 1 to 86400 (default ${DEFAULTS.tokenTtl})`);
  }
  return ttl;
}

/**
 * The deploy limits of a build: DEFAULTS.deployLimits, with the files limit from `--max-files` <
 * DEPLOY_MAX_FILES < the default. An operator whose host takes more files (or who accepts slower
 * deploys) raises it; docs/deploy.md says what each figure costs on Netlify.
 */
export function deployLimits(flag: string | undefined, env: Env): DeployLimits {
  const value = flag ?? env.DEPLOY_MAX_FILES;
  if (value === undefined) return DEFAULTS.deployLimits;
  const files = /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!Number.isSafeInteger(files) || files < 1) {
    throw new SettingsError(`the files limit "${value}" (--max-files, DEPLOY_MAX_FILES) is not a whole number of files, at least 1: write it as 250000`);
  }
  return { ...DEFAULTS.deployLimits, files };
}

/**
 * Builds a content tree for real (load, model, PDF stage, serializers, writer, media upload)
 * into a temp dir, with a folder media store there too, and reads the result back. Page
 * images are off by default to keep tests fast; the PDF stage's own tests cover images.
 * buildTree's folder is removed when the test that made it ends, or by `remove()`.
 */
import { existsSync } from 'node:fs';
import { cp, readFile, readdir, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import { buildArchive, type BuildOptions, type BuildResult } from '../../src/build.ts';
import { startPreviewServer, type PreviewServer } from '../../src/serve/preview/server.ts';
import type { Env } from '../../src/config.ts';
import { folderMediaStore } from '../../src/media/media-folder-store.ts';
import type { MediaStore } from '../../src/media/media-store.ts';
import { tempDir, writeTree, type Tree } from './content.ts';
import type { ResourceName } from '../../src/formats/resource-names.ts';
import { createApiHandler, loadManifest } from '../../src/serve/api/handler.ts';
import { fsBuildStore } from '../../src/serve/shared/fs-build-store.ts';
import { readDetail } from '../../src/serve/shared/pack-reader.ts';
import { parseApiJson } from '../../src/formats/json.ts';
import { DEVELOPMENT_TOKENS, mintText } from '../../src/serve/shared/minting.ts';
import type { LayoutChoice } from '../../src/output/layout.ts';
import { PAGE_SIZE } from '../../src/api/resources/declaration-spec.ts';

export const BUILD_CLOCK = 1_717_243_200; // 2024-06-01T12:00:00Z

/** The layouts a test matrix runs over (src/output/layout.ts): the suite's tests against both. */
export const LAYOUTS = ['loose', 'packed'] as const;

export interface BuiltTree {
  root: string;
  buildDir: string;
  /** Where the build put its media objects. */
  media: MediaStore;
  result: BuildResult;
  /** The file as the API answers it: its token slots minted at BUILD_CLOCK with the development key. */
  json<T = any>(path: string): Promise<T>;
  /** The file's stored text (token slots as they are). */
  text(path: string): Promise<string>;
  /** An object's detail as the API answers it (from its pack), parsed; throws when there is none. */
  detail<T = any>(resource: ResourceName, id: number | string): Promise<T>;
  /** A list page at limit 50 as the API answers `?limit=50&offset=<offset>`, parsed. */
  page<T = any>(resource: ResourceName, offset: number): Promise<T>;
  /** The file's stored value (token slots as value slots, src/formats/token-slots.ts). */
  stored<T = any>(path: string): Promise<T>;
  files(): Promise<string[]>;
  remove(): Promise<void>;
}

/**
 * Reads a build's details and list pages through the serving layer's own readers, as the API
 * answers them: token slots minted at BUILD_CLOCK with the development key.
 */
export function builtReaders(buildDir: string): Pick<BuiltTree, 'detail' | 'page'> {
  const store = fsBuildStore(buildDir);
  const tokens = { ...DEVELOPMENT_TOKENS, now: () => BUILD_CLOCK };
  const api = createApiHandler({ store, tokens });
  return {
    async detail(resource, id) {
      const bytes = await readDetail(store, resource, String(id));
      if (bytes === null) throw new Error(`${resource} ${id} has no detail in ${buildDir}`);
      const { urls } = await loadManifest(store);
      return JSON.parse(await mintText(new TextDecoder().decode(bytes), tokens, urls.mediaUrl));
    },
    async page(resource, offset) {
      const response = await api(new Request(`http://build.test/api/v1/${resource}/?limit=50&offset=${offset}`));
      if (response.status !== 200) throw new Error(`${resource} offset ${offset} answered ${response.status}: ${await response.text()}`);
      return response.json();
    },
  };
}

/**
 * Reads details and list pages over HTTP as a client does (`get` fetches a path of the archive
 * from whatever serves it, the preview or a deploy), in either layout: a 404 detail throws
 * "has no detail", as builtReaders' does.
 */
export function servedReaders(get: (path: string) => Promise<Response>): Pick<BuiltTree, 'detail' | 'page'> {
  const read = async (path: string, missing: string) => {
    const response = await get(path);
    if (response.status === 404) throw new Error(missing);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  return {
    detail: (resource, id) => read(`/api/v1/${resource}/${id}/`, `${resource} ${id} has no detail`),
    page: (resource, offset) => read(`/api/v1/${resource}/?limit=${PAGE_SIZE}&offset=${offset}`, `${resource} has no page at offset ${offset}`),
  };
}

export async function listFiles(root: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(join(root, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(root, path)));
    else out.push(path);
  }
  return out.sort();
}

/** Every file of a tree with its inode and its bytes (base64): what tests of a kept build/ compare. */
export async function snapshotTree(root: string): Promise<Map<string, { ino: number; bytes: string }>> {
  const files = await listFiles(root);
  return new Map(await Promise.all(files.map(async (file) => [file, { ino: (await stat(join(root, file))).ino, bytes: (await readFile(join(root, file))).toString('base64') }] as const)));
}

/** A snapshot's bytes alone, by path. */
export const bytesOfTree = (tree: Map<string, { bytes: string }>) => new Map([...tree].map(([file, { bytes }]) => [file, bytes]));

/** Sets every file under `dir` a minute into the past, so that a scan trusts their signatures (not written within 2 s). */
export async function ageFiles(dir: string): Promise<void> {
  const past = new Date(Date.now() - 60_000);
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) await utimes(join(entry.parentPath, entry.name), past, past);
  }
}

/** A build's state: its cache folder and its folder media store; a string is a folder holding both as `cache/` and `media/`. */
export type BuildState = string | { cache: string; media: string };

const stateDirs = (state: BuildState) => (typeof state === 'string' ? { cache: join(state, 'cache'), media: join(state, 'media') } : state);

/**
 * Copies the PDF derivative cache of one build's state into another: the media store, which
 * holds the entries and page images, and the local mirror of both (`entries/` and `files/` of
 * the cache folder). The parse cache, the output-reuse record and everything else of the
 * target stay as they are. For tests whose subject is not the PDF stage, so a "fresh" state
 * need not derive the same PDFs again.
 */
export async function copyPdfDerivatives(fromState: BuildState, toState: BuildState): Promise<void> {
  const from = stateDirs(fromState);
  const to = stateDirs(toState);
  await cp(from.media, to.media, { recursive: true });
  for (const folder of ['entries', 'files']) {
    // A build without page images stores no files.
    if (existsSync(join(from.cache, folder))) await cp(join(from.cache, folder), join(to.cache, folder), { recursive: true });
  }
}

export async function buildTree(
  tree: Tree,
  options: { env?: Env; images?: boolean; cacheDir?: string; buildDir?: string; media?: MediaStore; pdf?: BuildOptions['pdf']; layout?: LayoutChoice; downloads?: boolean } = {},
): Promise<BuiltTree> {
  const dir = await tempDir('archive-build-');
  // Called in a test, the folder goes when the test ends (whatever the test does with it); in
  // a hook its caller removes it (serveTree's afterAll), and the run's temp root goes at the end
  // (test/global-setup.ts). vitest refuses the hook outside a test; the name in expect's state
  // can be a finished test's while a later describe's beforeAll runs, so ask the hook itself.
  try {
    onTestFinished(dir.remove);
  } catch {
    // In a hook: the caller removes the folder.
  }
  const contentDir = join(dir.path, 'content');
  await writeTree(contentDir, tree);
  const buildDir = options.buildDir ?? join(dir.path, 'build');
  const media = options.media ?? folderMediaStore(join(dir.path, 'media'));
  // A build that fails (content errors a test expects) hands back no folder to remove: remove it here.
  const result = await buildArchive({
    contentDir,
    buildDir,
    cacheDir: options.cacheDir ?? join(dir.path, 'cache'),
    media,
    env: { SOURCE_DATE_EPOCH: String(BUILD_CLOCK), ...options.env },
    images: options.images ?? false,
    ...(options.pdf && { pdf: options.pdf }),
    ...(options.layout && { layout: options.layout }),
    ...(options.downloads && { downloads: true }),
  }).catch(async (error: unknown) => {
    await dir.remove();
    throw error;
  });
  return {
    root: dir.path,
    buildDir,
    media,
    result,
    json: async (path) => JSON.parse(await mintText(await readFile(join(buildDir, path), 'utf8'), { ...DEVELOPMENT_TOKENS, now: () => BUILD_CLOCK }, result.settings.urls.mediaUrl)),
    text: (path) => readFile(join(buildDir, path), 'utf8'),
    ...builtReaders(buildDir),
    stored: async (path) => parseApiJson(await readFile(join(buildDir, path), 'utf8')) as any,
    files: () => listFiles(buildDir),
    remove: dir.remove,
  };
}

export interface ServedTree {
  /** The build, once `beforeAll` has run. */
  readonly built: BuiltTree;
  /** A real HTTP request to the preview server (production routing). */
  get(path: string, init?: RequestInit): Promise<Response>;
}

/**
 * Registers `beforeAll`/`afterAll` that build `tree` for real and serve it with the local
 * preview over a real socket, as `npm start` does; tears both down afterwards. The preview's
 * clock is the build clock unless `now` gives another (tokens are minted and checked by it).
 */
export function serveTree(tree: Tree | (() => Tree | Promise<Tree>), options: Parameters<typeof buildTree>[1] & { now?: () => number } = {}): ServedTree {
  let built: BuiltTree | undefined;
  let server: PreviewServer | undefined;
  beforeAll(async () => {
    built = await buildTree(typeof tree === 'function' ? await tree() : tree, options);
    server = await startPreviewServer({ buildDir: built.buildDir, media: built.media, port: 0, env: {}, now: options.now ?? (() => BUILD_CLOCK) });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await built?.remove();
  });
  return {
    get built() {
      if (!built) throw new Error('serveTree: the build runs in beforeAll');
      return built;
    },
    get: (path, init) => fetch(new URL(path, server!.url), init),
  };
}

export interface ServedSample {
  /** The preview's address, with trailing slash. */
  readonly url: string;
  readonly buildDir: string;
  /** Where the build put its media objects; the preview serves them from there. */
  readonly media: MediaStore;
  readonly result: BuildResult;
  /** A URL of the archive (under `baseUrl`, or a path) on the preview server. */
  local(url: string): URL;
  /** The build's cache folder (the project's) and its media store's folder. */
  readonly state: { cache: string; media: string };
}

/** The PDF cache of sample archive builds: the project's (git-ignored). */
const SAMPLE_CACHE = '.cache/archive';

/**
 * Registers `beforeAll`/`afterAll` that build the committed sample archive (content/) with
 * `baseUrl` and serve it with the local preview over a real socket. The PDF cache is the
 * project's (`.cache/archive`, git-ignored): cold on CI (~20 s of rendering), warm locally.
 * Register it before any `beforeAll` that uses it. `contentDir` builds another content folder
 * instead (it must exist when the `beforeAll` runs), `cacheDir` with a PDF cache of its own.
 */
export function serveSampleArchive(baseUrl: string, options: { images?: boolean; layout?: LayoutChoice; contentDir?: string; cacheDir?: string; downloads?: boolean } = {}): ServedSample {
  let dir: { path: string; remove(): Promise<void> } | undefined;
  let server: PreviewServer | undefined;
  let result: BuildResult | undefined;
  let media: MediaStore | undefined;
  beforeAll(async () => {
    dir = await tempDir('sample-');
    media = folderMediaStore(join(dir.path, 'media'));
    result = await buildArchive({
      contentDir: options.contentDir ?? 'content',
      buildDir: join(dir.path, 'build'),
      cacheDir: options.cacheDir ?? SAMPLE_CACHE,
      media,
      env: { BASE_URL: baseUrl, SOURCE_DATE_EPOCH: String(BUILD_CLOCK) },
      ...(options.images === undefined ? {} : { images: options.images }),
      ...(options.layout && { layout: options.layout }),
      ...(options.downloads && { downloads: true }),
    });
    server = await startPreviewServer({ buildDir: join(dir.path, 'build'), media, port: 0, env: {}, now: () => BUILD_CLOCK + 100 });
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    await dir?.remove();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('serveSampleArchive: the build runs in beforeAll');
    return value;
  };
  return {
    get url() {
      return ready(server).url;
    },
    get buildDir() {
      return join(ready(dir).path, 'build');
    },
    get media() {
      return ready(media);
    },
    get result() {
      return ready(result);
    },
    local: (url) => new URL(url.startsWith(baseUrl) ? url.slice(baseUrl.length) : url, ready(server).url),
    get state() {
      return { cache: options.cacheDir ?? SAMPLE_CACHE, media: join(ready(dir).path, 'media') };
    },
  };
}

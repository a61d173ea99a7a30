/**
 * Builds a content tree for real (load, model, PDF stage, serializers, writer) into a temp
 * dir and reads the result back. Page images are off by default to keep tests fast; the
 * PDF stage's own tests cover images.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildArchive, type BuildOptions, type BuildResult } from '../../src/build.ts';
import { startPreviewServer, type PreviewServer } from '../../src/serve/preview.ts';
import type { Env } from '../../src/config.ts';
import { tempDir, writeTree, type Tree } from './content.ts';

export const BUILD_CLOCK = 1_717_243_200; // 2024-06-01T12:00:00Z

export interface BuiltTree {
  root: string;
  buildDir: string;
  result: BuildResult;
  json<T = any>(path: string): Promise<T>;
  text(path: string): Promise<string>;
  files(): Promise<string[]>;
  remove(): Promise<void>;
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

export async function buildTree(
  tree: Tree,
  options: { env?: Env; images?: boolean; cacheDir?: string; buildDir?: string; pdf?: BuildOptions['pdf'] } = {},
): Promise<BuiltTree> {
  const dir = await tempDir('archive-build-');
  const contentDir = join(dir.path, 'content');
  await writeTree(contentDir, tree);
  const buildDir = options.buildDir ?? join(dir.path, 'build');
  const result = await buildArchive({
    contentDir,
    buildDir,
    cacheDir: options.cacheDir ?? join(dir.path, 'cache'),
    env: { SOURCE_DATE_EPOCH: String(BUILD_CLOCK), ...options.env },
    images: options.images ?? false,
    ...(options.pdf && { pdf: options.pdf }),
  });
  return {
    root: dir.path,
    buildDir,
    result,
    json: async (path) => JSON.parse(await readFile(join(buildDir, path), 'utf8')),
    text: (path) => readFile(join(buildDir, path), 'utf8'),
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
 * clock is the build clock, so the media tokens the build signed are valid.
 */
export function serveTree(tree: Tree | (() => Tree | Promise<Tree>), options: Parameters<typeof buildTree>[1] = {}): ServedTree {
  let built: BuiltTree | undefined;
  let server: PreviewServer | undefined;
  beforeAll(async () => {
    built = await buildTree(typeof tree === 'function' ? await tree() : tree, options);
    server = await startPreviewServer({ buildDir: built.buildDir, port: 0, env: {}, now: () => BUILD_CLOCK });
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

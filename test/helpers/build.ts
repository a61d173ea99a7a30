/**
 * Builds a content tree for real (load, model, PDF stage, serializers, writer) into a temp
 * dir and reads the result back. Page images are off by default to keep tests fast; the
 * PDF stage's own tests cover images.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { buildArchive, type BuildResult } from '../../src/build.ts';
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
  options: { env?: Env; images?: boolean; cacheDir?: string; buildDir?: string } = {},
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

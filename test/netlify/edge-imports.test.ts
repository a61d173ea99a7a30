/**
 * Edge Functions run on Deno (platform facts A9): everything they import, directly or not,
 * must be web-standard. Follows the static imports of each Edge Function through src/ and
 * asserts that none of them names a Node built-in or a package, except @netlify/blobs (which
 * Netlify's edge bundler resolves from node_modules and which runs on Deno), imported by the
 * Blobs media store alone.
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const EDGE = join(ROOT, 'src/netlify/edge-functions');

/** Specifiers of the value imports and re-exports of a module (`import type` erases at bundling). */
function specifiers(source: string): string[] {
  const found: string[] = [];
  const pattern = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(pattern)) found.push(match[1]!);
  for (const match of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1]!);
  return found;
}

/** Every module the file loads, relative to the repository, with what each imports from outside src/. */
async function importGraph(entry: string): Promise<{ modules: string[]; outside: string[] }> {
  const seen = new Set<string>();
  const outside: string[] = [];
  const visit = async (file: string): Promise<void> => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of specifiers(await readFile(file, 'utf8'))) {
      if (specifier.startsWith('.')) await visit(resolve(dirname(file), specifier));
      else outside.push(`${relative(ROOT, file)} -> ${specifier}`);
    }
  };
  await visit(entry);
  return { modules: [...seen].map((file) => relative(ROOT, file)).sort(), outside };
}

describe('Edge Functions import only web-standard modules', async () => {
  const entries = (await readdir(EDGE)).filter((name) => name.endsWith('.ts')).sort();

  it('finds the four Edge Functions', () => {
    expect(entries).toEqual(['api-detail.ts', 'api-methods.ts', 'api-slash.ts', 'media.ts']);
  });

  it.each(entries)('%s: no node: built-in and no package anywhere in its imports', async (name) => {
    const { outside } = await importGraph(join(EDGE, name));
    expect(outside).toEqual(name === 'media.ts' ? ['src/media/blobs-store.ts -> @netlify/blobs'] : []);
  });

  it('media.ts reads the media index through the web-standard store and bytes from Netlify Blobs only', async () => {
    const { modules } = await importGraph(join(EDGE, 'media.ts'));
    expect(modules).toEqual(expect.arrayContaining(['src/serve/store.ts', 'src/media/media-index.ts', 'src/media/blobs-store.ts']));
    for (const nodeOnly of ['src/serve/fs-store.ts', 'src/media/folder-store.ts', 'src/media/select.ts', 'src/media/upload.ts']) expect(modules).not.toContain(nodeOnly);
  });
});

/**
 * Edge Functions run on Deno (platform facts A9): everything they import, directly or not,
 * must be web-standard. Follows the static imports of each Edge Function through src/ and
 * asserts that none of them names a Node built-in or a package other than EDGE_PACKAGES;
 * then asks Deno's own resolver (`deno info`, offline) for the same graph, which also catches
 * what the scan's pattern misses. test/netlify/edge-deno.test.ts runs the functions in Deno.
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { denoCodeGraph, EDGE_PACKAGES } from '../helpers/deno.ts';

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

  it.each(entries)('%s: no node: built-in and no package but EDGE_PACKAGES anywhere in its imports', async (name) => {
    const { outside } = await importGraph(join(EDGE, name));
    expect(outside.filter((edge) => !EDGE_PACKAGES.includes(edge.slice(edge.indexOf(' -> ') + 4)))).toEqual([]);
  });

  it.each(entries)('%s: Deno resolves the same modules offline, none of them a node: built-in or a URL', async (name) => {
    const graph = await denoCodeGraph(join(EDGE, name));
    const packages = graph.filter((module) => module.startsWith('node_modules/')).map((module) => /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(module)?.[1]);
    expect(graph.filter((module) => !module.startsWith('src/') && !module.startsWith('node_modules/'))).toEqual([]);
    expect(packages.filter((found) => !EDGE_PACKAGES.includes(found!))).toEqual([]);
    expect(graph.filter((module) => module.startsWith('src/'))).toEqual((await importGraph(join(EDGE, name))).modules);
  });

  it('media.ts reads the media index through the web-standard store and bytes from Netlify Blobs, which the Blobs store alone imports', async () => {
    const { modules, outside } = await importGraph(join(EDGE, 'media.ts'));
    expect(outside).toEqual(['src/media/blobs-store.ts -> @netlify/blobs']);
    expect(modules).toEqual(expect.arrayContaining(['src/serve/shared/store.ts', 'src/media/media-index.ts', 'src/media/blobs-store.ts']));
    for (const nodeOnly of ['src/serve/shared/fs-store.ts', 'src/media/folder-store.ts', 'src/media/select.ts', 'src/media/upload.ts']) expect(modules).not.toContain(nodeOnly);
  });
});

/**
 * Edge Functions run on Deno (docs/netlify.md#local-emulation): everything they import, directly or not,
 * must be web-standard. Follows the static imports of each Edge Function through src/ and
 * asserts that none of them names a Node built-in or a package other than EDGE_PACKAGES;
 * then asks Deno's own resolver (`deno info`, offline) for the same graph, which also catches
 * what the scan's pattern misses. test/netlify/edge-deno.test.ts runs the functions in Deno.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { denoCodeGraph, EDGE_PACKAGES } from '../helpers/deno.ts';
import { importGraph, ROOT } from '../helpers/imports.ts';

const EDGE = join(ROOT, 'src/netlify/edge-functions');

/** A package by its name, whatever subpath an import names (`@noble/hashes/hmac.js`). */
const packageOf = (specifier: string) => /^((?:@[^/]+\/)?[^/]+)/.exec(specifier)![1]!;
const ALLOWED = new Set(EDGE_PACKAGES.map(packageOf));

describe('Edge Functions import only web-standard modules', async () => {
  const entries = (await readdir(EDGE)).filter((name) => name.endsWith('.ts')).sort();

  it('finds the five Edge Functions', () => {
    expect(entries).toEqual(['api-csv.ts', 'api-detail.ts', 'api-methods.ts', 'api-slash.ts', 'media.ts']);
  });

  it.each(entries)('%s: no node: built-in and no package but EDGE_PACKAGES anywhere in its imports', async (name) => {
    const { outside } = await importGraph(join(EDGE, name));
    expect(outside.filter((edge) => !ALLOWED.has(packageOf(edge.slice(edge.indexOf(' -> ') + 4))))).toEqual([]);
  });

  it.each(entries)('%s: Deno resolves the same modules offline, none of them a node: built-in or a URL', async (name) => {
    const graph = await denoCodeGraph(join(EDGE, name));
    const packages = graph.filter((module) => module.startsWith('node_modules/')).map((module) => /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(module)?.[1]);
    expect(graph.filter((module) => !module.startsWith('src/') && !module.startsWith('node_modules/'))).toEqual([]);
    expect(packages.filter((found) => !ALLOWED.has(found!))).toEqual([]);
    expect(graph.filter((module) => module.startsWith('src/'))).toEqual((await importGraph(join(EDGE, name))).modules);
  });

  it('media.ts reads the media index through the web-standard store and bytes from Netlify Blobs, which the Blobs store alone imports', async () => {
    const { modules, outside } = await importGraph(join(EDGE, 'media.ts'));
    expect(outside.filter((edge) => !edge.startsWith('src/formats/media-token.ts -> @noble/hashes/') && !edge.startsWith('src/lib/secret-digest.ts -> @noble/hashes/'))).toEqual(['src/media/media-blobs-store.ts -> @netlify/blobs']);
    expect(modules).toEqual(expect.arrayContaining(['src/serve/shared/build-store.ts', 'src/media/media-index.ts', 'src/media/media-blobs-store.ts']));
    for (const nodeOnly of ['src/serve/shared/fs-build-store.ts', 'src/media/media-folder-store.ts', 'src/media/select.ts', 'src/media/upload.ts']) expect(modules).not.toContain(nodeOnly);
  });
});

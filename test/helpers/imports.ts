/**
 * The import graph of src/, read from the source text: the Edge Functions' web-standard test
 * (test/netlify/edge-imports.test.ts) and the stage order test (test/import-order.test.ts)
 * walk it.
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Specifiers of the imports and re-exports of a module, static and dynamic. Without `types`,
 * `import type` is left out (it erases at bundling, so it loads nothing).
 */
function specifiers(source: string, options: { types?: boolean } = {}): string[] {
  const found: string[] = [];
  const typePart = options.types ? '(?:type\\s+)?' : '(?!type\\s)';
  const pattern = new RegExp(`^\\s*(?:import|export)\\s+${typePart}(?:[^'";]*?\\sfrom\\s+)?['"]([^'"]+)['"]`, 'gm');
  for (const match of source.matchAll(pattern)) found.push(match[1]!);
  for (const match of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1]!);
  return found;
}

/** Every module the file loads, relative to the repository, with what each imports from outside src/. */
export async function importGraph(entry: string): Promise<{ modules: string[]; outside: string[] }> {
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

/** Every code file under a folder, relative to it, sorted. */
export async function codeFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(ts|mjs|js)$/.test(entry.name))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

/**
 * Each file's imports of other files (relative specifiers, type imports included unless `types`
 * is false), as paths relative to `dir`.
 */
export async function localImports(dir: string, options: { types?: boolean } = {}): Promise<{ from: string; to: string }[]> {
  const edges: { from: string; to: string }[] = [];
  for (const file of await codeFiles(dir)) {
    const source = await readFile(join(dir, file), 'utf8');
    for (const specifier of specifiers(source, { types: options.types ?? true })) {
      if (!specifier.startsWith('.')) continue;
      edges.push({ from: file, to: relative(dir, resolve(dir, dirname(file), specifier)).split('\\').join('/') });
    }
  }
  return edges;
}

/**
 * One name per thing: no name is exported by two modules of src/, so that a name read
 * anywhere means one thing (docs/architecture.md, "Glossary").
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeFiles, ROOT } from './helpers/imports.ts';

const SRC = join(ROOT, 'src');

/** Names the platform fixes: Netlify reads each Edge Function's `config` (docs/netlify.md). */
const PLATFORM_NAMES = new Set(['config']);

/** The names a module declares and exports (overloads and `declare` forms once), sorted. */
function exportedNames(source: string): string[] {
  const pattern = /^export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:abstract\s+)?(?:const|let|var|function\*?|class|type|interface|enum)\s+([A-Za-z_$][\w$]*)/gm;
  return [...new Set([...source.matchAll(pattern)].map((match) => match[1]!))].sort();
}

/** Each name exported by more than one module, with the modules. */
function sharedNames(exports: ReadonlyMap<string, readonly string[]>): Record<string, string[]> {
  const modules = new Map<string, string[]>();
  for (const [file, names] of exports) for (const name of names) modules.set(name, [...(modules.get(name) ?? []), file]);
  return Object.fromEntries([...modules].filter(([name, files]) => files.length > 1 && !PLATFORM_NAMES.has(name)));
}

describe('exported names of src/', async () => {
  const exports = new Map<string, string[]>();
  for (const file of await codeFiles(SRC)) exports.set(file, exportedNames(await readFile(join(SRC, file), 'utf8')));

  it('reads the exports of every module', () => {
    expect(exports.size).toBeGreaterThan(300);
    expect([...exports.values()].flat().length).toBeGreaterThan(1000);
  });

  it('has no name exported by two modules', () => {
    expect(sharedNames(exports)).toEqual({});
  });

  it('finds a name two modules export, once per module', () => {
    const source = 'export function f(a: string): string;\nexport function f(a: unknown) { return a; }\nexport const g = 1;\nexport interface H {}\nexport { f as k };\n';
    expect(exportedNames(source)).toEqual(['H', 'f', 'g']);
    const exports = new Map([['a.ts', ['f', 'g']], ['b.ts', ['g']], ['c.ts', ['config']], ['d.ts', ['config']]]);
    expect(sharedNames(exports)).toEqual({ g: ['a.ts', 'b.ts'] });
  });
});

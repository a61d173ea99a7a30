/**
 * docs/architecture.md, "Module size": no module of src/ is longer than 300 lines unless the
 * section names it; a module it names that is no longer over the limit fails too, so the list
 * stays true.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/imports.ts';

const LIMIT = 300;
const docs = await readFile(join(ROOT, 'docs/architecture.md'), 'utf8');
const start = docs.indexOf('\n## Module size\n');
const section = docs.slice(start, docs.indexOf('\n## ', start + 1));
const named = new Set([...section.matchAll(/`(src\/[^`]+\.ts)`/g)].map((match) => match[1]!));

async function lineCounts(): Promise<Map<string, number>> {
  const entries = await readdir(join(ROOT, 'src'), { recursive: true, withFileTypes: true });
  const counts = new Map<string, number>();
  for (const entry of entries) {
    if (!entry.isFile() || !/\.(ts|mts)$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const text = await readFile(path, 'utf8');
    counts.set(relative(ROOT, path).split('\\').join('/'), text.split('\n').length - (text.endsWith('\n') ? 1 : 0));
  }
  return counts;
}

describe('docs/architecture.md, Module size', async () => {
  const counts = await lineCounts();

  it('names every module of src/ over 300 lines', () => {
    expect(start).toBeGreaterThan(0);
    expect([...counts].filter(([path, lines]) => lines > LIMIT && !named.has(path)).map(([path, lines]) => `${path}: ${lines} lines`)).toEqual([]);
  });

  it('names only modules that exist and are over the limit', () => {
    expect([...named].filter((path) => (counts.get(path) ?? 0) <= LIMIT)).toEqual([]);
  });
});

/**
 * docs/architecture.md lists every file of src/ under "Files", one line each:
 * a file added, moved or removed without its line fails here.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/imports.ts';

const docs = await readFile(join(ROOT, 'docs/architecture.md'), 'utf8');
const section = docs.slice(docs.indexOf('\n## Files\n'));

/** `src/<path>  <what it holds>` lines of the Files section. */
const listed = [...section.matchAll(/^(src\/\S+\.[a-z]+) {2,}(\S.*)$/gm)].map((match) => ({ path: match[1]!, says: match[2]! }));

async function srcFiles(): Promise<string[]> {
  const entries = await readdir(join(ROOT, 'src'), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

describe('docs/architecture.md, Files', async () => {
  const files = await srcFiles();

  it('lists every file of src/', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => !listed.some((line) => line.path === file))).toEqual([]);
  });

  it('lists only files that exist, each once, with what it holds', () => {
    expect(listed.filter((line) => !files.includes(line.path)).map((line) => line.path)).toEqual([]);
    expect(listed.length).toBe(new Set(listed.map((line) => line.path)).size);
    expect(listed.filter((line) => line.says.length < 10).map((line) => line.path)).toEqual([]);
  });
});

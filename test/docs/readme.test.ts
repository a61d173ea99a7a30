/**
 * The README's example request is real: its files, put into an archive, validate cleanly,
 * and the error the README shows is exactly what `check` prints for the mistake it describes,
 * code frame included.
 */
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { checkContent } from '../../src/check.ts';
import { contentTexts } from '../../src/content/disk.ts';
import { formatProblem } from '../../src/content/problems.ts';
import { writePdf } from '../../tools/pdf-writer.ts';
import { minimalArchive, tempDir, writeTree, type Tree } from '../helpers/content.ts';

const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');

/** `content/<path>` headings followed by a yaml block. */
function exampleFiles(): Tree {
  const files: Tree = {};
  for (const match of readme.matchAll(/^`content\/([^`]+\.yaml)`\n\n```yaml\n([\s\S]*?)```/gm)) files[match[1]!] = match[2]!;
  return files;
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(() => cleanup?.());

async function check(tree: Tree) {
  const dir = await tempDir();
  cleanup = dir.remove;
  await writeTree(dir.path, tree);
  return { ...(await checkContent({ contentDir: dir.path, env: {} })), textOf: contentTexts(dir.path) };
}

describe('README example', () => {
  const umweltbundesamt = { 'publicbodies/3-uba.yaml': { id: 3, name: 'Umweltbundesamt', slug: 'uba', jurisdiction: 1 } };

  it('has three example files', () => {
    expect(Object.keys(exampleFiles()).sort()).toEqual([
      'requests/0042-nitratwerte/messages/420.yaml',
      'requests/0042-nitratwerte/messages/421.yaml',
      'requests/0042-nitratwerte/request.yaml',
    ]);
  });

  it('validates cleanly next to the minimal archive', async () => {
    const pdf = await writePdf({ title: 'Bescheid', pages: [{ text: 'Bescheid.' }] });
    const { problems, archive } = await check(
      minimalArchive({ ...umweltbundesamt, ...exampleFiles(), 'requests/0042-nitratwerte/files/421/Bescheid Nitratwerte.pdf': pdf }),
    );
    expect(problems.list).toEqual([]);
    expect(archive!.documents.map((document) => document.id)).toEqual([7001]);
  });

  it('shows the error check prints for an unknown public body', async () => {
    const files = exampleFiles();
    const key = 'requests/0042-nitratwerte/messages/421.yaml';
    files[key] = (files[key] as string).replace('sender_public_body: 3', 'sender_public_body: 33');
    const { problems, textOf } = await check(
      minimalArchive({ ...umweltbundesamt, ...files, 'requests/0042-nitratwerte/files/421/Bescheid Nitratwerte.pdf': '%PDF-1.4' }),
    );
    const printed = problems.sorted().map((problem) => formatProblem(problem, 'content', textOf(problem.file))).join('\n');
    const shown = /```\n(error content\/requests\/0042[\s\S]*?)\n```/.exec(readme)![1]!;
    expect(printed).toBe(shown);
  });
});

/**
 * The CLI as editors and CI run it: `main(argv)` with a recording logger, on content written
 * to a temp dir. Content mistakes are problems with file:line:column and exit code 1, never
 * a stack trace.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../src/cli.ts';
import type { Logger } from '../src/log.ts';
import { minimalArchive, responseMessage, tempDir, writeTree, type Tree } from './helpers/content.ts';
import { writePdf } from '../src/sample/pdf-writer.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((remove) => remove()));
});

function recorder(): Logger & { lines: string[]; text(): string } {
  const lines: string[] = [];
  const line = (message: string) => void lines.push(message);
  return { lines, info: line, warn: line, error: line, text: () => lines.join('\n') };
}

async function run(command: string, tree: Tree, extra: string[] = []): Promise<{ code: number; output: string; dir: string }> {
  const dir = await tempDir('archive-cli-');
  cleanups.push(dir.remove);
  await writeTree(join(dir.path, 'content'), tree);
  const log = recorder();
  const code = await main([command, '--content', join(dir.path, 'content'), '--out', join(dir.path, 'build'), '--cache', join(dir.path, 'cache'), ...extra], log);
  return { code, output: log.text().replaceAll(dir.path, '<tmp>'), dir: dir.path };
}

describe.each(['check', 'build'])('archive %s on content with YAML that is not plain', (command) => {
  it('reports a value starting with * at its line, and the other files too, with exit code 1', async () => {
    const { code, output } = await run(command, {
      ...minimalArchive({ 'publicbodies/2-bpol.yaml': 'id: 2\nname: Bundespolizei\nslug: Bundespolizei\njurisdiction: 1\n' }),
      'requests/10-akten/request.yaml': 'id: 10\nslug: akten\ntitle: Akten\ndescription: Bitte.\npublic_body: 1\nstatus: awaiting_response\nsummary: *vorläufig*\n',
    });
    expect(code).toBe(1);
    expect(output).not.toMatch(/ReferenceError|\n\s+at /);
    expect(output).toContain(
      'error <tmp>/content/requests/10-akten/request.yaml:7:10 summary: starts with "*", which YAML reads as an alias (a reference to an anchor); content files do not use aliases\n' +
        '    -> put the value in quotes: summary: "*vorläufig*"',
    );
    expect(output).toContain('error <tmp>/content/publicbodies/2-bpol.yaml:3:7 slug: is "Bundespolizei", but must be a slug');
  });
});

describe('archive build --pdf-budget', () => {
  const withPdf = async () =>
    minimalArchive({
      'requests/10-akten/messages/101.yaml': responseMessage([{ id: 1001, name: 'bescheid.pdf', document: { id: 500 } }]),
      'requests/10-akten/files/101/bescheid.pdf': await writePdf({ title: 'Bescheid', pages: [{ text: 'Eins.' }] }),
    });
  // vitest puts BASE_URL=/ into the environment, which the CLI would read as the site's address.
  const BASE_URL = ['--base-url', 'https://archiv.example.org'];

  it('publishes with the PDF work left for later, and says so in the summary', async () => {
    const { code, output } = await run('build', await withPdf(), ['--pdf-budget', '0s', ...BASE_URL]);
    expect(code).toBe(0);
    expect(output).toContain(
      'pdf: 1 PDF, 0 complete; 1 pending (published without page images); 0 derived, 0 given WebP siblings, 0 from the cache (0 pages); ' +
        'budget 0s spent (stage took 0s): the next build continues where this one stopped',
    );
  });

  it('refuses a budget that is not a duration, and a shard in a build, with exit code 2', async () => {
    expect(await run('build', minimalArchive(), ['--pdf-budget', 'soon', ...BASE_URL])).toMatchObject({ code: 2, output: expect.stringContaining('PDF budget "soon" is not a duration') });
    expect(await run('build', minimalArchive(), ['--shard', '1/2', ...BASE_URL])).toMatchObject({ code: 2, output: expect.stringContaining('--shard belongs to archive derive') });
  });

  it('keeps check free of PDF work: no PDF summary', async () => {
    const { code, output } = await run('check', await withPdf(), BASE_URL);
    expect(code).toBe(0);
    expect(output).not.toMatch(/^pdf/m);
  });
});

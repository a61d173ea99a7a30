/**
 * The CLI as editors and CI run it: `main(argv)` with a recording logger, on content written
 * to a temp dir. Content mistakes are problems with file:line:column and exit code 1, never
 * a stack trace.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../src/cli.ts';
import type { Logger } from '../src/log.ts';
import { folderMediaStore } from '../src/media/media-folder-store.ts';
import { readPruneMarks, writePruneMarks } from '../src/media/prune-marks.ts';
import { minimalArchive, responseMessage, tempDir, writeTree, type Tree } from './helpers/content.ts';
import { writePdf } from '../tools/pdf-writer.ts';

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
  const code = await main([command, '--content', join(dir.path, 'content'), '--out', join(dir.path, 'build'), '--cache', join(dir.path, 'cache'), '--media-store', join(dir.path, 'media'), ...extra], log);
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
        '    -> put the value in quotes: summary: "*vorläufig*"\n' +
        '      6 | status: awaiting_response\n' +
        '    > 7 | summary: *vorläufig*\n' +
        '        |          ^\n',
    );
    expect(output).toContain('error <tmp>/content/publicbodies/2-bpol.yaml:3:7 slug: is "Bundespolizei", but must be a slug');
  });

  it('--format github prints one annotation per problem, without code frames', async () => {
    const { code, output } = await run(
      command,
      { ...minimalArchive(), 'requests/10-akten/request.yaml': 'id: 10\nslug: akten\ntitle: Akten\ndescription: Bitte.\npublic_body: 1\nstatus: awaiting_response\nsummary: *vorläufig*\n' },
      ['--format', 'github'],
    );
    expect(code).toBe(1);
    expect(output.split('\n')[0]).toBe(
      '::error file=<tmp>/content/requests/10-akten/request.yaml,line=7,col=10::summary: starts with "*", which YAML reads as an alias (a reference to an anchor); content files do not use aliases — put the value in quotes: summary: "*vorläufig*"',
    );
    expect(output).not.toContain(' | ');
  });
});

describe('archive check with the build\'s cache', () => {
  it('parses only the files that changed since the last check, and reports a problem in an edited file all the same', async () => {
    const dir = await tempDir('archive-cli-');
    cleanups.push(dir.remove);
    const content = join(dir.path, 'content');
    await writeTree(content, minimalArchive());
    const check = async () => {
      const log = recorder();
      const code = await main(['check', '--content', content, '--cache', join(dir.path, 'cache'), '--base-url', 'https://archive.test'], log);
      return { code, output: log.text() };
    };
    const cold = await check();
    expect(cold.code).toBe(0);
    const files = Number(/\((?:\d+) ms; (\d+) files parsed, 0 unchanged/.exec(cold.output)?.[1]);
    expect(files).toBeGreaterThan(5);
    expect(existsSync(join(dir.path, 'cache/parsed'))).toBe(true);

    expect((await check()).output).toMatch(new RegExp(`ms; 0 files parsed, ${files} unchanged \\(\\d+ of them hashed to tell\\)\\)$`));
    await writeTree(content, { 'requests/10-akten/request.yaml': 'id: 10\nslug: akten\ntitle: Akten\ndescription: Bitte.\npublic_body: 1\nstatus: fertig\n' });
    const broken = await check();
    expect(broken.code).toBe(1);
    expect(broken.output).toContain('requests/10-akten/request.yaml:6:9 status: is "fertig"');
  });
});

describe('archive build and prune with a media store', () => {
  it('uploads what the store lacks, says so, and prune deletes what only older builds referenced', async () => {
    const dir = await tempDir('archive-cli-');
    cleanups.push(dir.remove);
    // vitest sets BASE_URL to "/" for Vite: the flag wins over it.
    const args = (command: string) => [command, '--content', join(dir.path, 'content'), '--out', join(dir.path, 'build'), '--cache', join(dir.path, 'cache'), '--media-store', join(dir.path, 'media'), '--base-url', 'https://archiv.example.org'];
    const step = async (argv: string[]) => {
      const log = recorder();
      return { code: await main(argv, log), output: log.text().replaceAll(dir.path, '<tmp>') };
    };

    await writeTree(join(dir.path, 'content'), minimalArchive());
    const first = await step(args('build'));
    expect(first.code).toBe(0);
    expect(first.output).toMatch(/\nlayout loose \(auto: [0-9,]+ files fit --max-files 100,000; docs\/serving\.md, "Layouts"\)\n/);
    const wrongLayout = await step([...args('build'), '--layout', 'flat']);
    expect(wrongLayout).toEqual({ code: 2, output: '--layout "flat" is not a layout: write auto, loose, packed' });
    // The closing line fits a terminal: what the store held before is said only when it held anything.
    const closing = first.output.split('\n').at(-1)!;
    expect(closing).toMatch(/^built https:\/\/archiv\.example\.org: \d+ objects, \d+ files, \d+\.\d MB, \d+\.\d s; media: 1 uploaded \(0\.0 MB\)$/);
    expect(closing.length).toBeLessThanOrEqual(100);
    expect((await step(args('build'))).output).toMatch(/; media: nothing to upload, 1 already in the store$/);
    const verbose = await step([...args('build'), '--verbose']);
    expect(verbose.output).toMatch(/\nfiles of <tmp>\/build\/: fullest folder \S+\/ \(\d+ entries\), largest file \S+ \(\d+\.\d\d MB\); media store: the folder <tmp>\/media$/);

    await writeTree(join(dir.path, 'content'), minimalArchive({ 'requests/10-akten/files/101/liste.csv': 'a;b\n3;4\n' }));
    expect((await step(args('build'))).output).toMatch(/; media: 1 uploaded \(0\.0 MB\)$/);

    const marked = /\n1 object that nothing names (would )?stay marked: a prune deletes each one still unnamed a day after it was first marked, the first from \d{4}-\d\d-\d\dT[\d:.]+Z \(docs\/deploy\.md, Retention\)$/;
    const dryRun = await step([...args('prune'), '--keep-days', '0', '--keep-builds', '1', '--dry-run']);
    expect(dryRun.code).toBe(0);
    expect(dryRun.output).toMatch(/^folder <tmp>\/media: 2 objects; kept those of 1 build \(the newest 1 and any younger than 0 days\) and of 0 derivative entries; would delete 0 objects, the record of 1 older build and 0 entries of other derivation versions or settings\n/);
    expect(dryRun.output).toMatch(marked);
    const pruned = await step([...args('prune'), '--keep-days', '0', '--keep-builds', '1']);
    expect(pruned.output).toMatch(/^folder <tmp>\/media: 2 objects; kept those of 1 build \(the newest 1 and any younger than 0 days\) and of 0 derivative entries; deleted 0 objects, the record of 1 older build and 0 entries of other derivation versions or settings\n/);
    expect(pruned.output).toMatch(marked);
    // A day later (the marks made two days earlier): the object only the older build named goes.
    const media = folderMediaStore(join(dir.path, 'media'));
    const marks = await readPruneMarks(media);
    expect(marks.size).toBe(1);
    await writePruneMarks(media, new Map([...marks].map(([hash, date]) => [hash, new Date(Date.parse(date) - 2 * 86_400_000).toISOString()])));
    expect((await step(args('prune'))).output).toBe('folder <tmp>/media: 2 objects; kept those of 1 build (the newest 10 and any younger than 90 days) and of 0 derivative entries; deleted 1 object, the records of 0 older builds and 0 entries of other derivation versions or settings');
    expect((await step(args('prune'))).output).toMatch(/: 1 object; kept those of 1 build .* deleted 0 objects, the records of 0 older builds and 0 entries of other derivation versions or settings$/);
    expect((await step([...args('prune'), '--keep-builds', '0'])).code).toBe(2);
  });

  it('fails with one line when the media store cannot be written, and leaves build/ as it was', async () => {
    const dir = await tempDir('archive-cli-');
    cleanups.push(dir.remove);
    await writeTree(join(dir.path, 'content'), minimalArchive());
    await writeTree(dir.path, { 'not-a-folder': 'x' });
    const log = recorder();
    const code = await main(['build', '--content', join(dir.path, 'content'), '--out', join(dir.path, 'build'), '--cache', join(dir.path, 'cache'), '--media-store', join(dir.path, 'not-a-folder'), '--base-url', 'https://archiv.example.org'], log);
    expect(code).toBe(1);
    expect(log.lines.map((line) => line.replaceAll(dir.path, '<tmp>'))).toEqual([
      // The PDF stage writes first (its lease, before it lists the store).
      expect.stringMatching(/^error could not reach the folder <tmp>\/not-a-folder, which holds the PDF derivative cache: could not write the lease of this run in the folder <tmp>\/not-a-folder after 4 tries: ENOTDIR/),
      'build failed; <tmp>/build/ was left as it was',
    ]);
    expect(existsSync(join(dir.path, 'build'))).toBe(false);
  });

  it('refuses a Netlify Blobs store without credentials before any work, saying what to set', async () => {
    const { code, output } = await run('build', minimalArchive(), ['--media-store', 'netlify-blobs:archive-media']);
    expect(code).toBe(1);
    expect(output).toMatch(/^the media store netlify-blobs:archive-media needs Netlify credentials: set NETLIFY_BLOBS_TOKEN to a Netlify personal access token and NETLIFY_SITE_ID/);
  });

  it.each(['build', 'derive'])('%s: says which store it cannot reach, before any PDF work, with exit code 1', async (command) => {
    const saved = { ...process.env };
    // Nothing listens on port 9 of this machine: the store cannot be reached.
    Object.assign(process.env, { NETLIFY_BLOBS_TOKEN: 't', NETLIFY_SITE_ID: 's', NETLIFY_BLOBS_API_URL: 'http://127.0.0.1:9' });
    try {
      const content = minimalArchive({
        'requests/10-akten/messages/101.yaml': responseMessage([{ id: 1001, name: 'bescheid.pdf', document: { id: 500 } }]),
        'requests/10-akten/files/101/bescheid.pdf': await writePdf({ title: 'Bescheid', pages: [{ text: 'Eins.' }] }),
      });
      const { code, output } = await run(command, content, ['--media-store', 'netlify-blobs:archive-media', '--base-url', 'https://archiv.example.org']);
      expect(code).toBe(1);
      expect(output).toMatch(/^error could not reach the Netlify Blobs store archive-media, which holds the PDF derivative cache: /);
      expect(output).not.toContain('pdf: ');
      if (command === 'build') expect(output).toMatch(/build failed; .*\/build\/ was left as it was$/);
    } finally {
      process.env = saved;
    }
  });
});

describe('archive build --max-files', () => {
  it('fails a build with more files than the limit, says how to raise it, and leaves build/ as it was; a raised limit builds it', async () => {
    const dir = await tempDir('archive-cli-');
    cleanups.push(dir.remove);
    await writeTree(join(dir.path, 'content'), minimalArchive());
    const args = ['build', '--content', join(dir.path, 'content'), '--out', join(dir.path, 'build'), '--cache', join(dir.path, 'cache'), '--media-store', join(dir.path, 'media'), '--base-url', 'https://archiv.example.org', '--no-images'];
    const log = recorder();
    expect(await main([...args, '--max-files', '5'], log)).toBe(1);
    const output = log.text().replaceAll(dir.path, '<tmp>');
    expect(output).toMatch(/^error build\/ holds [\d,]+ files; the limit is 5 files per deploy \(deploy limit files\)\n/);
    expect(output).toContain('raise the limit with --max-files <n> or DEPLOY_MAX_FILES');
    expect(output).toMatch(/build failed; <tmp>\/build\/ was left as it was$/);
    expect(existsSync(join(dir.path, 'build'))).toBe(false);

    const files = Number(/holds ([\d,]+) files/.exec(output)![1]!.replaceAll(',', ''));
    const saved = { ...process.env };
    process.env.DEPLOY_MAX_FILES = String(files - 1);
    try {
      expect(await main(args, recorder())).toBe(1);
      // The flag wins over the environment.
      const built = recorder();
      expect(await main([...args, '--max-files', String(files)], built)).toBe(0);
      expect(built.text()).toContain(`, ${files} files, `);
    } finally {
      process.env = saved;
    }
    expect(existsSync(join(dir.path, 'build', '_data', 'manifest.json'))).toBe(true);
  });

  it('refuses a limit that is not a whole number, with exit code 2, before any work', async () => {
    const { code, output } = await run('build', minimalArchive(), ['--max-files', '10k']);
    expect(code).toBe(2);
    expect(output).toBe('the files limit "10k" (--max-files, DEPLOY_MAX_FILES) is not a whole number of files, at least 1: write it as 250000');
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

  it('refuses a budget that is not a duration, and a shard in a build, with exit code 2, before it opens the media store', async () => {
    // A Blobs store without credentials would be exit code 1: the usage error comes first.
    const blobs = ['--media-store', 'netlify-blobs:archive-media'];
    expect(await run('build', minimalArchive(), ['--pdf-budget', 'soon', ...blobs, ...BASE_URL])).toEqual({ code: 2, output: 'PDF budget "soon" is not a duration: write it as 90s, 10m or 1.5h (or none)', dir: expect.any(String) });
    expect(await run('build', minimalArchive(), ['--shard', '1/2', ...blobs, ...BASE_URL])).toEqual({ code: 2, output: '--shard belongs to archive derive; a build publishes every PDF', dir: expect.any(String) });
  });

  it('keeps check free of PDF work: no PDF summary', async () => {
    const { code, output } = await run('check', await withPdf(), BASE_URL);
    expect(code).toBe(0);
    expect(output).not.toMatch(/^pdf/m);
  });
});

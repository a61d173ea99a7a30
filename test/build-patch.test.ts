/**
 * A patch build (src/build-patch.ts): after an edit of messages' subjects or texts, or of
 * requests' titles, summaries or descriptions, alone, the build rewrites the files that show
 * them and links every other one, and build/ holds a cold build's bytes; any other edit, or a
 * build/ that is not the one the state names, runs the build whole, which writes a cold build's
 * bytes too (the data downloads among them, which the builds write as the CLI's do). The
 * builds of build/ share what the watching preview keeps between its rebuilds (the parse
 * cache's shards as read last), as `npm start` builds.
 */
import { cp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArchive, type BuildResult } from '../src/build.ts';
import { buildPaths } from '../src/api/build-paths.ts';
import { DOWNLOADS_MANIFEST, downloadPath } from '../src/downloads/paths.ts';
import { ParseMemory } from '../src/content/parse-memory.ts';
import { ScanMemory } from '../src/content/scan-memory.ts';
import { folderMediaStore } from '../src/media/media-folder-store.ts';
import { ageFiles, BUILD_CLOCK, bytesOfTree, listFiles, snapshotTree } from './helpers/build.ts';
import { tempDir } from './helpers/content.ts';

const SAMPLE = join(import.meta.dirname, '../content');
const MESSAGE = 'requests/0005-dienstwagennutzung-hausleitung/messages/501.yaml';
const OTHER = 'requests/0001-gutachten-bundespolizeigesetz/messages/101.yaml';
let root: string;
let removeRoot: () => Promise<void>;
const content = () => join(root, 'content');
const snapshotOf = (dir: string) => snapshotTree(join(root, dir));
/** The download files of a resource's first id range (the sample's ids are all in it) and the downloads' manifest. */
const downloadsOf = (...resources: string[]) => [
  DOWNLOADS_MANIFEST,
  ...resources.flatMap((resource) => (['ndjson', 'parquet'] as const).map((format) => downloadPath(format, resource, 0))),
];

/** What the preview keeps between rebuilds, for the builds of build/; the walk is whole each time (no watcher tells it what changed). */
const memory = { scan: new ScanMemory(), parses: new ParseMemory() };

/** A build of content/ into `out` with the cache `cache` and the one media store; into build/, with the preview's memory. */
function build(out = 'build', cache = 'cache'): Promise<BuildResult> {
  memory.scan.saw([], false);
  return buildArchive({
    ...(out === 'build' && { memory }),
    contentDir: content(),
    buildDir: join(root, out),
    cacheDir: join(root, cache),
    media: folderMediaStore(join(root, 'media')),
    env: { SOURCE_DATE_EPOCH: String(BUILD_CLOCK) },
    overrides: {},
    images: false,
    // Patches are of packed builds: a loose one builds whole (test/build-layout.test.ts).
    layout: 'packed',
    // As the CLI builds: a patch rewrites the download ranges of the edited objects too.
    downloads: true,
  });
}

/** A cold build of the content as it is now (its own cache and build/), its result and bytes. */
async function cold(): Promise<{ result: BuildResult; bytes: Map<string, string> }> {
  await rm(join(root, 'cold'), { recursive: true, force: true });
  await rm(join(root, 'cold-cache'), { recursive: true, force: true });
  const result = await build('cold', 'cold-cache');
  return { result, bytes: bytesOfTree(await snapshotOf('cold')) };
}

/** Sets fields of a content file's YAML (parse, change, write back); returns its bytes before. */
async function edit(path: string, fields: Record<string, unknown>): Promise<string> {
  const file = join(content(), path);
  const before = await readFile(file, 'utf8');
  const doc = parseDocument(before);
  for (const [key, value] of Object.entries(fields)) doc.set(key, value);
  await writeFile(file, doc.toString());
  return before;
}

/** Builds, expects a patch build of `written` files or a full build (0), and a cold build's bytes, result and counts. */
async function expectCold(written: 'patch' | 'full'): Promise<BuildResult> {
  const result = await build();
  if (written === 'patch') expect(result.patched).toBeGreaterThan(0);
  else expect(result.patched).toBe(0);
  expect(result.unchanged).toBe(false);
  const expected = await cold();
  expect(bytesOfTree(await snapshotOf('build'))).toEqual(expected.bytes);
  expect(result.stats.files).toBe(expected.result.stats.files);
  expect(result.stats.bytes).toBe(expected.result.stats.bytes);
  expect(result.stats.objects).toBe(expected.result.stats.objects);
  expect(result.warnings).toEqual(expected.result.warnings);
  return result;
}

/** Makes `change`, expects a patch build with a cold build's bytes, and gives the paths of build/ it wrote (new inodes), as many as it says. */
async function patchedPaths(change: () => Promise<unknown>): Promise<string[]> {
  const before = await snapshotOf('build');
  await change();
  const result = await expectCold('patch');
  const rewritten = [...(await snapshotOf('build'))].filter(([path, file]) => before.get(path)?.ino !== file.ino).map(([path]) => path);
  expect(rewritten).toHaveLength(result.patched);
  return rewritten;
}

/** The paths of a request's search segment (the sample's one open segment: its tail files and positions) and the others. */
function searchApart(paths: readonly string[]): { search: string[]; others: string[] } {
  const search = paths.filter((path) => path.startsWith('_data/request/search/0/'));
  expect(search).toContain('_data/request/search/0/0/0/positions.json');
  return { search, others: paths.filter((path) => !search.includes(path)).sort() };
}

beforeAll(async () => {
  ({ path: root, remove: removeRoot } = await tempDir('archive-patch-'));
  await cp(SAMPLE, content(), { recursive: true });
  await ageFiles(content());
  expect((await build()).patched).toBe(0);
}, 300_000);
afterAll(async () => {
  memory.parses.close();
  await removeRoot();
});

describe('a patch build', () => {
  it("rewrites the files that show an edited message's text and links every other one", async () => {
    const rewritten = await patchedPaths(async () => {
      await edit(MESSAGE, { content: 'Sehr geehrte Damen und Herren,\n\nbitte senden Sie mir die Fahrtenbücher 2023 zu.\n\nMit freundlichen Grüßen\n[[Name]]' });
      // A signature the scan trusts: the folder is found changed by its digest, the file by its signature.
      const past = new Date(Date.now() - 60_000);
      await utimes(join(content(), MESSAGE), past, past);
    });
    // The message's pack and chunk, the request's pack (its detail lists the messages), the
    // request's search segment, search meta.json and the manifest; the download ranges of the
    // message and the request, and their manifest. The request's list chunk and bare list are linked.
    expect(searchApart(rewritten).others).toEqual(
      [buildPaths.manifest, '_data/message/chunks/0/0/0.pack', '_data/message/packs/0/0/0.pack', '_data/request/packs/0/0/0.pack', buildPaths.searchMeta('request'), ...downloadsOf('message', 'request')].sort(),
    );
  }, 300_000);

  it('patches again after a patch, the same message and messages of two requests at once', async () => {
    await edit(MESSAGE, { subject: 'Dienstwagen der Hausleitung 2023 [#5]' });
    await expectCold('patch');
    await edit(MESSAGE, { content: 'Neuer Text mit [[geschwärzter Stelle]] darin.' });
    await edit(OTHER, { subject: 'Gutachten zum Bundespolizeigesetz (korrigiert)' });
    await expectCold('patch');
  }, 300_000);

  it("patches a request's summary, description and title: its chunk, its bare list item, its pack and its search document", async () => {
    const request = 'requests/0005-dienstwagennutzung-hausleitung/request.yaml';
    const rewritten = await patchedPaths(() => edit(request, { summary: 'Das Ministerium hat die Fahrtenbücher teilweise herausgegeben.' }));
    // The summary is in the list item and the detail, not in the search document.
    expect(rewritten.sort()).toEqual([buildPaths.manifest, '_data/request/chunks/0/0/0.pack', '_data/request/packs/0/0/0.pack', buildPaths.list('request'), ...downloadsOf('request')].sort());
    await edit(request, { description: 'Die Fahrtenbücher der Dienstwagen der Hausleitung 2023, mit Kosten.' });
    await expectCold('patch');
    // The title is in the list item, the detail and the search document.
    const retitled = await patchedPaths(() => edit(request, { title: 'Dienstwagen der Hausleitung 2023' }));
    expect(searchApart(retitled).others).toEqual(
      [buildPaths.manifest, '_data/request/chunks/0/0/0.pack', '_data/request/packs/0/0/0.pack', buildPaths.list('request'), buildPaths.searchMeta('request'), ...downloadsOf('request')].sort(),
    );
    // A text beside a field the patch does not take (the costs, a filter's value) is not a patch.
    const costs = await edit(request, { summary: 'Zusammenfassung, neu.', costs: 12.5 });
    await expectCold('full');
    await writeFile(join(content(), request), costs);
    await expectCold('full');
  }, 300_000);

  it('patches a file written just now (a watching preview builds at once)', async () => {
    await edit(MESSAGE, { content: 'Gleich nach dem Speichern gebaut.' });
    await expectCold('patch');
    await edit(MESSAGE, { content: 'Und noch einmal, ebenso schnell.' });
    await expectCold('patch');
  }, 300_000);

  it('builds whole after any other edit, and a full build after patches writes a cold build', async () => {
    // A message's date orders lists: not a patch.
    await edit(MESSAGE, { timestamp: '2024-03-12T12:00:00+01:00' });
    await expectCold('full');
    // A text edit beside a request's edit: not a patch either.
    await edit(MESSAGE, { content: 'Text und Ergebnis zugleich.' });
    const request = 'requests/0005-dienstwagennutzung-hausleitung/request.yaml';
    const resolution = await edit(request, { resolution: 'refused' });
    await expectCold('full');
    await writeFile(join(content(), request), resolution);
    await expectCold('full');
  }, 300_000);

  it("builds whole when a folder shows another folder's value the patch cannot see", async () => {
    // Request 15's requester is named in request 7 (`user_name`), and 15's first message shows
    // the name as its sender: linked alone, the folder renders another sender than build/ holds.
    await edit('requests/0015-gutachten-videoueberwachung/messages/1501.yaml', { content: 'Bitte um das Gutachten.' });
    await expectCold('full');
  }, 300_000);

  it('builds whole when an attachment file of the folder was written', async () => {
    // The same bytes again: only its signature tells, and the frame of the folder is not the kept one.
    const pdf = join(content(), 'requests/0005-dienstwagennutzung-hausleitung/files/502/Kostenankündigung.pdf');
    await writeFile(pdf, await readFile(pdf));
    // Older than a racy write, so the state keeps the frame and a later text edit is patched again.
    await utimes(pdf, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    await edit(MESSAGE, { content: 'Mit einer Anlage, neu geschrieben.' });
    await expectCold('full');
  }, 300_000);

  it('builds whole when build/ is not the one the state names', async () => {
    await edit(MESSAGE, { content: 'Vor der Änderung von Hand.' });
    await expectCold('patch');
    // A message pack of build/ changed by hand: the patch would keep it; the full build restores it.
    const pack = (await listFiles(join(root, 'build'))).find((path) => path.startsWith('_data/message/packs/'))!;
    const bytes = await readFile(join(root, 'build', pack));
    bytes[bytes.length - 2] = bytes[bytes.length - 2]! ^ 1;
    await writeFile(join(root, 'build', pack), bytes);
    await edit(MESSAGE, { content: 'Nach der Änderung von Hand.' });
    await expectCold('full');
  }, 300_000);

  it('reports a broken message as a full build does and leaves build/ as it was', async () => {
    const before = bytesOfTree(await snapshotOf('build'));
    await edit(MESSAGE, { content: 'Eine [[offene Schwärzung.' });
    await expect(build()).rejects.toThrow(/content/i);
    expect(bytesOfTree(await snapshotOf('build'))).toEqual(before);
    // The failed build did not keep the broken file's parse: the fix is patched against what
    // the last good build read.
    await edit(MESSAGE, { content: 'Wieder in Ordnung.' });
    await expectCold('patch');
  }, 300_000);
});

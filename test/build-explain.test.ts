/**
 * The planner's verdicts (src/previous/planner.ts) after real edits of the sample archive: what
 * each build keeps of the previous one (`reuse`, `patch`, `rebuild`) per unit, with the reason
 * naming the file, the setting or the code that changed; and `archive build --explain` printing
 * them. That the builds write a cold build's bytes after such edits is what the equality tests
 * (build-incremental, build-patch, build-unchanged) assert.
 */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { cp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArchive, type BuildResult } from '../src/build.ts';
import { folderMediaStore } from '../src/media/media-folder-store.ts';
import { ageFiles, BUILD_CLOCK } from './helpers/build.ts';
import { tempDir } from './helpers/content.ts';

const SAMPLE = join(import.meta.dirname, '../content');
const REQUEST = 'requests/0005-dienstwagennutzung-hausleitung/';
const MESSAGE = `${REQUEST}messages/501.yaml`;
const BODY = 'publicbodies/11-polizei-berlin.yaml';
let root: string;
let removeRoot: () => Promise<void>;
let folders: number;
const content = () => join(root, 'content');

function build(overrides: { baseUrl?: string } = {}): Promise<BuildResult> {
  return buildArchive({
    contentDir: content(),
    buildDir: join(root, 'build'),
    cacheDir: join(root, 'cache'),
    media: folderMediaStore(join(root, 'media')),
    env: { SOURCE_DATE_EPOCH: String(BUILD_CLOCK) },
    overrides,
    images: false,
    layout: 'packed',
  });
}

/** Sets fields of a content file's YAML and gives its modification time a past the scan trusts. */
async function edit(path: string, fields: Record<string, unknown>): Promise<void> {
  const file = join(content(), path);
  const doc = parseDocument(await readFile(file, 'utf8'));
  for (const [key, value] of Object.entries(fields)) doc.set(key, value);
  await writeFile(file, doc.toString());
  const past = new Date(Date.now() - 60_000);
  await utimes(file, past, past);
}

beforeAll(async () => {
  ({ path: root, remove: removeRoot } = await tempDir('archive-explain-'));
  await cp(SAMPLE, content(), { recursive: true });
  await ageFiles(content());
}, 300_000);
afterAll(() => removeRoot());

describe('the planner', () => {
  it('rebuilds everything without a previous build, and says so', async () => {
    const { explanation } = await build();
    expect(explanation).toEqual({ verdicts: [{ unit: 'build', decision: 'rebuild', reason: 'no state of a previous build' }], reused: 0 });
    folders = readdirSync(join(content(), 'requests')).length;
    expect(folders).toBeGreaterThan(3);
  }, 300_000);

  it('reuses the whole build when nothing changed', async () => {
    const { explanation, unchanged } = await build();
    expect(unchanged).toBe(true);
    expect(explanation.verdicts).toEqual([{ unit: 'build', decision: 'reuse', reason: 'no input of build/ changed since the last build: build/ is left as it is' }]);
    expect(explanation.reused).toBe(folders);
  }, 300_000);

  it("patches the folder of an edited message's text, naming the file", async () => {
    await edit(MESSAGE, { content: 'Bitte senden Sie mir die Fahrtenbücher 2023.' });
    const { explanation, patched } = await build();
    expect(patched).toBeGreaterThan(0);
    expect(explanation.verdicts).toEqual([
      { unit: 'build', decision: 'patch', reason: 'only texts of messages or requests changed, in few request folders' },
      { unit: REQUEST, decision: 'patch', reason: `texts changed in ${MESSAGE}` },
    ]);
    expect(explanation.reused).toBe(folders - 1);
  }, 300_000);

  it("rebuilds the folder of an edit beyond texts, and names why it is no patch", async () => {
    await edit(`${REQUEST}request.yaml`, { tags: ['Dienstwagen', 'Fuhrpark'] });
    const { explanation, patched } = await build();
    expect(patched).toBe(0);
    expect(explanation.verdicts).toEqual([
      { unit: 'build', decision: 'rebuild', reason: `not a patch build: ${REQUEST}request.yaml changed beyond its texts (title, summary, description)` },
      { unit: REQUEST, decision: 'rebuild', reason: 'its files changed' },
    ]);
    expect(explanation.reused).toBe(folders - 1);
  }, 300_000);

  it('names the file outside the request folders that changed, and rebuilds every folder', async () => {
    await edit(BODY, { email: 'poststelle@polizei.berlin.example' });
    const { explanation } = await build();
    expect(explanation.verdicts).toEqual([
      { unit: 'build', decision: 'rebuild', reason: 'not a patch build: content outside the request folders changed' },
      { unit: 'content outside requests/', decision: 'rebuild', reason: `changed: ${BODY}; every object's answers read it, so every request folder is made again` },
    ]);
    expect(explanation.reused).toBe(0);
  }, 300_000);

  it('names a new and a deleted request folder', async () => {
    await cp(join(content(), REQUEST), join(content(), 'requests/0099-kopie'), { recursive: true });
    await rm(join(content(), 'requests/0099-kopie/messages'), { recursive: true });
    await edit('requests/0099-kopie/request.yaml', { id: 99, slug: 'kopie' });
    const added = await build();
    // The copy fails no check as long as its id and slug are its own; else the build says which.
    expect(added.explanation.verdicts).toEqual([
      { unit: 'build', decision: 'rebuild', reason: 'not a patch build: a request folder was added or deleted' },
      { unit: 'requests/0099-kopie/', decision: 'rebuild', reason: 'a new request folder' },
    ]);
    await rm(join(content(), 'requests/0099-kopie'), { recursive: true });
    const deleted = await build();
    expect(deleted.explanation.verdicts).toEqual([
      { unit: 'build', decision: 'rebuild', reason: 'not a patch build: a request folder was added or deleted' },
      { unit: 'requests/0099-kopie/', decision: 'rebuild', reason: 'deleted: the lists, counts and indexes that held it are made again' },
    ]);
    expect(deleted.explanation.reused).toBe(folders);
  }, 300_000);

  it('names the setting that changed', async () => {
    const { explanation } = await build({ baseUrl: 'https://archiv.example.org/api/v1/' });
    expect(explanation.verdicts).toEqual([{ unit: 'build', decision: 'rebuild', reason: 'changed since the last build: settings.urls' }]);
  }, 300_000);

  it('prints the verdicts with archive build --explain', async () => {
    await edit(MESSAGE, { content: 'Bitte senden Sie mir die Fahrtenbücher 2024.' });
    const cli = join(import.meta.dirname, '../src/cli.ts');
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, 'build', '--explain', '--no-downloads', '--layout', 'packed', '--no-images', '--content', content(), '--out', join(root, 'build'), '--cache', join(root, 'cache'), '--media-store', join(root, 'media'), '--base-url', 'https://archiv.example.org/api/v1/'], { env: { ...process.env, SOURCE_DATE_EPOCH: String(BUILD_CLOCK) } });
    const said = (line: string) => (stdout + stderr).split('\n').some((printed) => printed.endsWith(line));
    expect(said(`patch ${REQUEST}: texts changed in ${MESSAGE}`), stdout + stderr).toBe(true);
    expect(said(`reuse ${folders - 1} request folders: same files as the last build`)).toBe(true);
  }, 300_000);
});

/**
 * A build with nothing to do (src/previous/state.ts): when no input of build/ changed since
 * the build that wrote it, build/ is left as it is; when any did (a content file's signature,
 * the clock past a due date, a setting, build/ touched by hand, a media object gone), the build
 * runs and writes a cold build's bytes.
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArchive, type BuildResult } from '../src/build.ts';
import { buildPaths } from '../src/api/build-paths.ts';
import type { SettingsOverrides } from '../src/config.ts';
import { folderMediaStore } from '../src/media/media-folder-store.ts';
import { ageFiles, BUILD_CLOCK, bytesOfTree, snapshotTree } from './helpers/build.ts';
import { tempDir } from './helpers/content.ts';

const SAMPLE = join(import.meta.dirname, '../content');
let root: string;
let removeRoot: () => Promise<void>;
const content = () => join(root, 'content');
const snapshotOf = (dir: string) => snapshotTree(join(root, dir));
const media = () => folderMediaStore(join(root, 'media'));

/** A build of content/ into `out` with the kept cache and media store, at the given clock (Unix seconds). */
function build(out = 'build', options: { clock?: number; overrides?: SettingsOverrides; cache?: string } = {}): Promise<BuildResult> {
  return buildArchive({
    contentDir: content(),
    buildDir: join(root, out),
    cacheDir: join(root, options.cache ?? 'cache'),
    media: media(),
    env: { SOURCE_DATE_EPOCH: String(options.clock ?? BUILD_CLOCK) },
    overrides: options.overrides ?? {},
    images: false,
  });
}

const DAY = 86_400;

beforeAll(async () => {
  ({ path: root, remove: removeRoot } = await tempDir('archive-unchanged-'));
  await cp(SAMPLE, content(), { recursive: true });
  await ageFiles(content());
  expect((await build()).unchanged).toBe(false);
}, 300_000);
afterAll(() => removeRoot());

describe('a build with nothing to do', () => {
  it('leaves build/ as it is and reports the build it kept', async () => {
    const before = await snapshotOf('build');
    const first = await build('cold', { cache: 'cold-cache' });
    const again = await build();
    expect(again.unchanged).toBe(true);
    expect(await snapshotOf('build')).toEqual(before);
    expect(again.stats.files).toBe(before.size);
    expect(again.stats.objects).toBe(first.stats.objects);
    expect(again.stats.media).toEqual({ objects: first.stats.media.objects, uploaded: 0, uploadedBytes: 0, present: first.stats.media.objects, derived: 0 });
    expect(again.warnings).toEqual(first.warnings);
    // Files under a dot folder are no content (content/scan.ts): still nothing to do.
    await writeFile(join(content(), '.notes'), 'not content');
    expect((await build()).unchanged).toBe(true);
    await rm(join(content(), '.notes'));
  }, 300_000);

  it('runs again when a content file was written, even with the same bytes', async () => {
    const file = join(content(), 'requests/0005-dienstwagennutzung-hausleitung/messages/501.yaml');
    await writeFile(file, await readFile(file));
    await ageFiles(content());
    const before = bytesOfTree(await snapshotOf('build'));
    expect((await build()).unchanged).toBe(false);
    expect(bytesOfTree(await snapshotOf('build'))).toEqual(before);
    expect((await build()).unchanged).toBe(true);
  }, 300_000);

  it('runs again when the clock passes a due date, not before', async () => {
    // The nearest due date after the build clock of a request awaiting a response: 2024-10-30 (0013).
    expect((await build('build', { clock: BUILD_CLOCK + 100 * DAY })).unchanged).toBe(true);
    const later = BUILD_CLOCK + 160 * DAY;
    expect((await build('build', { clock: later })).unchanged).toBe(false);
    await build('cold-later', { clock: later, cache: 'cold-later-cache' });
    expect(bytesOfTree(await snapshotOf('build'))).toEqual(bytesOfTree(await snapshotOf('cold-later')));
    expect(await readFile(join(root, 'build', buildPaths.manifest), 'utf8')).not.toEqual(await readFile(join(root, 'cold', buildPaths.manifest), 'utf8'));
    // And back: the window around the new clock does not hold the old one.
    expect((await build()).unchanged).toBe(false);
    expect(bytesOfTree(await snapshotOf('build'))).toEqual(bytesOfTree(await snapshotOf('cold')));
  }, 300_000);

  it('runs again after a setting changed', async () => {
    const overrides = { baseUrl: 'https://anderswo.example.net' };
    expect((await build('build', { overrides })).unchanged).toBe(false);
    expect(await readFile(join(root, 'build', buildPaths.manifest), 'utf8')).toContain('https://anderswo.example.net');
    expect((await build()).unchanged).toBe(false);
    expect((await build()).unchanged).toBe(true);
  }, 300_000);

  it('runs again when build/ was changed by hand, and writes what a cold build writes', async () => {
    const cold = bytesOfTree(await snapshotOf('cold'));
    await writeFile(join(root, 'build', buildPaths.manifest), '{}');
    expect((await build()).unchanged).toBe(false);
    expect(bytesOfTree(await snapshotOf('build'))).toEqual(cold);
    await writeFile(join(root, 'build', 'stray.json'), '{}');
    expect((await build()).unchanged).toBe(false);
    expect(bytesOfTree(await snapshotOf('build'))).toEqual(cold);
    await rm(join(root, 'build', buildPaths.manifest));
    expect((await build()).unchanged).toBe(false);
    expect(bytesOfTree(await snapshotOf('build'))).toEqual(cold);
  }, 300_000);

  it('runs again when the media store lost an object, which the build puts back', async () => {
    expect((await build()).unchanged).toBe(true);
    const store = media();
    let lost: string | undefined;
    for await (const hash of store.list()) {
      lost = hash;
      break;
    }
    await store.delete(lost!);
    const result = await build();
    expect(result.unchanged).toBe(false);
    expect(result.stats.media.uploaded).toBe(1);
    expect(await store.get(lost!)).not.toBeNull();
  }, 300_000);
});

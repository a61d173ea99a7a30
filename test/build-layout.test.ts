/**
 * Builds after a change of layout or of content keep a loose build/ right: what the build writes
 * with the last build's state is what a cold build of the same layout writes (src/output/layout.ts).
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArchive, type BuildResult } from '../src/build.ts';
import { DEFAULTS } from '../src/config.ts';
import type { LayoutChoice } from '../src/output/layout.ts';
import { folderMediaStore } from '../src/media/media-folder-store.ts';
import { BUILD_CLOCK, bytesOfTree, snapshotTree } from './helpers/build.ts';
import { minimalArchive, tempDir, writeTree } from './helpers/content.ts';

let root: string;
let removeRoot: () => Promise<void>;
const content = () => join(root, 'content');

function build(layout: LayoutChoice, out = 'build', cache = 'cache', files: number = DEFAULTS.deployLimits.files): Promise<BuildResult> {
  return buildArchive({
    contentDir: content(),
    buildDir: join(root, out),
    cacheDir: join(root, cache),
    media: folderMediaStore(join(root, 'media')),
    env: { SOURCE_DATE_EPOCH: String(BUILD_CLOCK) },
    overrides: {},
    images: false,
    layout,
    limits: { ...DEFAULTS.deployLimits, files },
  });
}

/** A cold build of the content as it is now, in this layout: its bytes. */
async function cold(layout: LayoutChoice): Promise<Map<string, string>> {
  await rm(join(root, 'cold'), { recursive: true, force: true });
  await rm(join(root, 'cold-cache'), { recursive: true, force: true });
  await build(layout, 'cold', 'cold-cache');
  return bytesOfTree(await snapshotTree(join(root, 'cold')));
}

const built = async () => bytesOfTree(await snapshotTree(join(root, 'build')));

beforeAll(async () => {
  const dir = await tempDir('build-layout-');
  root = dir.path;
  removeRoot = dir.remove;
  await writeTree(content(), minimalArchive());
});
afterAll(() => removeRoot());

describe('layouts across builds', () => {
  it('auto writes loose while the build fits --max-files, packed beyond, and says why', async () => {
    const loose = await build('auto');
    expect(loose.layout.layout).toBe('loose');
    expect(loose.layout.reason).toMatch(/^auto: .* fit --max-files 100,000$/);
    const files = loose.stats.files;
    // One file fewer than the loose build has: the bound counts, then the writer's limit check falls back.
    const packed = await build('auto', 'build', 'cache', files - 1);
    expect(packed.layout.layout).toBe('packed');
    expect(packed.layout.reason).toMatch(/^auto: /);
    expect(packed.stats.files).toBeLessThan(files);
    expect(await built()).toEqual(await cold('packed'));
  });

  it('writes after a change of layout what a cold build of the new layout writes', async () => {
    await build('packed');
    await build('loose');
    expect(await built()).toEqual(await cold('loose'));
    await build('packed');
    expect(await built()).toEqual(await cold('packed'));
  });

  it("takes site.yaml's layout unless --layout says otherwise, and builds whole when it changes", async () => {
    const site = join(content(), 'site.yaml');
    const before = await readFile(site, 'utf8');
    await writeFile(site, `${before}layout: packed\n`);
    const fromSite = await buildArchive({ contentDir: content(), buildDir: join(root, 'build'), cacheDir: join(root, 'cache'), media: folderMediaStore(join(root, 'media')), env: { SOURCE_DATE_EPOCH: String(BUILD_CLOCK) }, images: false });
    expect(fromSite.layout).toEqual({ layout: 'packed', reason: 'site.yaml layout: packed' });
    expect(fromSite.unchanged).toBe(false);
    const fromOption = await build('loose');
    expect(fromOption.layout).toEqual({ layout: 'loose', reason: '--layout loose' });
    await writeFile(site, before);
  });

  it('builds a loose build whole after an edit of a text, its files showing the new text', async () => {
    await build('loose');
    const file = join(content(), 'requests/10-akten/messages/100.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace('subject: Anfrage', 'subject: Anfrage nach Akten'));
    const result = await build('loose');
    expect(result.patched).toBe(0);
    const detail = await readFile(join(root, 'build/api/v1/message/100/index.html'), 'utf8');
    expect(JSON.parse(detail).subject).toBe('Anfrage nach Akten');
    expect(await built()).toEqual(await cold('loose'));
  });
});

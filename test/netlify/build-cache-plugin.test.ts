/**
 * The build plugin (src/netlify/plugins/archive-cache) with the `utils.cache` Netlify's build
 * injects (@netlify/cache-utils, on a cache folder of its own) and real builds of the sample:
 * what one build machine saves, the next one restores, and its build links every pack of the
 * earlier build/ instead of serializing it, writing the same bytes.
 */
import { existsSync } from 'node:fs';
import { cp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { bindOpts } from '@netlify/cache-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArchive } from '../../src/build.ts';
import { folderMediaStore } from '../../src/media/media-folder-store.ts';
// @ts-expect-error: the build plugin is plain JavaScript without types (Netlify loads it as is).
import * as plugin from '../../src/netlify/plugins/archive-cache/index.js';
// @ts-expect-error: plain JavaScript, as above.
import { CACHED_FOLDERS } from '../../src/netlify/plugins/archive-cache/folders.js';
import { ageFiles, BUILD_CLOCK, listFiles } from '../helpers/build.ts';
import { tempDir } from '../helpers/content.ts';

const SAMPLE = join(import.meta.dirname, '../../content');

let base: string;
let removeBase: () => Promise<void>;
/** The checkout a build machine builds in. */
const repo = (...path: string[]) => join(base, 'repo', ...path);
const utils = () => ({ cache: bindOpts({ cacheDir: join(base, 'netlify-cache'), cwd: repo() }) });
// Netlify's constants name the publish folder absolutely.
const constants = () => ({ PUBLISH_DIR: repo('build') });

const build = () =>
  buildArchive({
    contentDir: repo('content'),
    buildDir: repo('build'),
    cacheDir: repo('.cache/archive'),
    // The media store outlives build machines (Netlify Blobs on Netlify).
    media: folderMediaStore(join(base, 'media')),
    env: { SOURCE_DATE_EPOCH: String(BUILD_CLOCK) },
    images: false,
  });

async function filesOf(dir: string): Promise<Map<string, Buffer>> {
  return new Map(await Promise.all((await listFiles(dir)).map(async (file) => [file, await readFile(join(dir, file))] as const)));
}

/** A new build machine: a fresh clone, with neither build/ nor .cache/. */
async function freshMachine() {
  await rm(repo('build'), { recursive: true, force: true });
  await rm(repo('.cache'), { recursive: true, force: true });
}

beforeAll(async () => {
  ({ path: base, remove: removeBase } = await tempDir('archive-plugin-'));
  await cp(SAMPLE, repo('content'), { recursive: true });
  // A checkout older than a racy write: files hashed within 2 s of being written are not kept by
  // their signature (lib/file-digests.ts), and a fast enough build would then keep no digests.
  await ageFiles(repo('content'));
});
afterAll(() => removeBase());

describe('the build plugin with Netlify’s build cache', () => {
  it('keeps build/ and .cache/ from one build machine to the next, whose build links every pack', async () => {
    const first = await build();
    expect(first.reuse.linked).toBe(0);
    expect(first.reuse.rendered).toBeGreaterThan(6);
    const written = await filesOf(repo('build'));
    await plugin.onPostBuild({ inputs: { root: '.cache' }, utils: utils(), constants: constants() });

    await freshMachine();
    await plugin.onPreBuild({ inputs: { root: '.cache' }, utils: utils(), constants: constants() });
    for (const folder of CACHED_FOLDERS as string[]) expect(existsSync(repo('.cache', folder))).toBe(true);
    expect(await filesOf(repo('build'))).toEqual(written);

    const next = await build();
    expect(next.parsing.misses).toBe(0);
    expect(next.reuse).toEqual({ linked: first.reuse.rendered, rendered: 0, grown: 0 });
    expect(await filesOf(repo('build'))).toEqual(written);
    // Two cold PDF stages of the sample: over 180 s on a machine shared at a load average of ~27.
  }, 420_000);

  it('keeps no build/ with keep_build = false, and a build/ it cannot keep costs no deploy', async () => {
    await plugin.onPostBuild({ inputs: { root: '.cache' }, utils: utils(), constants: constants() });
    await freshMachine();
    await plugin.onPreBuild({ inputs: { root: '.cache', keep_build: false }, utils: utils(), constants: constants() });
    expect(existsSync(repo('.cache/archive/parsed'))).toBe(true);
    expect(existsSync(repo('build'))).toBe(false);

    // Netlify's cache refuses the checkout itself as a folder to keep: the step logs it and resolves.
    const lines: string[] = [];
    const log = console.log;
    console.log = (line: string) => lines.push(line);
    try {
      await plugin.onPostBuild({ inputs: { root: '.cache' }, utils: utils(), constants: { PUBLISH_DIR: repo() } });
    } finally {
      console.log = log;
    }
    expect(lines.at(-1)).toMatch(/^archive-cache: .*repo not saved \(Cannot cache .* because it is the current directory .*\); a build without it serializes every object$/);
  }, 60_000);
});

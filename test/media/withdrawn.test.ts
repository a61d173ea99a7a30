/**
 * A file withdrawn by a production build stops answering on every deploy of the site
 * (docs/deploy.md#withdrawn-files): real builds into one media store, and the media answers of
 * the older build's data (what an old deploy's permalink serves) asked for the file.
 */
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_KEY } from '../../src/formats/token-keys.ts';
import { folderMediaStore } from '../../src/media/media-folder-store.ts';
import { isWithdrawn } from '../../src/media/withdrawn.ts';
import { createMediaHandler } from '../../src/serve/media/handler.ts';
import { fsBuildStore } from '../../src/serve/shared/fs-build-store.ts';
import { BUILD_CLOCK, buildTree, type BuiltTree } from '../helpers/build.ts';
import { minimalArchive, responseMessage, tempDir } from '../helpers/content.ts';

const PRODUCTION = { CONTEXT: 'production', MEDIA_TOKEN_KEYS: 'k1:0123456789abcdef0123456789abcdef0123456789' };
const FILE = 'zurueckgezogen;1\n';
const builds: BuiltTree[] = [];
const dirs: { remove(): Promise<void> }[] = [];
afterAll(async () => {
  for (const built of builds) await built.remove();
  for (const dir of dirs) await dir.remove();
});

const archive = (approved: boolean) =>
  minimalArchive({
    'requests/10-akten/messages/101.yaml': responseMessage([
      { id: 1000, name: 'liste.csv' },
      { id: 1001, name: 'bescheid.csv', approved },
    ]),
    'requests/10-akten/files/101/bescheid.csv': FILE,
  });

async function build(approved: boolean, media: ReturnType<typeof folderMediaStore>, env: Record<string, string> = PRODUCTION): Promise<BuiltTree> {
  const built = await buildTree(archive(approved), { media, env });
  builds.push(built);
  return built;
}

/** What a deploy of `built` answers for a media path: its own `_data/`, the site's one media store. */
const answer = (built: BuiltTree, path: string) =>
  createMediaHandler({ keys: [DEVELOPMENT_KEY], ttl: 120, now: () => BUILD_CLOCK, data: fsBuildStore(built.buildDir), media: built.media })(new Request(`https://archiv.example.org/media/${path}`));

describe('withdrawn files (docs/deploy.md#withdrawn-files)', () => {
  it('answer 404 on the deploy that published them once a production build withdrew them, and again once one publishes them', async () => {
    const dir = await tempDir();
    dirs.push(dir);
    const media = folderMediaStore(dir.path);
    const old = await build(true, media);
    expect((await answer(old, 'foi/101/bescheid.csv')).status).toBe(200);

    const withdrawing = await build(false, media);
    const gone = await answer(old, 'foi/101/bescheid.csv');
    expect(gone.status).toBe(404);
    expect(gone.headers.get('cache-control')).toBe('no-store');
    expect((await answer(withdrawing, 'foi/101/bescheid.csv')).status).toBe(403);
    // What both builds publish still answers on the old deploy.
    expect((await answer(old, 'foi/101/liste.csv')).status).toBe(200);

    await build(true, media);
    expect((await answer(old, 'foi/101/bescheid.csv')).status).toBe(200);
  }, 120_000);

  it('a build that is not production (a deploy preview, a branch) withdraws nothing', async () => {
    const dir = await tempDir();
    dirs.push(dir);
    const media = folderMediaStore(dir.path);
    const old = await build(true, media);
    await build(false, media, {});
    expect((await answer(old, 'foi/101/bescheid.csv')).status).toBe(200);
    expect(await isWithdrawn(media, createHash('sha256').update(FILE).digest('hex'))).toBe(false);
  }, 120_000);
});

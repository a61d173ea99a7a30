/**
 * linkedOrMade (src/previous/output-record.ts): a group of files is linked from the previous build/ when
 * its key and the size above which the writer cuts data files are the recorded ones, and a
 * group with a file above that size is never recorded (build/ holds its parts, not the file).
 * Real record files and a real build/ folder; each "build" opens the record again, as a build does.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UrlBuilder } from '../../src/api/urls.ts';
import { resolveSettings } from '../../src/config.ts';
import { linkedOrMade, openOutputReuse, type OutputReuse } from '../../src/previous/output-record.ts';
import { tempDir } from '../helpers/content.ts';

const settings = resolveSettings({ title: 'Archiv', base_url: 'https://archiv.example.org/', updated_at: '2024-01-01T00:00:00Z' }, {});
const ctx = {
  urls: new UrlBuilder(settings.urls),
  timeZone: 'Europe/Berlin',
  now: 0,
  published: () => true,
  facts: () => {
    throw new Error('no documents here');
  },
  cropped: () => false,
};

describe('linkedOrMade', () => {
  let base: string;
  let remove: () => Promise<void>;
  beforeEach(async () => ({ path: base, remove } = await tempDir('archive-reuse-unit-')));
  afterEach(() => remove());

  const open = () => openOutputReuse({ dir: join(base, 'output'), buildDir: join(base, 'build'), settings, ctx, digests: { outside: '', folders: new Map() }, images: false, version: 'test' });
  /** One build: the group's files as linkedOrMade answers them, written into build/ (as the writer would), then the record saved. */
  async function build(splitBytes: number, key: string, body: string): Promise<{ made: number; linked: boolean }> {
    const reuse: OutputReuse = open();
    let made = 0;
    const files = linkedOrMade(reuse, splitBytes, 'media-index/_data/media/index/0a8.json', key, () => {
      made++;
      return [{ path: '_data/media/index/0a8.json', body }];
    });
    for (const file of files) {
      await mkdir(dirname(join(base, 'build', file.path)), { recursive: true });
      if ('body' in file) await writeFile(join(base, 'build', file.path), file.body);
    }
    reuse.save();
    return { made, linked: files.every((file) => 'copyFrom' in file) };
  }

  it('links the recorded files for the same key and size limit, and makes them again for another of either', async () => {
    expect(await build(100, 'k1', '{"a":1}')).toEqual({ made: 1, linked: false });
    expect(await build(100, 'k1', '{"a":1}')).toEqual({ made: 0, linked: true });
    expect(await build(200, 'k1', '{"a":1}')).toEqual({ made: 1, linked: false });
    expect(await build(200, 'k2', '{"a":2}')).toEqual({ made: 1, linked: false });
    expect(await build(200, 'k2', '{"a":2}')).toEqual({ made: 0, linked: true });
  });

  it('never records a group with a file above the size limit', async () => {
    const large = JSON.stringify({ a: 'x'.repeat(200) });
    expect(await build(100, 'k', large)).toEqual({ made: 1, linked: false });
    expect(await build(100, 'k', large)).toEqual({ made: 1, linked: false });
  });
});

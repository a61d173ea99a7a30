import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlannedFile } from '../../src/lib/planned-file.ts';
import { directorySink, drain, memorySink, writeBuild } from '../../src/output/write.ts';
import { listFiles } from '../helpers/build.ts';
import { tempDir } from '../helpers/content.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((remove) => remove()));
});

async function temp() {
  const dir = await tempDir('archive-write-');
  cleanups.push(dir.remove);
  return dir.path;
}

// One suite, run against both sinks.
describe.each([
  ['memory', async () => {
    const sink = memorySink();
    return { sink, read: async (path: string) => { const value = sink.files.get(path); return typeof value === 'string' ? value : JSON.stringify(value); } };
  }],
  ['directory', async () => {
    const root = await temp();
    return { sink: directorySink(root), read: (path: string) => readFile(join(root, path), 'utf8') };
  }],
])('%s sink', (_name, make) => {
  it('writes bodies and counts files and bytes', async () => {
    const { sink, read } = await make();
    const stats = await drain([{ path: 'a/b/c.json', body: '{"ä":1}' }, { path: 'x.json', body: '[]' }], sink);
    expect(stats).toEqual({ files: 2, bytes: 10 }); // 8 bytes (ä is two) + 2
    expect(await read('a/b/c.json')).toBe('{"ä":1}');
  });

  it('refuses a plan that names one path twice', async () => {
    const { sink } = await make();
    await expect(drain([{ path: 'a.json', body: '1' }, { path: 'a.json', body: '2' }], sink)).rejects.toThrow('names a.json twice');
  });
});

describe('writeBuild', () => {
  it('replaces the build directory whole on success', async () => {
    const root = await temp();
    const build = join(root, 'build');
    await mkdir(join(build, 'old'), { recursive: true });
    await writeFile(join(build, 'old', 'stale.json'), 'stale');
    const source = join(root, 'source.pdf');
    await writeFile(source, '%PDF-1.4');

    await writeBuild([{ path: 'api/v1/index.json', body: '{}' }, { path: 'media/x.pdf', copyFrom: source }], build);

    expect(await listFiles(build)).toEqual(['api/v1/index.json', 'media/x.pdf']);
    expect(await readFile(join(build, 'media/x.pdf'), 'utf8')).toBe('%PDF-1.4');
    expect((await readdir(root)).sort()).toEqual(['build', 'source.pdf']);
  });

  it('leaves the previous build untouched when the plan fails half-way', async () => {
    const root = await temp();
    const build = join(root, 'build');
    await mkdir(build);
    await writeFile(join(build, 'keep.json'), 'previous');
    const before = await stat(join(build, 'keep.json'));

    function* failing(): Generator<PlannedFile> {
      for (let i = 0; i < 100; i++) yield { path: `api/v1/x/${i}/index.json`, body: '{}' };
      throw new Error('serializer exploded');
    }
    await expect(writeBuild(failing(), build)).rejects.toThrow('serializer exploded');

    expect(await listFiles(build)).toEqual(['keep.json']);
    expect((await stat(join(build, 'keep.json'))).mtimeMs).toBe(before.mtimeMs);
    expect(await readdir(root)).toEqual(['build']);
  });

  it('leaves the previous build untouched when a copy source is missing', async () => {
    const root = await temp();
    const build = join(root, 'build');
    await mkdir(build);
    await writeFile(join(build, 'keep.json'), 'previous');
    await expect(writeBuild([{ path: 'media/a.pdf', copyFrom: join(root, 'missing.pdf') }], build)).rejects.toThrow(/ENOENT/);
    expect(await listFiles(build)).toEqual(['keep.json']);
    expect(await readdir(root)).toEqual(['build']);
  });

  it('creates the build directory when there was none', async () => {
    const root = await temp();
    await writeBuild([{ path: 'a.json', body: '1' }], join(root, 'build'));
    expect(await listFiles(join(root, 'build'))).toEqual(['a.json']);
  });
});

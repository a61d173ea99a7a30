/**
 * The benchmark's edits leave content that `archive check` accepts, change exactly what they
 * say (one text; one request with ten messages after the highest ids; one reply to the oldest
 * request), and their undo restores the content byte for byte. Netlify's deploy manifest is
 * made as netlify/cli makes it (no leading slash, dotfiles left out).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkContent } from '../../src/check.ts';
import { writeSyntheticArchive, type SyntheticShape } from '../../tools/synthetic.ts';
import { deployManifest, diffTrees, EDITS, netlifyDeploys, scanArchive, treeDigests } from '../../bench/changes.ts';
import { tempDir } from '../helpers/content.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((remove) => remove()));
});

async function synthetic(shape: SyntheticShape, requests: number): Promise<string> {
  const dir = await tempDir('archive-bench-edits-');
  cleanups.push(dir.remove);
  await writeSyntheticArchive(join(dir.path, 'content'), { requests, shape });
  return join(dir.path, 'content');
}

async function checked(contentDir: string) {
  const { problems, archive } = await checkContent({ contentDir, env: {} });
  expect(problems.errors.map((problem) => `${problem.file}: ${problem.message}`)).toEqual([]);
  return archive!;
}

describe.each<SyntheticShape>(['mixed', 'plain'])('the benchmark edits on the %s synthetic archive', (shape) => {
  it('keep the content valid, change what they say, and undo byte for byte', async () => {
    const contentDir = await synthetic(shape, 6);
    const original = treeDigests(contentDir).digests;
    const base = await checked(contentDir);
    const scan = await scanArchive(contentDir);
    const maxMessage = Math.max(...base.messages.map((message) => message.id));
    expect(scan.maxMessageId).toBe(maxMessage);
    expect(scan.requests.map((request) => request.id)).toEqual([1, 2, 3, 4, 5, 6]);
    if (shape === 'plain') expect(base.messages).toHaveLength(60);

    const a = await EDITS.a.apply(scan);
    const edited = await checked(contentDir);
    expect(edited.messages).toHaveLength(base.messages.length);
    const changed = diffTrees(original, treeDigests(contentDir).digests);
    expect(changed).toMatchObject({ added: 0, removed: 0, changed: 1, total: 1 });
    expect(changed.folders[0]![0]).toMatch(/^requests\/4\/messages$/);
    await a.undo();
    expect(diffTrees(original, treeDigests(contentDir).digests).total).toBe(0);

    const b = await EDITS.b.apply(scan);
    const added = await checked(contentDir);
    expect(added.requests.map((request) => request.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const fresh = added.messages.filter((message) => message.id > maxMessage).map((message) => message.id);
    expect(fresh).toEqual(Array.from({ length: 10 }, (_, i) => maxMessage + 1 + i));
    expect(diffTrees(original, treeDigests(contentDir).digests)).toMatchObject({ added: 11, removed: 0, changed: 0 });
    await b.undo();
    expect(diffTrees(original, treeDigests(contentDir).digests).total).toBe(0);

    const oldest = scan.requests.reduce((x, y) => (String(y.createdAt) < String(x.createdAt) ? y : x));
    const c = await EDITS.c.apply(scan);
    const replied = await checked(contentDir);
    expect(replied.messages).toHaveLength(base.messages.length + 1);
    const reply = diffTrees(original, treeDigests(contentDir).digests);
    expect(reply).toMatchObject({ added: 1, removed: 0, changed: 0 });
    expect(reply.folders).toEqual([[`requests/${oldest.folder}/messages`, 1]]);
    expect(c.description).toContain(`message ${maxMessage + 1}: a reply to request ${oldest.id} `);
    await c.undo();
    expect(diffTrees(original, treeDigests(contentDir).digests).total).toBe(0);
  });
});

describe('deploy manifest', () => {
  it('maps every deployed path, without a leading slash, to its sha1, and leaves out what netlify/cli skips', async () => {
    const dir = await tempDir('archive-bench-manifest-');
    cleanups.push(dir.remove);
    const files: Record<string, string> = {
      'index.json': '{}',
      'api/v1/request/0/0/1.json': '{"id":1}',
      '_data/request/index/resolution/.json': '[]',
      '.well-known/security.txt': 'Contact: x',
      '__MACOSX/x': 'y',
      '.cache/z': 'z',
    };
    for (const [path, body] of Object.entries(files)) {
      await mkdir(join(dir.path, path, '..'), { recursive: true });
      await writeFile(join(dir.path, path), body);
    }
    const { digests, bytes } = treeDigests(dir.path);
    expect(digests.size).toBe(6);
    expect(bytes).toBe(Object.values(files).join('').length);
    expect(digests.get('index.json')).toBe('bf21a9e8fbc5a3846fb05b4fa0859e0917b2202f'); // sha1 of "{}"
    expect([...digests.keys()].filter(netlifyDeploys).sort()).toEqual(['.well-known/security.txt', 'api/v1/request/0/0/1.json', 'index.json']);
    const deployed = Object.fromEntries([...digests].filter(([path]) => netlifyDeploys(path)));
    expect(deployManifest(digests)).toEqual({ files: 3, bytes: Buffer.byteLength(JSON.stringify(deployed)) });
  });

  it('counts added, removed and changed files by folder', () => {
    const before = new Map([['a/1', 'x'], ['a/2', 'x'], ['b/1', 'x']]);
    const after = new Map([['a/1', 'x'], ['a/2', 'y'], ['c/1', 'x'], ['c/2', 'x']]);
    expect(diffTrees(before, after)).toEqual({ added: 2, removed: 1, changed: 1, total: 4, folders: [['c', 2], ['a', 1], ['b', 1]] });
  });
});

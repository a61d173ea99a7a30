/**
 * Digests of many files (src/lib/hash-pool.ts): on worker threads past a few thousand files,
 * on this thread below; the same digests either way, in the order asked, null for a file that
 * cannot be read.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentDigest } from '../../src/content/parse.ts';
import { hashFiles } from '../../src/lib/hash-pool.ts';
import { tempDir } from '../helpers/content.ts';

let dir: Awaited<ReturnType<typeof tempDir>>;

beforeEach(async () => {
  dir = await tempDir('archive-hash-pool-');
});
afterEach(() => dir.remove());

describe('hashFiles', () => {
  it('gives each file its digest in the order asked, on workers and on this thread alike', async () => {
    mkdirSync(join(dir.path, 'files'));
    const paths = Array.from({ length: 2500 }, (_, at) => {
      const path = join(dir.path, 'files', `${at}.yaml`);
      writeFileSync(path, `id: ${at}\n${'x'.repeat(at % 97)}\n`);
      return path;
    });
    // One missing file in the middle: null, and the files after it keep their places.
    paths.splice(1234, 0, join(dir.path, 'files', 'missing.yaml'));
    const expected = paths.map((path, at) => (at === 1234 ? null : contentDigest(Buffer.from(`id: ${at < 1234 ? at : at - 1}\n${'x'.repeat((at < 1234 ? at : at - 1) % 97)}\n`))));
    const at = (index: number) => paths[index]!;
    expect(await hashFiles(paths.length, at, 'sha1', 2)).toEqual(expected);
    expect(await hashFiles(paths.length, at, 'sha1', 1)).toEqual(expected);
    expect(await hashFiles(3, at, 'sha256', 2)).toEqual([0, 1, 2].map((index) => createHash('sha256').update(`id: ${index}\n${'x'.repeat(index)}\n`).digest('hex')));
  });
});

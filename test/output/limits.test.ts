/**
 * Every deploy-limit check trips on a build that exceeds it, with the path, the figure and the
 * limit in one line, and leaves the previous build/ as it was.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../src/config.ts';
import type { DeployLimits } from '../../src/config.ts';
import { createLimitCheck, DeployLimitError } from '../../src/output/limits.ts';
import type { PlannedFile } from '../../src/lib/planned-file.ts';
import { writeBuild } from '../../src/output/write.ts';
import { listFiles } from '../helpers/build.ts';
import { tempDir } from '../helpers/content.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((remove) => remove()));
});

const LIMITS: DeployLimits = { entriesPerFolder: 3, fileBytes: 100, files: 10, redirectRules: 2, headerRules: 1, routingFileBytes: 200 };

/** Writes `files` over a previous build and returns the error and what build/ holds afterwards. */
async function attempt(files: PlannedFile[], limits: DeployLimits = LIMITS): Promise<{ error: unknown; left: string[] }> {
  const dir = await tempDir('archive-limits-');
  cleanups.push(dir.remove);
  const build = join(dir.path, 'build');
  await mkdir(build);
  await writeFile(join(build, 'previous.json'), '{}');
  const error = await writeBuild(files, build, { limits }).then(() => null, (caught: unknown) => caught);
  return { error, left: await listFiles(build) };
}

const file = (path: string, bytes = 2): PlannedFile => ({ path, body: 'x'.repeat(bytes) });

describe('deploy limits', () => {
  it('defaults to Netlify\'s figures', () => {
    expect(DEFAULTS.deployLimits.entriesPerFolder).toBe(54_000);
    expect(DEFAULTS.deployLimits.fileBytes).toBe(10_000_000);
    expect(DEFAULTS.deployLimits.redirectRules).toBe(10_000);
    // Our ceiling, from the field reports in docs/deploy.md (Netlify documents none).
    expect(DEFAULTS.deployLimits.files).toBe(100_000);
  });

  // Each case lowers one limit only, so that exactly its check trips.
  const ROOMY: DeployLimits = { entriesPerFolder: 100, fileBytes: 1000, files: 100, redirectRules: 100, headerRules: 100, routingFileBytes: 1000 };
  it.each<[string, Partial<DeployLimits>, PlannedFile[], string]>([
    ['entries per folder (files)', { entriesPerFolder: 3 }, ['a/1', 'a/2', 'a/3', 'a/4'].map((path) => file(path)), 'a/ holds 4 entries; the limit is 3 entries per folder (deploy limit entriesPerFolder)'],
    ['entries per folder (folders count too)', { entriesPerFolder: 3 }, ['b/1/x', 'b/2/x', 'b/3/x', 'b/4'].map((path) => file(path)), 'b/ holds 4 entries; the limit is 3 entries per folder (deploy limit entriesPerFolder)'],
    ['bytes per file', { fileBytes: 100 }, [file('api/v1/big.json', 101)], 'api/v1/big.json is 101 bytes; the limit is 100 bytes per file (deploy limit fileBytes)'],
    ['files per deploy', { files: 10 }, Array.from({ length: 11 }, (_, i) => file(`d${i % 3}/${i}`)), 'build/ holds 11 files; the limit is 10 files per deploy (deploy limit files)'],
    ['_redirects rules', { redirectRules: 2 }, [{ path: '_redirects', body: '# comment\n/a /b 200\n/c /d 200\n\n/e /f 200\n' }], '_redirects has 3 rules; the limit is 2 rules (deploy limit redirectRules)'],
    ['_headers rules', { headerRules: 1 }, [{ path: '_headers', body: '# x\n/a\n  Allow: GET\n/b\n  Allow: GET\n' }], '_headers has 2 rules; the limit is 1 rules (deploy limit headerRules)'],
    ['bytes per routing file', { routingFileBytes: 200 }, [{ path: '_redirects', body: `/a /b 200\n${'#'.repeat(200)}\n` }], '_redirects is 211 bytes; the limit is 200 bytes per routing file (deploy limit routingFileBytes)'],
  ])('trips on %s and keeps the previous build', async (_name, lowered, files, line) => {
    const { error, left } = await attempt(files, { ...ROOMY, ...lowered });
    expect(error).toBeInstanceOf(DeployLimitError);
    expect((error as DeployLimitError).violations).toEqual([line]);
    expect(left).toEqual(['previous.json']);
    // The same files fit the roomy limits.
    expect((await attempt(files, ROOMY)).error).toBeNull();
  });

  it('refuses a file or folder whose name starts with a dot, which Netlify would not deploy', async () => {
    const { error, left } = await attempt([file('api/v1/index.json'), file('_data/request/index/resolution/.json'), file('_data/.hidden/a.json')]);
    expect((error as DeployLimitError).violations).toEqual([
      '_data/request/index/resolution/.json has a name starting with "." and would not be deployed (Netlify skips such files)',
      '_data/.hidden/a.json has a name starting with "." and would not be deployed (Netlify skips such files)',
    ]);
    expect(left).toEqual(['previous.json']);
  });

  it('reports every violation of one build at once', async () => {
    const { error } = await attempt([...['a/1', 'a/2', 'a/3', 'a/4'].map((path) => file(path)), file('big', 101)]);
    expect((error as DeployLimitError).violations).toHaveLength(2);
  });

  it('replaces build/ when the output fits, and reports the fullest folder and largest file', async () => {
    const dir = await tempDir('archive-limits-');
    cleanups.push(dir.remove);
    const result = await writeBuild([file('a/1'), file('a/2', 50), file('a/b/c')], join(dir.path, 'build'), { limits: LIMITS });
    expect(result.layout).toEqual({ files: 3, bytes: 54, fullestFolder: { path: 'a', entries: 3 }, largestFile: { path: 'a/2', bytes: 50 } });
    expect(await readFile(join(dir.path, 'build', 'a/2'), 'utf8')).toBe('x'.repeat(50));
  });

  it('counts each folder once in its parent however many files it holds', () => {
    const check = createLimitCheck(LIMITS);
    for (let i = 0; i < 50; i++) check.add(`x/y/${i}`, 1);
    expect(check.figures().fullestFolder).toEqual({ path: 'x/y', entries: 50 });
    expect(check.violations()).toEqual(['x/y/ holds 50 entries; the limit is 3 entries per folder (deploy limit entriesPerFolder)', 'build/ holds 50 files; the limit is 10 files per deploy (deploy limit files)']);
  });
});

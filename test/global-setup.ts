/**
 * One temporary folder per vitest run (vitest.config.ts `globalSetup`): every temp dir a test,
 * a helper or a child process makes (`mkdtemp(tmpdir())`, Chromium's profile, Deno's cache)
 * goes below it, because TMPDIR (TMP, TEMP) points there for the workers and whatever they
 * start, and the whole folder is removed when the run ends. A test that forgets to remove
 * its folder, or fails before it could, leaves nothing in the system's temp folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const NAMES = ['TMPDIR', 'TMP', 'TEMP'] as const;

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'archive-tests-'));
  const before = NAMES.map((name) => [name, process.env[name]] as const);
  for (const name of NAMES) process.env[name] = root;
  return () => {
    for (const [name, value] of before) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    rmSync(root, { recursive: true, force: true });
  };
}

/**
 * The version of the build's code that every cache names (the parse cache, the output record,
 * the kept values, the build state): after an update of the code they start over.
 */
import { sha256Hash } from './sha256.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let codeVersion: string | undefined;

/**
 * A digest of everything that decides what a parse gives: the source of src/ (every stage, to
 * stay simple and safe) and the lock file (the YAML parser's and zod's versions).
 */
export function buildCodeVersion(): string {
  if (codeVersion) return codeVersion;
  // This module is src/lib/code-version.ts.
  const src = dirname(dirname(fileURLToPath(import.meta.url)));
  const hash = sha256Hash();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|mjs|js|json)$/.test(entry.name)) hash.update(path.slice(src.length)).update('\0').update(readFileSync(path)).update('\0');
    }
  };
  walk(src);
  try {
    hash.update(readFileSync(join(dirname(src), 'package-lock.json')));
  } catch {
    // No lock file next to src/ (an installed package): the source alone decides.
  }
  return (codeVersion = hash.digest('hex').slice(0, 32));
}

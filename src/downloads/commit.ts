/**
 * The content commit a build's downloads name (docs/downloads.md, "Manifest"): Netlify's
 * `COMMIT_REF` (Netlify docs, "Build environment variables": "Reference ID (also known as
 * 'SHA' or 'hash') of the commit we're building"), else GitHub Actions' `GITHUB_SHA`, else
 * what `git rev-parse HEAD` says in content/ when it is in a git work tree; null otherwise.
 */
import { execFileSync } from 'node:child_process';
import type { Env } from '../config.ts';

const SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

export function contentCommit(contentDir: string, env: Env): string | null {
  for (const name of ['COMMIT_REF', 'GITHUB_SHA']) {
    const value = env[name]?.trim().toLowerCase();
    if (value && SHA.test(value)) return value;
  }
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: contentDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 }).trim();
    return SHA.test(head) ? head : null;
  } catch {
    return null;
  }
}

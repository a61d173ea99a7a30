/**
 * The only code that writes build/. Files go to a fresh temporary directory next to it; only
 * when every file is written does the temporary directory replace build/. A failure at any
 * point removes the temporary directory and leaves the previous build/ exactly as it was.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, linkSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join, resolve } from 'node:path';
import type { DeployLimits } from '../config.ts';
import { createLimitCheck, DeployLimitError, NETLIFY_LIMITS, type LayoutFigures, type LimitCheck } from './limits.ts';
import type { PlannedFile } from '../lib/planned-file.ts';

/** Where planned files go: a directory on disk, or memory for tests. */
export interface Sink {
  write(path: string, body: string | Uint8Array): Promise<void>;
  copy(path: string, from: string): Promise<void>;
}

export interface WriteStats {
  files: number;
  bytes: number;
}

/** Drains the plan into a sink in order; rejects on the first failure. `check` sees every file with its size. */
export async function drain(files: Iterable<PlannedFile>, sink: Sink, onFile?: (stats: WriteStats) => void, check?: LimitCheck): Promise<WriteStats> {
  const stats: WriteStats = { files: 0, bytes: 0 };
  const seen = new Set<string>();
  for (const file of files) {
    if (seen.has(file.path)) throw new Error(`the output plan names ${file.path} twice; two records would overwrite each other`);
    seen.add(file.path);
    if ('body' in file) {
      await sink.write(file.path, file.body);
      const size = typeof file.body === 'string' ? Buffer.byteLength(file.body) : file.body.byteLength;
      stats.bytes += size;
      check?.add(file.path, size, file.body);
    } else {
      await sink.copy(file.path, file.copyFrom);
      const size = statSync(file.copyFrom).size;
      // A file linked from the previous build/ (it carries its digest, src/previous/output-record.ts) is
      // this build's JSON as much as a written one; Swagger UI's files are not counted.
      if (file.sha256 !== undefined) stats.bytes += size;
      check?.add(file.path, size);
    }
    stats.files++;
    onFile?.(stats);
  }
  return stats;
}

export function memorySink(): Sink & { files: Map<string, string | Uint8Array | { copyFrom: string }> } {
  const files = new Map<string, string | Uint8Array | { copyFrom: string }>();
  return {
    files,
    async write(path, body) {
      files.set(path, body);
    },
    async copy(path, from) {
      files.set(path, { copyFrom: from });
    },
  };
}

/**
 * Writes into a directory. Synchronous on purpose: for 200,000 small files the promise API's
 * open/write/close round trips through libuv's four threads cost 3x more than the writes
 * (measured: 20,000 files in 0.67 s sync vs 2.2 s async on this machine).
 */
export function directorySink(root: string): Sink {
  const made = new Set<string>();
  const ensureDir = (path: string) => {
    const dir = dirname(join(root, path));
    if (made.has(dir)) return;
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  };
  return {
    async write(path, body) {
      ensureDir(path);
      writeFileSync(join(root, path), body);
    },
    async copy(path, from) {
      ensureDir(path);
      const target = join(root, path);
      // A hard link costs no bytes and no time; across file systems fall back to a copy.
      try {
        linkSync(from, target);
      } catch {
        copyFileSync(from, target);
      }
    },
  };
}

export interface WriteOptions {
  onFile?: (stats: WriteStats) => void;
  /**
   * How the replaced build/ is deleted: 'wait' (default) before returning; 'background' in a
   * detached process, so a large tree (seconds to delete) does not hold up the build. Trees
   * left behind by a killed process are swept by the next build either way.
   */
  removeOld?: 'wait' | 'background';
  /** The deploy target's limits the new tree must fit before it replaces build/ (default: Netlify's). */
  limits?: DeployLimits;
}

export interface WriteResult extends WriteStats {
  /** The fullest folder and the largest file of the new tree (src/output/limits.ts). */
  layout: LayoutFigures;
}

/**
 * A complete new tree next to build/, not yet visible as build/: the build does what the new
 * build/ depends on (the media upload), then replaces build/ with it, or discards it.
 */
export interface StagedTree {
  /** Where the tree is (a temporary sibling of build/). */
  readonly path: string;
  readonly stats: WriteResult;
  /** Makes the tree build/ in one rename (the previous build/ is deleted as `removeOld` says). */
  replace(): Promise<void>;
  /** Deletes the tree; build/ stays as it was. */
  discard(): Promise<void>;
}

const PREFIX = { new: '.build-new-', old: '.build-old-' } as const;

/**
 * Leftovers next to build/: trees of builds that were killed half-way, and replaced trees a
 * background deletion has not finished yet (deleting one twice is harmless).
 */
async function sweepLeftovers(target: string, mode: 'wait' | 'background'): Promise<void> {
  const parent = dirname(target);
  const name = basename(target);
  const entries = await readdir(parent).catch(() => [] as string[]);
  const leftovers = entries
    .filter((entry) => entry.startsWith(`${PREFIX.new}${name}-`) || entry.startsWith(`${PREFIX.old}${name}-`))
    .map((entry) => join(parent, entry));
  if (mode === 'background') leftovers.forEach(removeInBackground);
  else await Promise.all(leftovers.map((path) => rm(path, { recursive: true, force: true })));
}

function removeInBackground(path: string): void {
  const child = spawn(process.execPath, ['-e', 'require("node:fs").rmSync(process.argv[1], { recursive: true, force: true })', path], {
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
}

/**
 * Writes the plan into a temporary sibling of `buildDir` and checks it against the deploy
 * limits. On any failure (a DeployLimitError among them) the tree is removed, build/ is
 * untouched and the error is re-thrown; on success build/ is still untouched until `replace`.
 */
export async function stageTree(files: Iterable<PlannedFile>, buildDir: string, options: WriteOptions = {}): Promise<StagedTree> {
  const target = resolve(buildDir);
  const removeOld = options.removeOld ?? 'wait';
  await sweepLeftovers(target, removeOld);
  const suffix = `${basename(target)}-${process.pid}-${randomBytes(4).toString('hex')}`;
  const temp = join(dirname(target), `${PREFIX.new}${suffix}`);
  const old = join(dirname(target), `${PREFIX.old}${suffix}`);
  await mkdir(temp, { recursive: true });
  const check = createLimitCheck(options.limits ?? NETLIFY_LIMITS);
  let written: WriteStats;
  try {
    written = await drain(files, directorySink(temp), options.onFile, check);
    const violations = check.violations();
    if (violations.length > 0) throw new DeployLimitError(violations);
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
  const discard = () => rm(temp, { recursive: true, force: true });
  return {
    path: temp,
    stats: { ...written, layout: check.figures() },
    discard,
    async replace() {
      // Two renames: the only moment without build/ is between them, and no partial tree is ever visible.
      const hadPrevious = await rename(target, old).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return false;
          throw error;
        },
      );
      try {
        await rename(temp, target);
      } catch (error) {
        if (hadPrevious) await rename(old, target);
        await discard();
        throw error;
      }
      if (hadPrevious) {
        if (removeOld === 'background') removeInBackground(old);
        else await rm(old, { recursive: true, force: true });
      }
    },
  };
}

/** stageTree, then replace: for a build/ that depends on nothing else being done first. */
export async function writeBuild(files: Iterable<PlannedFile>, buildDir: string, options: WriteOptions = {}): Promise<WriteResult> {
  const staged = await stageTree(files, buildDir, options);
  await staged.replace();
  return staged.stats;
}

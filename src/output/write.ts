/**
 * The only code that writes build/. Files go to a fresh temporary directory next to it; only
 * when every file is written does the temporary directory replace build/. A failure at any
 * point removes the temporary directory and leaves the previous build/ exactly as it was.
 */
import { link, copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import type { PlannedFile } from './plan-types.ts';

/** Where planned files go: a directory on disk, or memory for tests (STYLE practice 1). */
export interface Sink {
  write(path: string, body: string | Uint8Array): Promise<void>;
  copy(path: string, from: string): Promise<void>;
}

export interface WriteStats {
  files: number;
  bytes: number;
}

const CONCURRENCY = 32;

/** Drains the plan into a sink with bounded concurrency; rejects on the first failure. */
export async function drain(files: Iterable<PlannedFile>, sink: Sink, onFile?: (stats: WriteStats) => void): Promise<WriteStats> {
  const stats: WriteStats = { files: 0, bytes: 0 };
  const seen = new Set<string>();
  const running = new Set<Promise<void>>();
  let failure: unknown;
  try {
    for (const file of files) {
      if (failure) break;
      if (seen.has(file.path)) throw new Error(`the output plan names ${file.path} twice; two records would overwrite each other`);
      seen.add(file.path);
      const task = ('body' in file ? sink.write(file.path, file.body) : sink.copy(file.path, file.copyFrom)).then(
        () => {
          stats.files++;
          if ('body' in file) stats.bytes += typeof file.body === 'string' ? Buffer.byteLength(file.body) : file.body.byteLength;
          onFile?.(stats);
        },
        (error: unknown) => {
          failure ??= error;
        },
      );
      const tracked = task.finally(() => running.delete(tracked));
      running.add(tracked);
      if (running.size >= CONCURRENCY) await Promise.race(running);
    }
  } finally {
    // Never leave writes running behind a failure: the caller removes the directory next.
    await Promise.allSettled(running);
  }
  if (failure) throw failure;
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

export function directorySink(root: string): Sink {
  const made = new Set<string>();
  const ensureDir = async (path: string) => {
    const dir = dirname(join(root, path));
    if (made.has(dir)) return;
    await mkdir(dir, { recursive: true });
    made.add(dir);
  };
  return {
    async write(path, body) {
      await ensureDir(path);
      await writeFile(join(root, path), body);
    },
    async copy(path, from) {
      await ensureDir(path);
      const target = join(root, path);
      // A hard link costs no bytes and no time; across file systems fall back to a copy.
      await link(from, target).catch(() => copyFile(from, target));
    },
  };
}

/**
 * Writes the plan into a temporary sibling of `buildDir` and swaps it in. Returns the stats;
 * on failure the previous build/ is untouched and the error is re-thrown.
 */
export async function writeBuild(
  files: Iterable<PlannedFile>,
  buildDir: string,
  onFile?: (stats: WriteStats) => void,
): Promise<WriteStats> {
  const target = resolve(buildDir);
  const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const temp = join(dirname(target), `.build-new-${suffix}`);
  const old = join(dirname(target), `.build-old-${suffix}`);
  await mkdir(temp, { recursive: true });
  let stats: WriteStats;
  try {
      stats = await drain(files, directorySink(temp), onFile);
    } catch (error) {
      await rm(temp, { recursive: true, force: true });
      throw error;
    }
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
      await rm(temp, { recursive: true, force: true });
      throw error;
    }
    if (hadPrevious) await rm(old, { recursive: true, force: true });
    return stats;
  }

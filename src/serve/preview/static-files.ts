/**
 * Static files of build/ for the local preview's router (router.ts), with an ETag as the CDN
 * gives one. Small files are kept in memory with their ETag, keyed by inode, size and mtime,
 * so a rebuild (an atomic directory swap) is seen at once and a hit costs one stat().
 */
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileInside } from '../shared/fs-build-store.ts';
import type { StaticFile, StaticFileReader } from './router.ts';

const MAX_CACHED_BYTES = 512 * 1024;
const MAX_ENTRIES = 4096;

export class StaticFiles implements StaticFileReader {
  private readonly root: string;
  private readonly cache = new Map<string, StaticFile & { key: string }>();

  constructor(buildDir: string) {
    this.root = resolve(buildDir);
  }

  /** The file, or null when there is none (directories count as none). */
  async get(relative: string): Promise<StaticFile | null> {
    const file = fileInside(this.root, relative);
    if (file === null) return null;
    let info;
    try {
      info = await stat(file);
    } catch {
      return null;
    }
    if (!info.isFile()) return null;
    const key = `${info.ino}:${info.size}:${info.mtimeMs}`;
    const hit = this.cache.get(file);
    if (hit && hit.key === key) return hit;
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      return null;
    }
    const entry = { body, etag: `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}-${info.ino.toString(36)}"`, key };
    if (body.byteLength <= MAX_CACHED_BYTES) {
      if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(file, entry);
    }
    return entry;
  }
}

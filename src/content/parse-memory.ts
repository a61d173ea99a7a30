/**
 * The parse cache's shards (content/parse-cache-file.ts) as the watching preview read them
 * last, kept between its rebuilds (src/start.ts). A rebuild reads again only the shard files
 * that were replaced since, by the last rebuild's save or by a patch build, instead of the whole
 * cache (~1 s at 50,000 requests); and the parses it finds are the objects the last rebuild
 * found, already in the old generation of the heap, not copies that every collection of the
 * young generation moves again (docs/performance.md, "Watching preview").
 *
 * A shard is known by its file's identity: inode, size, modification and change times. Every
 * shard file is written whole under a temporary name and renamed over the old one, so a
 * replaced shard is another inode (the kept file's open descriptor holds its inode, which no new
 * file can take meanwhile). A shard kept by mistake would cost parsing, never a wrong parse: its
 * entries are checked against the files as any shard's are (content/parse-cache.ts, `lookup`).
 * A kept shard's file stays open while it is kept: its messages' texts are read through it by
 * the rebuild that found them; it is closed when a later rebuild finds the shard replaced,
 * after the rebuild that read the texts has ended.
 */
import { closeSync, fstatSync, openSync } from 'node:fs';
import { emptyShard, readShardFrom, type Shard } from './parse-cache-file.ts';

interface Kept {
  identity: string;
  version: string;
  shard: Shard;
}

export class ParseMemory {
  readonly #kept = new Map<string, Kept>();

  /**
   * The shard file at `path` read for this code version: the one kept while the file is the one
   * read last, else read and kept (an empty shard when there is none, as readShard gives).
   */
  read(path: string, version: string): Shard {
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch {
      this.#forget(path);
      return emptyShard();
    }
    // The identity is the open file's: what is read below is that file, whatever renames follow.
    const stat = fstatSync(fd, { bigint: true });
    const identity = `${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
    const kept = this.#kept.get(path);
    if (kept?.identity === identity && kept.version === version) {
      closeSync(fd);
      return kept.shard;
    }
    this.#forget(path);
    const shard = readShardFrom(fd, version);
    this.#kept.set(path, { identity, version, shard });
    return shard;
  }

  /** Closes every kept shard's file (the preview stops). */
  close(): void {
    for (const path of [...this.#kept.keys()]) this.#forget(path);
  }

  #forget(path: string): void {
    this.#kept.get(path)?.shard.file?.close();
    this.#kept.delete(path);
  }
}

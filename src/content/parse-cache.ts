/**
 * What parsing and validating each content file gave, kept between builds in the cache folder
 * (docs/architecture.md, "Incremental builds"), so that a build parses only the files that
 * changed. A file's entry is found by its path and trusted when its bytes are the cached
 * file's bytes:
 *
 * - the file's stat signature (size, modification and change times in nanoseconds, inode) is
 *   the one recorded: the file was not touched since it was hashed, as git's index decides;
 * - otherwise its bytes are read and hashed: the same hash is a hit (a fresh clone, a cache
 *   restored on another machine: every signature differs and every file is hashed once).
 *
 * A file modified within lib/file-digests.ts's RACY_MS of being recorded is recorded without a
 * signature (it is hashed next time): a second edit in the same clock tick could keep size and times.
 *
 * Entries live in SHARDS files by a hash of the path, each rewritten whole (a temporary file,
 * then a rename) only when one of its entries changed, so an edit rewrites one small file and
 * a build killed at any moment leaves every shard either old or new, both true. Every shard
 * carries the code version (a digest of the build's own source and lock file): a build of
 * other code finds no entries, as the parse may have changed with it.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { statSignature } from '../lib/file-digests.ts';
import { sweepStaleTempSync, writeAtomically } from '../lib/files.ts';
import { contentDigest, type ParsedFile } from './parse.ts';
import type { ContentKind } from './schema.ts';

const SHARDS = 64;

interface Entry {
  kind: ContentKind;
  /** The stat signature when the file was hashed; null when it was too fresh to trust. */
  signature: string | null;
  parsed: ParsedFile;
}

interface ShardFile {
  version: string;
  entries: Map<string, Entry>;
}

export interface ParseCache {
  /** The cached parse of a file of this kind whose bytes are unchanged, or undefined. */
  lookup(path: string, kind: ContentKind, absolute: string): ParsedFile | undefined;
  /** Records the parse of a file looked up before (its signature comes from that lookup). */
  remember(path: string, kind: ContentKind, parsed: ParsedFile): void;
  /**
   * Writes the shards that changed; entries of files not looked up in this run are dropped.
   * Then lets go of every entry (later lookups miss): a cache serves one loading, and its
   * entries would otherwise hold every file's parse for as long as the cache is referenced.
   */
  save(): void;
  readonly stats: { hits: number; hashed: number; misses: number };
}

function shardOfPath(path: string): number {
  let hash = 0;
  for (let i = 0; i < path.length; i++) hash = (Math.imul(hash, 31) + path.charCodeAt(i)) | 0;
  return (hash >>> 0) % SHARDS;
}

let codeVersion: string | undefined;

/**
 * A digest of everything that decides what a parse gives: the source of src/ (every stage, to
 * stay simple and safe) and the lock file (the YAML parser's and zod's versions).
 */
export function buildCodeVersion(): string {
  if (codeVersion) return codeVersion;
  const src = dirname(dirname(fileURLToPath(import.meta.url)));
  const hash = createHash('sha256');
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

/** Opens the parse cache in `dir` (created on save), for content files read from disk. */
export function openParseCache(dir: string, version = buildCodeVersion()): ParseCache {
  const shards: ShardFile[] = [];
  // Temporary files of a killed save are swept once stale; shards of another version are ignored here
  // and replaced on save.
  sweepStaleTempSync(dir);
  for (let shard = 0; shard < SHARDS; shard++) {
    let file: ShardFile = { version, entries: new Map() };
    try {
      const read = deserialize(readFileSync(join(dir, `${shard}.v8`))) as ShardFile;
      if (read.version === version && read.entries instanceof Map) file = read;
    } catch {
      // Missing or unreadable (a disk that lost it): the shard starts empty.
    }
    shards.push(file);
  }
  const dirty = new Set<number>();
  const seen = new Set<string>();
  const pending = new Map<string, string | null>();
  const stats = { hits: 0, hashed: 0, misses: 0 };

  return {
    stats,
    lookup(path, kind, absolute) {
      seen.add(path);
      const shard = shardOfPath(path);
      const entry = shards[shard]!.entries.get(path);
      const now = statSignature(absolute);
      const trusted = now?.trusted ? now.signature : null;
      pending.set(path, trusted);
      if (!entry || entry.kind !== kind || !now) {
        stats.misses++;
        return undefined;
      }
      if (entry.signature !== null && entry.signature === now.signature) {
        stats.hits++;
        return entry.parsed;
      }
      let bytes: Uint8Array;
      try {
        bytes = readFileSync(absolute);
      } catch {
        stats.misses++;
        return undefined;
      }
      if (contentDigest(bytes) !== entry.parsed.digest) {
        stats.misses++;
        return undefined;
      }
      stats.hashed++;
      if (entry.signature !== trusted) {
        shards[shard]!.entries.set(path, { ...entry, signature: trusted });
        dirty.add(shard);
      }
      return entry.parsed;
    },
    remember(path, kind, parsed) {
      const shard = shardOfPath(path);
      shards[shard]!.entries.set(path, { kind, signature: pending.get(path) ?? null, parsed });
      dirty.add(shard);
    },
    save() {
      mkdirSync(dir, { recursive: true });
      shards.forEach((file, shard) => {
        for (const path of file.entries.keys()) {
          if (!seen.has(path)) {
            file.entries.delete(path);
            dirty.add(shard);
          }
        }
        if (dirty.has(shard)) writeAtomically(join(dir, `${shard}.v8`), serialize(file));
        shards[shard] = { version, entries: new Map() };
      });
      dirty.clear();
      pending.clear();
      seen.clear();
    },
  };
}

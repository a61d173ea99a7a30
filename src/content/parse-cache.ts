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
 * Entries live in SHARDS files, a request folder's all in one (by a hash of the folder's
 * name) and those of the files outside the request folders in shard 0 (content/parse-cache-file.ts),
 * so that readParsedFolders reads a few folders' parses without the rest. Each shard is
 * rewritten whole (a temporary file, then a rename) only when one of its entries changed, so an edit rewrites one small file and
 * a build killed at any moment leaves every shard either old or new, both true. Every shard
 * carries the code version (a digest of the build's own source and lock file): a build of
 * other code finds no entries, as the parse may have changed with it.
 *
 * A message's text is not part of its entry: the shard file holds the texts of its messages
 * before the entries, and an entry says where each one is. A loaded message's `content` is a
 * StoredText (lib/stored-text.ts) in the shard file, or in the new shard file being
 * written for a file parsed in this run, so neither a warm nor a cold build holds the texts.
 * The build reads them through the files this cache opened, until `close`.
 */
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildCodeVersion } from '../lib/code-version.ts';
import { statSignature, type FileSignature } from '../lib/file-digests.ts';
import { sweepStaleTempSync, temporarySibling } from '../lib/files.ts';
import { CONTENT_DIGEST, type ParsedFile } from './parse.ts';
import { hashOne } from '../lib/hash-pool.ts';
import { emptyShard, kindAt, parsedAt, readShard, shardOfFolder, shardOfPath, shardPath, SHARDS, writeShard, type Entry, type Shard } from './parse-cache-file.ts';
import type { ContentKind } from './schema.ts';
import { TextSpool, type LazyText, type TextFile } from '../lib/stored-text.ts';
import { requestFolderOf } from './digests.ts';
import type { ParseMemory } from './parse-memory.ts';

export interface ParseCache {
  /**
   * The cached parse of a file of this kind whose bytes are unchanged, or undefined. `stat`:
   * the file's signature as a walk just took it (content/scan.ts); without it the file is statted here.
   * `absolute` makes the file's path on disk, only when it is statted or read.
   * A file whose signature is not the recorded one is read and hashed to compare its bytes;
   * `hashed` says how instead: its SHA-1 (contentDigest) taken elsewhere, null where it could not
   * be read, or HASH_LATER: nothing is read or recorded, the lookup answers HASH_LATER and is
   * asked again with the digest (content/load.ts hashes all such files at once, lib/hash-pool.ts).
   */
  lookup(path: string, kind: ContentKind, absolute: () => string, stat?: FileSignature, hashed?: string | null | typeof HASH_LATER): ParsedFile | undefined | typeof HASH_LATER;
  /**
   * Records the parse of a file looked up before (its signature comes from that lookup). A
   * message's text goes to the new shard file at once and its `content` becomes a StoredText.
   * A parse with errors does not replace an entry without errors (the file is parsed again next time).
   */
  remember(path: string, kind: ContentKind, parsed: ParsedFile): void;
  /**
   * Writes the shards that changed; entries of files not looked up in this run are dropped.
   * Then lets go of every entry (later lookups miss): a cache serves one loading, and its entries
   * would otherwise hold every file's parse while it is referenced (a ParseMemory keeps its shards).
   */
  save(): void;
  /** Closes the files the loaded messages' texts are read from: call when the build is done with them. */
  close(): void;
  readonly stats: { hits: number; hashed: number; misses: number };
}

/** See ParseCache `lookup`. */
export const HASH_LATER = Symbol('hash later');

/** The bytes the parse cache in `dir` holds (0 when there is none): what opening it will read. */
export function parseCacheBytes(dir: string): number {
  let bytes = 0;
  for (let shard = 0; shard < SHARDS; shard++) bytes += statSync(shardPath(dir, shard), { throwIfNoEntry: false })?.size ?? 0;
  return bytes;
}

const hasErrors = (parsed: Omit<ParsedFile, 'digest'>) => parsed.problems.some((problem) => problem.severity === 'error');

/** Whether the shard holds an entry of the file whose parse has no errors. */
function goodEntry(shard: Shard, path: string): boolean {
  const at = shard.index.get(path);
  if (at === undefined) return false;
  const parsed = parsedAt(shard, at);
  return parsed !== undefined && !hasErrors(parsed);
}

/** The SHA-1 of a file's bytes (contentDigest), or null when it cannot be read. */
const readDigest = (absolute: string) => hashOne({ absolute, algorithm: CONTENT_DIGEST });

/** Opens the parse cache in `dir` (created on save), for content files read from disk; its shards from `memory` where it keeps them unchanged. */
export function openParseCache(dir: string, { version = buildCodeVersion(), memory }: { version?: string; memory?: ParseMemory } = {}): ParseCache {
  // Temporary files of a killed save are swept once stale; shards of another version are
  // ignored here and replaced on save, files of the earlier layout (`<n>.v8`) removed then.
  sweepStaleTempSync(dir);
  const shards = Array.from({ length: SHARDS }, (_, shard) => (memory ? memory.read(shardPath(dir, shard), version) : readShard(shardPath(dir, shard), version)));
  /** The files `close` closes: the shard files read (but those the memory keeps), the shard files written. */
  const files = memory ? [] : shards.flatMap((shard) => (shard.file ? [shard.file] : []));
  const spools = new Map<number, TextSpool>();
  const spoolOf = (shard: number) => {
    let spool = spools.get(shard);
    if (!spool) {
      mkdirSync(dir, { recursive: true });
      spool = new TextSpool(temporarySibling(shardPath(dir, shard)));
      spools.set(shard, spool);
      files.push(spool.file);
    }
    return spool;
  };
  /** By shard: the entries of files parsed in this run. */
  const remembered = shards.map(() => new Map<string, Entry>());
  const dirty = new Set<number>();
  /** By shard: 1 at each entry whose file was looked up in this run (kept on save unless parsed again). */
  const seen = shards.map((shard) => new Uint8Array(shard.header.paths.length));
  const pending = new Map<string, string | null>();
  const stats = { hits: 0, hashed: 0, misses: 0 };

  /** The entry's parse if the file's bytes are the ones it was made from (counted as a hit or a hashed file). */
  const find = (index: number, at: number, kind: ContentKind, absolute: () => string, now: FileSignature, trusted: string | null, hashed: string | null | typeof HASH_LATER | undefined): ParsedFile | undefined | typeof HASH_LATER => {
    const shard = shards[index]!;
    if (kindAt(shard, at) !== kind) return undefined;
    const { signatures, digests } = shard.header;
    let found: 'hits' | 'hashed' = 'hits';
    if (signatures[at] === null || signatures[at] !== now.signature) {
      if (hashed === HASH_LATER) return HASH_LATER;
      const digest = hashed === undefined ? readDigest(absolute()) : hashed;
      if (digest === null || digest !== digests[at]) return undefined;
      found = 'hashed';
      if (signatures[at] !== trusted) {
        signatures[at] = trusted;
        dirty.add(index);
      }
    }
    // A shard file that cannot hold the entry's texts (damaged): the file is parsed again.
    const parsed = parsedAt(shard, at);
    if (parsed) stats[found]++;
    return parsed;
  };

  return {
    stats,
    lookup(path, kind, absolute, stat, hashed) {
      const index = shardOfPath(path);
      const at = shards[index]!.index.get(path);
      const now = stat ?? statSignature(absolute());
      const trusted = now?.trusted ? now.signature : null;
      const found = now && at !== undefined && find(index, at, kind, absolute, now, trusted, hashed);
      if (found === HASH_LATER) return found;
      if (at !== undefined) seen[index]![at] = 1;
      if (found) return found;
      // Parsed now, and remembered with the signature the file has now.
      pending.set(path, trusted);
      stats.misses++;
      return undefined;
    },
    remember(path, kind, parsed) {
      // A parse with errors fails the build. It does not replace an entry without errors: the
      // entry stays the parse of the bytes the last good build read, which a patch build
      // compares with, so the fix that follows is patched rather than built whole
      // (docs/architecture.md, "A patch build").
      const shard = shardOfPath(path);
      if (hasErrors(parsed) && goodEntry(shards[shard]!, path)) return;
      if (kind === 'message') {
        const spool = spoolOf(shard);
        for (const record of parsed.records) {
          const data = record.data as { content: LazyText };
          if (typeof data.content === 'string') data.content = spool.add(data.content);
        }
      }
      remembered[shard]!.set(path, { kind, signature: pending.get(path) ?? null, parsed });
      dirty.add(shard);
    },
    save() {
      mkdirSync(dir, { recursive: true });
      shards.forEach((read, shard) => {
        const replaced = remembered[shard]!;
        // Entries of files not looked up in this run go; those parsed again are replaced.
        const kept: number[] = [];
        const looked = seen[shard]!;
        for (let at = 0; at < read.header.paths.length; at++) {
          if (looked[at] !== 1) dirty.add(shard);
          else if (!replaced.has(read.header.paths[at]!)) kept.push(at);
        }
        if (dirty.has(shard)) writeShard(spoolOf(shard), read, kept, replaced, version, shardPath(dir, shard));
        shards[shard] = emptyShard();
        remembered[shard] = new Map();
      });
      for (const name of readdirSync(dir)) if (/^\d+\.v8$/.test(name)) rmSync(join(dir, name), { force: true });
      dirty.clear();
      pending.clear();
      spools.clear();
    },
    close() {
      for (const file of files) file.close();
    },
  };
}

/** What the parse cache holds for some request folders and for the files outside them (readParsedFolders). */
export interface ParsedFolders {
  /** The parses of the files outside the request folders (site.yaml, publicbodies/, …), by path. */
  outside: Map<string, ParsedFile>;
  /** By request folder asked for (`requests/<name>/`), the parses of its files by path; empty when the cache has none. */
  folders: Map<string, Map<string, ParsedFile>>;
  /** The stat signature each of those files had when it was recorded (null: recorded without one). */
  signatures: Map<string, string | null>;
  /** Closes the shard files the messages' texts are read from (the texts cannot be read after it). */
  close(): void;
}

/**
 * The parses the cache in `dir` holds for the files of `folders` (request folders, named
 * `requests/<name>/` as ContentDigests keys them) and for every file outside the request
 * folders, reading shard 0 and the folders' shards only. A message record's `content` is a
 * StoredText in its shard file, as a lookup gives it; the files stay open (and their texts
 * readable, whatever later builds write) until `close`.
 *
 * An entry is what the last save recorded, not checked against the files: a caller trusts a
 * parse only for a file whose bytes have the entry's `digest` (SHA-1, as the build's content
 * digests give it). Nothing is written: the cache is left as it was.
 */
export function readParsedFolders(dir: string, folders: Iterable<string>, version = buildCodeVersion()): ParsedFolders {
  const wanted = new Map<string, Map<string, ParsedFile>>();
  for (const folder of folders) {
    if (requestFolderOf(folder) !== folder) throw new Error(`readParsedFolders: ${folder} is not a request folder (requests/<name>/)`);
    wanted.set(folder, new Map());
  }
  const outside = new Map<string, ParsedFile>();
  const signatures = new Map<string, string | null>();
  const files: TextFile[] = [];
  for (const index of new Set([0, ...[...wanted.keys()].map(shardOfFolder)])) {
    const shard = readShard(shardPath(dir, index), version);
    if (shard.file) files.push(shard.file);
    shard.header.paths.forEach((path, at) => {
      const folder = requestFolderOf(path);
      const into = folder === undefined ? outside : wanted.get(folder);
      // An entry whose texts its shard file cannot hold (damaged) is left out, as a lookup misses it.
      const parsed = into && parsedAt(shard, at);
      if (!into || !parsed) return;
      into.set(path, parsed);
      signatures.set(path, shard.header.signatures[at]!);
    });
  }
  return {
    outside,
    folders: wanted,
    signatures,
    close() {
      for (const file of files) file.close();
    },
  };
}

/** A file's parse to keep in the cache, with the stat signature it was read with (null: hash it next time). */
export interface ParsedEntry {
  path: string;
  kind: ContentKind;
  signature: string | null;
  parsed: ParsedFile;
}

/**
 * Replaces the entries of some files in the cache in `dir`, leaving every other entry as it
 * is: their shards are rewritten (a temporary file, then a rename) with the texts of their other
 * messages copied, as a save does, for a build that parsed a few files without opening the
 * whole cache (a patch build, src/output/text-patch.ts).
 */
export function replaceParsedFiles(dir: string, entries: readonly ParsedEntry[], version = buildCodeVersion()): void {
  const byShard = new Map<number, ParsedEntry[]>();
  for (const entry of entries) {
    const shard = shardOfPath(entry.path);
    byShard.set(shard, [...(byShard.get(shard) ?? []), entry]);
  }
  mkdirSync(dir, { recursive: true });
  for (const [shard, replaced] of byShard) {
    const path = shardPath(dir, shard);
    const read = readShard(path, version);
    const spool = new TextSpool(temporarySibling(path));
    try {
      const remembered = new Map<string, Entry>();
      for (const { path: file, kind, signature, parsed } of replaced) {
        const records = kind === 'message' ? parsed.records.map((record) => ({ ...record, data: withText(record.data, spool) })) : parsed.records;
        remembered.set(file, { kind, signature, parsed: { ...parsed, records } });
      }
      const kept = read.header.paths.flatMap((file, at) => (remembered.has(file) ? [] : [at]));
      writeShard(spool, read, kept, remembered, version, path);
    } finally {
      spool.file.close();
      read.file?.close();
    }
  }
}

/** A message record's values with its text in the spool. */
function withText(data: unknown, spool: TextSpool): unknown {
  const { content } = data as { content: LazyText };
  return typeof content === 'string' ? { ...(data as object), content: spool.add(content) } : data;
}

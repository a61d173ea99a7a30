/**
 * The parse cache's shard file (content/parse-cache.ts): the texts of its messages, then a
 * header with every entry (v8-serialized, a column per field: ShardHeader), then 8 bytes: the
 * header's length and MAGIC, both 32-bit little-endian. An entry of a message file says where
 * each record's text is; a parse read from it has each message's `content` a StoredText
 * (lib/stored-text.ts).
 *
 * Which shard holds a file: every file of a request folder (`requests/<name>/`) is in the
 * shard of that folder, one of 1 … SHARDS - 1 by a hash of its name; every file outside the
 * request folders (site.yaml, publicbodies/, laws.yaml, documents/, …) is in shard 0. So the
 * entries of a few folders and of the files they are linked with are read from a few shards.
 */
import { fstatSync, openSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { requestFolderOf } from './digests.ts';
import { isSoleRecord, type ParsedFile } from './parse.ts';
import { CONTENT_FILES, type ContentKind } from './schema.ts';
import { StoredText, TextFile, type LazyText, type TextSpool } from '../lib/stored-text.ts';

/** A file's entry remembered in this run: its parse, with each message record's text a StoredText in the new shard file. */
export interface Entry {
  kind: ContentKind;
  /** The stat signature when the file was hashed; null when it was too fresh to trust. */
  signature: string | null;
  parsed: ParsedFile;
}

/**
 * A shard's entries as the file holds them: one column per field, an entry's values at its
 * index in each, so that deserializing makes few objects beside the records' own values (an
 * object per entry with its parse, records, bases and problems made seven per file, and 550,000
 * message files at 50,000 requests).
 */
interface ShardHeader {
  version: string;
  paths: string[];
  /** Index into KINDS. */
  kinds: number[];
  /** The stat signature when the file was hashed; null when it was too fresh to trust. */
  signatures: (string | null)[];
  /** SHA-1 of the file's bytes (ParsedFile `digest`). */
  digests: string[];
  /**
   * A file with one valid record at its root and no problems (almost every file): the record's
   * values; else null, and the parse is in `others`. A message record's `content` is an empty
   * string here: its text is where `texts` says.
   */
  values: unknown[];
  /** By entry index, every other parse (list files, invalid files, files with problems). */
  others: Map<number, Omit<ParsedFile, 'digest'>>;
  /** A message file's first text in `texts`, by entry; -1 for other files. */
  textsAt: number[];
  /** Each message record's text in the shard file: offset, length in bytes and 1 when wide (StoredText), in turn. */
  texts: number[];
}

/** A shard file read: its entries (the header's columns), found by path. */
export interface Shard {
  header: ShardHeader;
  /** Entry index by path. */
  index: Map<string, number>;
  /** The shard file, open for its texts; undefined when there was none of this version. */
  file: TextFile | undefined;
  /** Where its texts end and its header starts. */
  textsEnd: number;
}

const KINDS = Object.keys(CONTENT_FILES) as ContentKind[];
const KIND_INDEX = new Map(KINDS.map((kind, index) => [kind, index]));
/** The problems and base of a file's only record, shared by every parse read (frozen: a change would show in all). */
const NO_PROBLEMS = Object.freeze([]) as unknown as ParsedFile['problems'];
const NO_BASE = Object.freeze([]) as unknown as (string | number)[];

/** "APC3": the parse cache's shard file, third layout (the first kept texts in the header, the second an object per entry). */
const MAGIC = 0x33435041;
const TRAILER_BYTES = 8;

export const SHARDS = 64;

/** The shard of a request folder's files (`requests/<name>/`): 1 … SHARDS - 1. */
export function shardOfFolder(folder: string): number {
  let hash = 0;
  for (let i = 0; i < folder.length; i++) hash = (Math.imul(hash, 31) + folder.charCodeAt(i)) | 0;
  return 1 + ((hash >>> 0) % (SHARDS - 1));
}

/** The shard of a content file: its request folder's, or 0 for a file outside the request folders. */
export function shardOfPath(path: string): number {
  const folder = requestFolderOf(path);
  return folder === undefined ? 0 : shardOfFolder(folder);
}

export const shardPath = (dir: string, shard: number) => join(dir, `${shard}.shard`);

const emptyHeader = (version: string): ShardHeader => ({ version, paths: [], kinds: [], signatures: [], digests: [], values: [], others: new Map(), textsAt: [], texts: [] });

export const emptyShard = (): Shard => ({ header: emptyHeader(''), index: new Map(), file: undefined, textsEnd: 0 });

/** A shard file of this version, or an empty shard (missing, damaged, another version: it only costs time). */
export function readShard(path: string, version: string): Shard {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return emptyShard();
  }
  return readShardFrom(fd, version);
}

/** As readShard, from a shard file opened already (`fd`, closed here unless the shard holds it). */
export function readShardFrom(fd: number, version: string): Shard {
  const file = new TextFile(fd);
  try {
    const size = fstatSync(fd).size;
    if (size < TRAILER_BYTES) throw new Error('no trailer');
    const trailer = file.bytes(size - TRAILER_BYTES, TRAILER_BYTES);
    const headerBytes = trailer.readUInt32LE(0);
    const textsEnd = size - TRAILER_BYTES - headerBytes;
    if (trailer.readUInt32LE(4) !== MAGIC || textsEnd < 0) throw new Error('not a shard file');
    // Deserializing copies what it makes: the shared buffer serves every shard, where a buffer
    // per shard (5 MB each at 50,000 requests) stayed allocated until a collection happened to
    // free it (a warm check at 50,000 requests peaked 80 MB higher).
    const header = deserialize(file.transient(textsEnd, headerBytes)) as ShardHeader;
    if (header.version !== version || !Array.isArray(header.paths)) throw new Error('another version');
    const index = new Map<string, number>();
    header.paths.forEach((path, at) => index.set(path, at));
    return { header, index, file, textsEnd };
  } catch {
    file.close();
    return emptyShard();
  }
}

/** The kind of the entry at `at`. */
export const kindAt = (shard: Shard, at: number): ContentKind => KINDS[shard.header.kinds[at]!]!;

/** The records of the entry at `at`, undefined when it has none (damaged). */
function recordsAt(shard: Shard, at: number): ParsedFile['records'] | undefined {
  const value = shard.header.values[at];
  return value === null ? shard.header.others.get(at)?.records : [{ data: value, base: NO_BASE }];
}

/** Where the shard file holds each record's text of the entry at `at` (a message file); undefined when it cannot hold them. */
function textsAt(shard: Shard, at: number, records: number): StoredText[] | undefined {
  const { header, file, textsEnd } = shard;
  const first = header.textsAt[at]!;
  const texts = header.texts;
  if (!file || first < 0 || first + records * 3 > texts.length) return undefined;
  const stored: StoredText[] = [];
  for (let i = first; i < first + records * 3; i += 3) {
    if (texts[i]! + texts[i + 1]! > textsEnd) return undefined;
    stored.push(new StoredText(file, texts[i]!, texts[i + 1]!, texts[i + 2] === 1));
  }
  return stored;
}

/**
 * The parse of the entry at `at`, a message record's `content` a StoredText in the shard file;
 * undefined when the shard file cannot hold its texts (damaged: the file is parsed again). The
 * StoredTexts are made once per shard read: a shard kept between rebuilds
 * (content/parse-memory.ts) has them from the first lookup, and a frozen model is not written to.
 */
export function parsedAt(shard: Shard, at: number): ParsedFile | undefined {
  const records = recordsAt(shard, at);
  if (!records) return undefined;
  if (kindAt(shard, at) === 'message' && !records.every((record) => (record.data as { content: LazyText }).content instanceof StoredText)) {
    const texts = textsAt(shard, at, records.length);
    if (!texts) return undefined;
    records.forEach((record, index) => ((record.data as { content: unknown }).content = texts[index]));
  }
  const digest = shard.header.digests[at]!;
  const other = shard.header.others.get(at);
  return other ? { ...other, digest } : { records, problems: NO_PROBLEMS, invalid: false, digest };
}

/** A message record's values as the shard file holds them: the text elsewhere. */
const withoutText = (data: unknown) => ({ ...(data as object), content: '' });

/**
 * Finishes a shard file: the entries at `kept` of the shard file read (their texts copied from
 * it) and the entries remembered in this run (their texts in `spool` already); then the header
 * and the trailer, and the file takes the shard's name.
 */
export function writeShard(spool: TextSpool, read: Shard, kept: readonly number[], remembered: ReadonlyMap<string, Entry>, version: string, target: string): void {
  const header = emptyHeader(version);
  const add = (path: string, kind: ContentKind, signature: string | null, parsed: Omit<ParsedFile, 'digest'>, digest: string, texts: StoredText[] | undefined) => {
    const at = header.paths.length;
    header.paths.push(path);
    header.kinds.push(KIND_INDEX.get(kind)!);
    header.signatures.push(signature);
    header.digests.push(digest);
    const records = texts ? parsed.records.map((record) => ({ base: record.base, data: withoutText(record.data) })) : parsed.records;
    const simple = isSoleRecord(parsed);
    header.values.push(simple ? records[0]!.data : null);
    if (!simple) header.others.set(at, { records, problems: parsed.problems, invalid: parsed.invalid });
    header.textsAt.push(texts ? header.texts.length : -1);
    // The spool copies the bytes at once, so the shared scratch buffer serves every text.
    for (const text of texts ?? []) {
      const placed = text.file === spool.file ? text : spool.addBytes(text.file.transient(text.offset, text.bytes), text.wide);
      header.texts.push(placed.offset, placed.bytes, placed.wide ? 1 : 0);
    }
  };
  for (const at of kept) {
    const kind = kindAt(read, at);
    const records = recordsAt(read, at);
    const texts = records && kind === 'message' ? textsAt(read, at, records.length) : undefined;
    // Only an entry whose texts its file holds is kept; any other is parsed again next time.
    if (!records || (kind === 'message' && !texts)) continue;
    const parsed = read.header.others.get(at) ?? { records, problems: NO_PROBLEMS, invalid: false };
    add(read.header.paths[at]!, kind, read.header.signatures[at]!, parsed, read.header.digests[at]!, texts);
  }
  for (const [path, { kind, signature, parsed }] of remembered) {
    const texts = kind === 'message' ? parsed.records.map((record) => (record.data as { content: unknown }).content) : undefined;
    // Remembered message texts are StoredTexts (ParseCache.remember); any other entry is parsed again next time.
    if (texts && !texts.every((text) => text instanceof StoredText)) continue;
    add(path, kind, signature, parsed, parsed.digest, texts);
  }
  const bytes = serialize(header);
  const trailer = Buffer.alloc(TRAILER_BYTES);
  trailer.writeUInt32LE(bytes.length, 0);
  trailer.writeUInt32LE(MAGIC, 4);
  spool.addBytes(bytes);
  spool.addBytes(trailer);
  spool.flush();
  renameSync(spool.path, target);
}

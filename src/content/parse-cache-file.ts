/**
 * The parse cache's shard file (content/parse-cache.ts): the texts of its messages, then a
 * header with every entry (v8-serialized), then 8 bytes: the header's length and MAGIC, both
 * 32-bit little-endian. An entry of a message file says where each record's text is; in the
 * entries a loaded message's `content` is a StoredText (lib/stored-text.ts).
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
import type { ParsedFile } from './parse.ts';
import type { ContentKind } from './schema.ts';
import { StoredText, TextFile, type TextSpool } from '../lib/stored-text.ts';

export interface Entry {
  kind: ContentKind;
  /** The stat signature when the file was hashed; null when it was too fresh to trust. */
  signature: string | null;
  /**
   * The parse; a message record's `content` is a StoredText once the entry is looked up or
   * remembered, and an empty string in the shard file, where `texts` says where it is.
   */
  parsed: ParsedFile;
  /** A message file's texts in the shard file: each record's offset, length in bytes and 1 when wide (StoredText), in turn. */
  texts?: number[];
}

/** What a shard file holds after its texts. */
interface ShardHeader {
  version: string;
  entries: Map<string, Entry>;
}

export interface Shard {
  entries: Map<string, Entry>;
  /** The shard file, open for its texts; undefined when there was none of this version. */
  file: TextFile | undefined;
  /** Where its texts end and its header starts. */
  textsEnd: number;
}

/** "APC2": the parse cache's shard file, second layout (the first kept texts in the header). */
const MAGIC = 0x32435041;
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

export const emptyShard = (): Shard => ({ entries: new Map(), file: undefined, textsEnd: 0 });

/** A shard file of this version, or an empty shard (missing, damaged, another version: it only costs time). */
export function readShard(path: string, version: string): Shard {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return emptyShard();
  }
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
    if (header.version !== version || !(header.entries instanceof Map)) throw new Error('another version');
    return { entries: header.entries, file, textsEnd };
  } catch {
    file.close();
    return emptyShard();
  }
}

/** Gives a looked-up message entry's records their texts; false when the shard file cannot hold them (then the file is parsed again). */
export function openTexts(entry: Entry, shard: Shard): boolean {
  if (entry.kind !== 'message') return true;
  const { records } = entry.parsed;
  const { file, textsEnd } = shard;
  const texts = entry.texts;
  if (!file || !texts || texts.length !== records.length * 3) return false;
  for (let i = 0; i < texts.length; i += 3) if (texts[i]! + texts[i + 1]! > textsEnd) return false;
  records.forEach((record, index) => ((record.data as { content: unknown }).content = new StoredText(file, texts[index * 3]!, texts[index * 3 + 1]!, texts[index * 3 + 2] === 1)));
  return true;
}

/**
 * Finishes a shard file: the texts of entries remembered in this run are in `spool` already,
 * those of entries looked up are copied from the shard file they were found in; then the
 * header and the trailer, and the file takes the shard's name.
 */
export function writeShard(spool: TextSpool, entries: Map<string, Entry>, version: string, target: string): void {
  const header: ShardHeader = { version, entries: new Map() };
  for (const [path, entry] of entries) {
    if (entry.kind !== 'message') {
      header.entries.set(path, { kind: entry.kind, signature: entry.signature, parsed: entry.parsed });
      continue;
    }
    const texts: number[] = [];
    const records = entry.parsed.records.map((record) => {
      const { content } = record.data as { content: unknown };
      // Only an entry whose texts were opened is written; any other is parsed again next time.
      if (!(content instanceof StoredText)) return undefined;
      // The spool copies the bytes at once, so the shared scratch buffer serves every text.
      const placed = content.file === spool.file ? content : spool.addBytes(content.file.transient(content.offset, content.bytes), content.wide);
      texts.push(placed.offset, placed.bytes, placed.wide ? 1 : 0);
      return { base: record.base, data: { ...(record.data as object), content: '' } };
    });
    if (records.every((record) => record !== undefined)) header.entries.set(path, { kind: entry.kind, signature: entry.signature, parsed: { ...entry.parsed, records }, texts });
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

/**
 * SHA-256 of files a build reads whole only to learn their hash (PDFs, attachment files),
 * kept between builds: a file whose stat signature is the one recorded when it was hashed is
 * not read again, as git's index decides that a file is unchanged. A fresh clone or a cache
 * restored on another machine has other inodes and times, so every file is hashed once there.
 *
 * The signature is size, modification and change times in nanoseconds and inode. A file
 * modified within RACY_MS of being hashed, or changed while it was read, is not recorded: a
 * second edit in the same clock tick could keep all four. The cache is one file, rewritten
 * (a temporary file, then a rename) only when an entry changed, so a build killed at any
 * moment leaves the old or the new one; an unreadable one is ignored.
 */
import { sha256Of, sha256Hash } from './sha256.ts';
import { createReadStream, mkdirSync, readFileSync, statSync, type BigIntStats } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { sweepStaleTempSync, writeAtomically } from './files.ts';

/** Edits closer than this to the moment a file was looked at are not trusted to change its signature. */
export const RACY_MS = 2_000;

/**
 * A file's size and stat signature, and whether the signature may be trusted: false when the
 * file was modified within RACY_MS (it could change again without its signature changing).
 * Undefined for a file that is gone or not a regular file.
 */
export function statSignature(absolute: string): SizedSignature | undefined {
  const info = statSync(absolute, { bigint: true, throwIfNoEntry: false });
  return info?.isFile() ? { size: Number(info.size), ...signatureOfStats(info) } : undefined;
}

export interface FileSignature {
  signature: string;
  trusted: boolean;
}

/** A signature with the file's size, as a stat gives both (this module's statSignature, content/scan.ts). */
export interface SizedSignature extends FileSignature {
  size: number;
}

/** The four fields of a signature, and their bytes. */
const FIELDS = new BigUint64Array(4);
const FIELD_BYTES = Buffer.from(FIELDS.buffer);

/**
 * The signature of a file's stat (taken with `bigint: true`), and whether it may be trusted at
 * `now`. The signature is the size, the modification and change times in nanoseconds and the
 * inode as 64-bit words, 32 bytes read as latin1: the layout of a scan's stats
 * (content/scan-walk.ts), whose signatures are slices of its buffer (content/scan.ts), with no
 * number turned into decimal digits. A cache holds one per content file: 32 one-byte characters.
 * `base64` gives the same bytes as 44 characters, for a cache kept as JSON (content/scan-listings.ts).
 */
export function signatureOfStats(info: Pick<BigIntStats, 'size' | 'mtimeNs' | 'ctimeNs' | 'ino'>, now = Date.now(), encoding: 'latin1' | 'base64' = 'latin1'): FileSignature {
  FIELDS[0] = info.size;
  FIELDS[1] = info.mtimeNs;
  FIELDS[2] = info.ctimeNs;
  FIELDS[3] = info.ino;
  return { signature: FIELD_BYTES.toString(encoding), trusted: now - Number(info.mtimeNs / 1_000_000n) > RACY_MS };
}

interface FileDigest {
  sha256: string;
  size: number;
}

export interface FileDigests {
  /** The file's SHA-256 and size: from the cache when its signature is the recorded one, else read. */
  digest(absolute: string): Promise<FileDigest>;
  /**
   * Takes the signatures a walk of this run took already (content/scan.ts): an entry whose
   * recorded signature is the one `signatureOf` gives (and trusted) is not statted again when
   * asked for. At 50,000 requests that spares ~126,000 stats (~1.2 s) of a warm build.
   */
  confirm(signatureOf: (absolute: string) => FileSignature | undefined): void;
  /** Writes the cache when an entry changed; entries of files not asked for in this run are dropped. */
  save(): void;
  readonly stats: { trusted: number; hashed: number };
}

interface Entry extends FileDigest {
  signature: string;
}

/**
 * Files up to this size are read in one call. Streaming a file costs an open, reads and a close,
 * each a round trip through the thread pool: at 50,000 requests, hashing the ~126,000 small
 * attachment files of a fresh checkout so took 11 s of the build.
 */
const READ_WHOLE_BYTES = 4 * 2 ** 20;

async function hashFile(absolute: string, statted: number): Promise<FileDigest> {
  if (statted <= READ_WHOLE_BYTES) {
    const bytes = readFileSync(absolute);
    return { sha256: sha256Of(bytes), size: bytes.byteLength };
  }
  const hash = sha256Hash();
  let size = 0;
  for await (const chunk of createReadStream(absolute) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.byteLength;
  }
  return { sha256: hash.digest('hex'), size };
}

const FILE = 'sha256.v8';

/** Digests kept in `dir` (created on save); without `dir`, every file is hashed every time. */
export function fileDigests(dir?: string): FileDigests {
  let entries = new Map<string, Entry>();
  if (dir) {
    sweepStaleTempSync(dir);
    try {
      const read = deserialize(readFileSync(join(dir, FILE))) as unknown;
      if (read instanceof Map) entries = read as Map<string, Entry>;
    } catch {
      // Missing or unreadable: every file is hashed.
    }
  }
  const used = new Set<string>();
  const confirmed = new Set<string>();
  let changed = false;
  const stats = { trusted: 0, hashed: 0 };
  return {
    stats,
    confirm(signatureOf) {
      for (const [absolute, entry] of entries) {
        const taken = signatureOf(absolute);
        if (taken?.trusted && taken.signature === entry.signature) confirmed.add(absolute);
      }
    },
    async digest(absolute) {
      used.add(absolute);
      const entry = entries.get(absolute);
      if (entry && confirmed.has(absolute)) {
        stats.trusted++;
        return { sha256: entry.sha256, size: entry.size };
      }
      const before = statSignature(absolute);
      if (before && entry && entry.signature === before.signature) {
        stats.trusted++;
        return { sha256: entry.sha256, size: entry.size };
      }
      // A file that is gone or not a file fails as the stream's open does.
      const digest = await hashFile(absolute, before?.size ?? Infinity);
      stats.hashed++;
      const after = statSignature(absolute);
      if (before?.trusted && after?.signature === before.signature && after.trusted) {
        entries.set(absolute, { ...digest, signature: before.signature });
        changed = true;
      } else if (entry) {
        entries.delete(absolute);
        changed = true;
      }
      return digest;
    },
    save() {
      if (!dir) return;
      for (const absolute of entries.keys()) {
        if (!used.has(absolute)) {
          entries.delete(absolute);
          changed = true;
        }
      }
      if (!changed) return;
      mkdirSync(dir, { recursive: true });
      writeAtomically(join(dir, FILE), serialize(entries));
      changed = false;
    },
  };
}

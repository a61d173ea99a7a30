/**
 * The values of the list filters of requests, messages and attachments, and of the request
 * search's filters, kept per request folder (docs/architecture.md, "Incremental builds"): for
 * each folder's fingerprint (src/previous/output-record.ts), a digest per filter of the values of the
 * folder's objects in the list, in list order. A resource's list key is a digest of its
 * objects' ids in the order the list's files count them (from the end that keeps the oldest
 * objects, src/formats/packs.ts listCounting), each with the number of its folder (in order of
 * first appearance); each filter's key is the list key with that filter's digests of the
 * folders, in the folders' order. An unchanged folder's digests are read back, so only the
 * folders whose fingerprint changed have their values computed from the model, and a changed
 * value changes the key of its filter alone: the other filters of the list are linked. When
 * the recorded list is this list's first objects as its files count them (the digest of those
 * is the recorded list key), objects were only added at the list's growing end: a filter's
 * files then grow from the previous ones when its key over those first objects is the recorded
 * one (src/output/filter-reuse.ts).
 *
 * Kept in `<cache>/output/filter-values.v8`, written whole (writeAtomically), named by the
 * code version; a fingerprint already holds the code version, the settings and every content
 * file outside the request folders, and every value a folder's answers take from elsewhere, so
 * a digest is read back only for inputs that give the same values. The search's filters judge a
 * request with the build clock, which decides `overdue` alone, as it does the status
 * representation the fingerprint holds.
 */
import { sha256Bytes, sha256Hash } from '../lib/sha256.ts';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { buildCodeVersion } from '../lib/code-version.ts';
import type { FilterSpec } from '../api/filters/filter-spec.ts';
import { KeyWriter, writeValues, type KeySink } from '../api/filters/inputs-key.ts';
import { countingOf } from '../api/resources/list-counting.ts';
import { builtResourceOf } from '../api/resources/serializer-registry.ts';
import type { ResourceName } from '../formats/resource-names.ts';
import { readVersioned, writeAtomically } from '../lib/files.ts';
import type { OutputReuse } from '../previous/output-record.ts';

const FILE = 'filter-values.v8';

/**
 * The resources whose objects' fingerprint is their request folder's: the objects of one
 * fingerprint are the folder's, so their values follow from it. (Other resources have
 * fingerprints too, src/previous/fingerprints.ts, but several objects may share one without
 * being the same objects from build to build: public bodies with the same count of requests.)
 */
const FOLDER_RESOURCES: ReadonlySet<ResourceName> = new Set(['request', 'message', 'attachment']);

/** A list action's items over the resource's list: its name (`<resource>/<path>`) and each item's object. */
interface SearchList<T> {
  name: string;
  objectOf(item: T): unknown;
}

/**
 * Per list name (the resource's, or a search action's): its length, its key, and per folder
 * fingerprint the folder's digest of each filter's values (DIGEST_BYTES each, as latin1
 * characters, in the filters' order).
 */
type Kept = Map<string, { length: number; key: string; digests: Map<string, string> }>;

/**
 * Bytes kept of a folder's digest of one filter's values (a SHA-256). A digest is only ever
 * compared with the same folder's digest of the same filter in the previous build: 128 bits
 * keep a chance match out of reach, at a quarter of a hex digest's size.
 */
const DIGEST_BYTES = 16;

/** The keys of a list's filters, and of the previous build's list when this one only grew from it. */
export interface ListKey {
  /** Per filter, in the order of the specs asked for: the key of its values over the list. */
  keys: string[];
  /** The recorded list's length, and each filter's key over this list's first `length` objects as the list's files count them, when those are the recorded list's objects. */
  grown?: { length: number; keys: string[] };
}

/** A KeySink that keeps the bytes it is given, for one-shot digests of small inputs. */
class Collected implements KeySink {
  #parts: Buffer[] = [];
  update(data: Uint8Array | string, encoding?: 'utf16le'): void {
    // A copy: the writer fills its buffer again.
    this.#parts.push(typeof data === 'string' ? Buffer.from(data, encoding) : Buffer.from(data));
  }
  /** The bytes given since the last take. */
  take(): Buffer {
    const bytes = this.#parts.length === 1 ? this.#parts[0]! : Buffer.concat(this.#parts);
    this.#parts = [];
    return bytes;
  }
}

export interface FolderValues {
  /**
   * The keys of `specs` over `ordered` from its folders' values, or undefined when the resource
   * has no fingerprints or a filter orders. `search` names a list action whose filters judge
   * each object with the build clock (`Judged`): its values are kept apart from the list's.
   */
  listKey<T>(resource: ResourceName, specs: readonly FilterSpec<T>[], ordered: readonly T[], search?: SearchList<T>): ListKey | undefined;
  /** Writes what this build computed or read back (only that: folders gone are dropped). */
  save(): void;
  readonly stats: { read: number; computed: number };
}

/** What the previous build kept; empty when it is missing, unreadable or of other code: every folder's values are computed. */
function readKept(path: string, version: string): Kept {
  const read = readVersioned<{ version: string; resources: Kept }>(path, version, (file) => file.resources instanceof Map && [...file.resources.values()].every((list) => list.digests instanceof Map && typeof list.key === 'string' && Number.isInteger(list.length)));
  if (read) return read.resources;
  return new Map();
}

export function openFolderValues(dir: string, reuse: OutputReuse, version = buildCodeVersion()): FolderValues {
  const previous = readKept(join(dir, FILE), version);
  const next: Kept = new Map();
  const stats = { read: 0, computed: 0 };
  return {
    stats,
    listKey(resource, specs, ordered, search) {
      const built = builtResourceOf(resource);
      if (!built || !FOLDER_RESOURCES.has(resource) || specs.some((spec) => spec.order)) return undefined;
      const objectOf: (item: unknown) => unknown = search ? (item) => search.objectOf(item as never) : (item) => item;
      const idOf = (item: unknown) => (built.id as (object: unknown) => number | string | null).call(built, objectOf(item));
      const name = search?.name ?? resource;
      const before = previous.get(name);
      const kept = before?.digests ?? new Map<string, string>();
      const digests = new Map<string, string>();
      const fingerprints = ordered.map((item) => reuse.fingerprint(resource, objectOf(item) as never));
      // The folders not kept: their objects' positions, in list order. A folder's objects mostly
      // follow one another (a request's messages): the last folder is not looked up again.
      const fresh = new Map<string, number[]>();
      let last: string | undefined;
      let lastPositions: number[] | undefined;
      fingerprints.forEach((fingerprint, position) => {
        if (fingerprint === last) return void lastPositions?.push(position);
        last = fingerprint;
        lastPositions = fresh.get(fingerprint);
        if (lastPositions) return void lastPositions.push(position);
        if (digests.has(fingerprint)) return;
        const known = kept.get(fingerprint);
        if (known?.length === specs.length * DIGEST_BYTES) {
          digests.set(fingerprint, known);
          stats.read++;
        } else fresh.set(fingerprint, (lastPositions = [position]));
      });
      const collected = new Collected();
      const writer = new KeyWriter(collected, 256);
      for (const [fingerprint, positions] of fresh) {
        let folder = '';
        for (const spec of specs) {
          for (const position of positions) writeValues(writer, spec, ordered[position]!);
          writer.flush();
          folder += sha256Bytes(collected.take()).toString('latin1', 0, DIGEST_BYTES);
        }
        digests.set(fingerprint, folder);
        stats.computed++;
      }
      // Each object's id and its folder's number, as the files count them: the list's first
      // objects are written first, so the digest after the recorded list's length is the
      // recorded key when the list only grew.
      const list = new KeyWriter(sha256Hash().update(`${name}\n${JSON.stringify(specs.map((spec) => [spec.param, spec.parse]))}\n`));
      const numbers = new Map<string, number>();
      const total = ordered.length;
      const positionOf = countingOf(resource, total);
      let grownFolders: number | undefined;
      let lastFolder: string | undefined;
      let number: number | undefined;
      for (let stored = 0; stored < total; stored++) {
        if (before && stored === before.length) {
          list.flush();
          if (list.hash.copy().digest('hex') === before.key) grownFolders = numbers.size;
        }
        const position = positionOf(stored);
        const fingerprint = fingerprints[position]!;
        list.value(idOf(ordered[position]));
        if (fingerprint !== lastFolder) {
          lastFolder = fingerprint;
          number = numbers.get(fingerprint);
          if (number === undefined) numbers.set(fingerprint, (number = numbers.size));
        }
        list.value(number);
      }
      list.flush();
      const key = list.hash.digest('hex');
      next.set(name, { length: total, key, digests });
      const rows = digestRows(numbers, digests, specs.length);
      const keysOf = (listKey: string, folders: number) => specs.map((_, at) => filterKey(listKey, at, rows, folders, specs.length));
      const keys = keysOf(key, numbers.size);
      return grownFolders === undefined ? { keys } : { keys, grown: { length: before!.length, keys: keysOf(before!.key, grownFolders) } };
    },
    save() {
      mkdirSync(dir, { recursive: true });
      writeAtomically(join(dir, FILE), serialize({ version, resources: next }));
    },
  };
}

/** The folders' digests in the order of their numbers, as 32-bit words: a row of `filters` digests per folder. */
function digestRows(numbers: ReadonlyMap<string, number>, digests: ReadonlyMap<string, string>, filters: number): Uint32Array {
  // Not from the pool: a Uint32Array view needs its offset aligned.
  const bytes = Buffer.alloc(numbers.size * filters * DIGEST_BYTES);
  let at = 0;
  for (const fingerprint of numbers.keys()) at += bytes.write(digests.get(fingerprint)!, at, 'latin1');
  return new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
}

const WORDS = DIGEST_BYTES / 4;

/** The key of the filter at `at` of `filters`: the list key with the filter's digests of the first `folders` folders (`rows`: digestRows). */
function filterKey(listKey: string, at: number, rows: Uint32Array, folders: number, filters: number): string {
  const row = filters * WORDS;
  const column = new Uint32Array(folders * WORDS);
  for (let folder = 0; folder < folders; folder++) {
    const from = folder * row + at * WORDS;
    for (let word = 0; word < WORDS; word++) column[folder * WORDS + word] = rows[from + word]!;
  }
  return sha256Hash().update(`${listKey}\n${at}\n`).update(column).digest('hex');
}

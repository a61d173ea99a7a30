/**
 * The values of the list filters of requests, messages and attachments, and of the request
 * search's filters, kept per request folder (docs/architecture.md, "Incremental builds"): for
 * each folder's fingerprint
 * (src/output/reuse.ts), a SHA-256 of the ids and filter values of the folder's objects in the
 * list, in list order. A resource's list key is a digest of its objects' ids in the order the
 * list's files count them (from the end that keeps the oldest objects, src/api/packs.ts
 * listCounting), each with the number of its folder (in order of first appearance) and, at
 * that first appearance, the folder's values digest: an unchanged folder's digest is read back,
 * so only the folders whose fingerprint changed have their values computed from the model.
 * When the list key is the recorded one, every list filter of the resource is linked. When the
 * recorded list is this list's first objects as its files count them (the digest of those is
 * the recorded key), objects were only added at the list's growing end: a filter's files then
 * grow from the previous ones (src/output/filter-reuse.ts).
 *
 * Kept in `<cache>/output/filter-values.v8`, written whole (writeAtomically), named by the
 * code version; a fingerprint already holds the code version, the settings and every content
 * file outside the request folders, and every value a folder's answers take from elsewhere, so
 * a digest is read back only for inputs that give the same values. The search's filters judge a
 * request with the build clock, which decides `overdue` alone, as it does the status
 * representation the fingerprint holds.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { buildCodeVersion } from '../lib/code-version.ts';
import type { FilterSpec } from '../api/filters/filter-spec.ts';
import { KeyWriter, writeValues } from '../api/filters/inputs-key.ts';
import { countingOf } from '../api/packs.ts';
import { builtResourceOf } from '../api/resources/serializer-registry.ts';
import type { ResourceName } from '../api/resources/declaration-registry.ts';
import { readVersioned, writeAtomically } from '../lib/files.ts';
import type { OutputReuse } from './reuse.ts';

const FILE = 'filter-values.v8';

/**
 * The resources whose objects' fingerprint is their request folder's: the objects of one
 * fingerprint are the folder's, so their values follow from it. (Other resources have
 * fingerprints too, src/output/fingerprints.ts, but several objects may share one without
 * being the same objects from build to build: public bodies with the same count of requests.)
 */
const FOLDER_RESOURCES: ReadonlySet<ResourceName> = new Set(['request', 'message', 'attachment']);

/** A list action's items over the resource's list: its name (`<resource>/<path>`) and each item's object. */
interface SearchList<T> {
  name: string;
  objectOf(item: T): unknown;
}

/** Per list name (the resource's, or a search action's): its length, its key, and per folder fingerprint the digest of the folder's objects' ids and values. */
type Kept = Map<string, { length: number; key: string; digests: Map<string, string> }>;

/** The key of a list's filter values, and the previous build's list when this one only grew from it. */
export interface ListKey {
  key: string;
  /** The recorded list's length and key, when it is this list's first `length` objects as the list's files count them. */
  grown?: { length: number; key: string };
}

export interface FolderValues {
  /**
   * The key of `specs` over `ordered` from its folders' values, or undefined when the resource
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
      // The folders not kept: their objects' ids and values, in list order.
      const fresh = new Map<string, KeyWriter>();
      ordered.forEach((object, position) => {
        const fingerprint = fingerprints[position]!;
        if (digests.has(fingerprint) && !fresh.has(fingerprint)) return;
        const known = kept.get(fingerprint);
        if (known !== undefined) {
          digests.set(fingerprint, known);
          stats.read++;
          return;
        }
        let writer = fresh.get(fingerprint);
        if (!writer) fresh.set(fingerprint, (writer = new KeyWriter(createHash('sha256'), 256)));
        writer.value(idOf(object));
        for (const spec of specs) writeValues(writer, spec, object);
      });
      for (const [fingerprint, writer] of fresh) {
        writer.flush();
        digests.set(fingerprint, writer.hash.digest('hex'));
        stats.computed++;
      }
      // Each object's id and its folder's number, with the folder's digest at its first
      // appearance, as the files count them: the list's first objects are written first, so
      // the digest after the recorded list's length is the recorded key when the list only grew.
      const list = new KeyWriter(createHash('sha256').update(`${name}\n${JSON.stringify(specs.map((spec) => [spec.param, spec.parse]))}\n`));
      const numbers = new Map<string, number>();
      const total = ordered.length;
      const positionOf = countingOf(resource, total);
      let grown: ListKey['grown'];
      for (let stored = 0; stored < total; stored++) {
        if (before && stored === before.length) {
          list.flush();
          if (list.hash.copy().digest('hex') === before.key) grown = { length: before.length, key: before.key };
        }
        const position = positionOf(stored);
        const fingerprint = fingerprints[position]!;
        list.value(idOf(ordered[position]));
        const number = numbers.get(fingerprint);
        if (number !== undefined) list.value(number);
        else {
          numbers.set(fingerprint, numbers.size);
          list.value(numbers.size - 1);
          list.value(digests.get(fingerprint));
        }
      }
      list.flush();
      const key = list.hash.digest('hex');
      next.set(name, { length: total, key, digests });
      return grown ? { key, grown } : { key };
    },
    save() {
      mkdirSync(dir, { recursive: true });
      writeAtomically(join(dir, FILE), serialize({ version, resources: next }));
    },
  };
}

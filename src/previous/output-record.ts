/**
 * Output reuse (docs/architecture.md, "Incremental builds"): the detail packs, list chunks and
 * search segments of requests, messages, attachments, documents, pages and public bodies whose
 * inputs did not change are hard-linked from the previous build/ into the new tree instead of
 * being serialized and written again. Filter index files (src/output/filter-reuse.ts) and the
 * media index's files (src/output/media-index-files.ts) are groups too, keyed by their inputs
 * (linkedOrMade).
 *
 * Every such file is a **group** (a pack or a chunk, with its overflow files), keyed by the
 * objects in its slots: each slot's id and the **fingerprint** of its object's inputs, as
 * src/previous/fingerprints.ts makes it for each resource. A request, its messages, their
 * attachments and the documents derived from them share the fingerprint of the request folder:
 *
 * - the SHA-1 of every content file under `requests/<folder>/` (as parsing found it, folded
 *   into one digest of the folder: src/content/digests.ts);
 * - the values its answers take from outside the folder, each named: the requester's name
 *   (given in any request of the user), `same_as_count` and the `same_as` target, the status
 *   representation (`overdue` depends on the build clock), the size of each attachment file,
 *   and the PDF facts of each derived document;
 * - the global key: the code version, the settings (base URLs, token keys, ...), the time zone,
 *   whether page images are made, and the SHA-1 of every content file outside `requests/`.
 *
 * The record of the previous build (`<cache>/output/record.v8`) maps each group to its key and
 * its files' SHA-256 and stat signatures. A group is linked only when its key is the recorded
 * one and each of its files in build/ still has its recorded signature (size, modification time
 * in nanoseconds, inode; not the change time, which a hard link changes) or, failing that, its
 * recorded SHA-256: a build/ edited by hand, copied, restored from another machine or written
 * by another build is read and hashed, never trusted on its name. The record is written after
 * build/ was replaced; a build killed before leaves the old record, whose files are checked
 * the same way. A file modified within RACY_MS of being recorded is recorded without a
 * signature (hashed next time), as the parse cache does.
 */
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serialize } from 'node:v8';
import type { Settings } from '../config.ts';
import { buildCodeVersion } from '../lib/code-version.ts';
import type { ContentDigests } from '../content/digests.ts';
import type { Document, FoiRequest } from '../model/types.ts';
import type { RenderContext } from '../api/resources/context.ts';
import type { ResourceItems } from '../api/resources/declaration-registry.ts';
import type { ResourceName } from '../formats/resource-names.ts';
import { statusRepresentation } from '../api/resources/request/serializer.ts';
import { sha256Hash, sha256Of } from '../lib/sha256.ts';
import { readVersioned, sweepStaleTempSync, writeAtomically } from '../lib/files.ts';
import type { PlannedFile } from '../lib/planned-file.ts';
import { FINGERPRINTS, pdfFacts, type FingerprintParts } from './fingerprints.ts';

const RECORD = 'record.v8';
const RACY_MS = 2_000;

/** One file of a group: its path in build/, the SHA-256 of its bytes, its stat signature (null: hash it). */
type RecordedFile = [path: string, sha256: string, signature: string | null];

interface RecordFile {
  version: string;
  /** `extra`: what the group's producer keeps beside its files (a search segment's counts), as JSON. */
  groups: Map<string, { key: string; files: RecordedFile[]; extra?: string }>;
}

export interface OutputReuse {
  /** Whether the resource's objects have fingerprints (src/previous/fingerprints.ts). */
  covers(resource: ResourceName): boolean;
  /** The fingerprint of an object of a covered resource. */
  fingerprint<N extends ResourceName>(resource: N, item: ResourceItems[N]): string;
  /**
   * The files of the previous build/ to link for a group with this key (and what was kept beside
   * them), or undefined. Found, the group is recorded for this build as it was: a caller links
   * what it is given.
   */
  reusable(group: string, key: string): { files: PlannedFile[]; extra: string | undefined } | undefined;
  /** What `reusable` finds, without recording the group for this build: the files a producer grows from (src/output/filter-reuse.ts). */
  recorded(group: string, key: string): { files: PlannedFile[]; extra: string | undefined } | undefined;
  /** Records a group of this build with its key and its files (each with its SHA-256), and what to keep beside them. */
  record(group: string, key: string, files: readonly { path: string; sha256: string }[], extra?: string): void;
  /** Writes the record of this build; call once build/ is the new tree. */
  save(): void;
  /** Groups linked, made, and grown from the previous build's files (filter indexes of a list that grew). */
  readonly stats: { linked: number; rendered: number; grown: number };
  /** `<cache>/output`, where producers keep what they need beside the record (src/output/search-analyses.ts). */
  readonly dir: string;
  /** The code version the record is keyed by (buildCodeVersion). */
  readonly version: string;
}

export interface ReuseInputs {
  /** `<cache>/output`. */
  dir: string;
  buildDir: string;
  settings: Settings;
  ctx: RenderContext;
  /** SHA-1 of every content file, folded per request folder (src/content/digests.ts). */
  digests: ContentDigests;
  /** Whether page images are made (the build's `images` option). */
  images: boolean;
  version?: string;
}

/** size:mtimeNs:ino, and whether the file is older than RACY_MS; undefined when it is not a file. */
export function signatureOf(absolute: string): { signature: string; trusted: boolean } | undefined {
  const info = statSync(absolute, { bigint: true, throwIfNoEntry: false });
  if (!info?.isFile()) return undefined;
  return { signature: `${info.size}:${info.mtimeNs}:${info.ino}`, trusted: Date.now() - Number(info.mtimeMs) > RACY_MS };
}

/**
 * Whether a file of build/ is the one recorded: a file with the recorded stat signature, or
 * else with the recorded SHA-256 (null: not recorded, the file is not trusted on it).
 */
export function unchangedFile(absolute: string, signature: string | null, sha256: string | null): boolean {
  const now = signatureOf(absolute);
  if (now === undefined) return false;
  if (signature !== null && now.signature === signature) return true;
  return sha256 !== null && sha256Of(readFileSync(absolute)) === sha256;
}

/** The record of the previous build; empty when it is missing, unreadable or of other code: nothing is reused. */
function readRecord(dir: string, version: string): RecordFile['groups'] {
  const read = readVersioned<RecordFile>(join(dir, RECORD), version, (file) => file.groups instanceof Map);
  if (read) return read.groups;
  return new Map();
}

export function openOutputReuse(inputs: ReuseInputs): OutputReuse {
  const version = inputs.version ?? buildCodeVersion();
  const buildDir = resolve(inputs.buildDir);
  sweepStaleTempSync(inputs.dir);
  const previous = readRecord(inputs.dir, version);
  const next: RecordFile['groups'] = new Map();
  const stats = { linked: 0, rendered: 0, grown: 0 };
  const { settings, ctx } = inputs;

  // The global key: the settings and every content file outside the request folders.
  const global = sha256Hash();
  // The clock only decides `overdue`, which the status representation below carries.
  const { now: _, ...lasting } = settings;
  global.update(JSON.stringify([version, lasting, ctx.timeZone, inputs.images])).update('\n');
  global.update(inputs.digests.outside);
  const globalKey = global.digest('hex');

  const memo = new WeakMap<FoiRequest, string>();
  const folderFingerprint = (request: FoiRequest): string => {
    let known = memo.get(request);
    if (known !== undefined) return known;
    const file = request.source.file;
    const folder = file.slice(0, file.lastIndexOf('/') + 1);
    // A loop, not flatMap: most of a million messages have no attachment.
    const attachments: unknown[] = [];
    for (const message of request.messages) {
      for (const attachment of message.attachments) {
        const document = attachment.document;
        attachments.push([attachment.id, attachment.file.path, attachment.file.size, document?.id ?? null, document && pdfFacts(ctx, document)]);
      }
    }
    const values = JSON.stringify([request.userName, request.sameAsCount, request.sameAs?.id ?? null, statusRepresentation(request, ctx.now), attachments]);
    // One string hashed at once: a Hash object and its updates per folder cost more.
    known = sha256Of(`${globalKey}\n${folder}\n${inputs.digests.folders.get(folder) ?? ''}${values}`).slice(0, 32);
    memo.set(request, known);
    return known;
  };

  const documents = new WeakMap<Document, string>();
  const parts: FingerprintParts = {
    global: globalKey,
    folder: folderFingerprint,
    document(document) {
      let known = documents.get(document);
      if (known !== undefined) return known;
      // A derived document's facts are in its folder's fingerprint (above).
      const request = document.original?.message.request;
      known = request ? folderFingerprint(request) : sha256Hash().update(globalKey).update('\n').update(JSON.stringify([document.id, pdfFacts(ctx, document)])).digest('hex').slice(0, 32);
      documents.set(document, known);
      return known;
    },
  };
  const table = FINGERPRINTS as Partial<Record<ResourceName, (item: unknown, parts: FingerprintParts) => string>>;

  const recorded: OutputReuse['recorded'] = (group, key) => {
    const entry = previous.get(group);
    if (!entry || entry.key !== key) return undefined;
    const files: PlannedFile[] = [];
    for (const [path, digest, signature] of entry.files) {
      const absolute = join(buildDir, path);
      if (!unchangedFile(absolute, signature, digest)) return undefined;
      files.push({ path, copyFrom: absolute, sha256: digest });
    }
    return { files, extra: entry.extra };
  };

  return {
    stats,
    dir: inputs.dir,
    version,
    covers: (resource) => table[resource] !== undefined,
    fingerprint(resource, item) {
      const of = table[resource];
      if (!of) throw new Error(`output reuse: ${resource} has no fingerprint`);
      return of(item, parts);
    },
    recorded,
    reusable(group, key) {
      const found = recorded(group, key);
      if (!found) return undefined;
      stats.linked++;
      const entry = previous.get(group)!;
      next.set(group, { key, files: entry.files.map(([path, digest]) => [path, digest, null]), ...(entry.extra !== undefined && { extra: entry.extra }) });
      return found;
    },
    record(group, key, files, extra) {
      next.set(group, { key, files: files.map((file) => [file.path, file.sha256, null]), ...(extra !== undefined && { extra }) });
    },
    save() {
      for (const entry of next.values()) {
        for (const file of entry.files) {
          const now = signatureOf(join(buildDir, file[0]));
          file[2] = now?.trusted ? now.signature : null;
        }
      }
      mkdirSync(inputs.dir, { recursive: true });
      writeAtomically(join(inputs.dir, RECORD), serialize({ version, groups: next } satisfies RecordFile));
    },
  };
}

/**
 * A group's files, linked from the previous build/ when its key is the recorded one, else made,
 * hashed and recorded. The key holds the size above which the writer cuts a data file into parts
 * (src/output/split.ts): a file linked under another limit could be one a cold build cuts. A
 * group with a file above it is never recorded, so never linked: build/ holds the cut at its path.
 */
export function linkedOrMade(reuse: OutputReuse, splitBytes: number, group: string, key: string, make: () => readonly { path: string; body: string }[]): PlannedFile[] {
  const keyed = `${splitBytes}:${key}`;
  const found = reuse.reusable(group, keyed);
  if (found) return found.files;
  const files = make().map((file) => ({ ...file, sha256: sha256Of(file.body) }));
  reuse.stats.rendered++;
  recordUncut(reuse, splitBytes, group, keyed, files);
  return files;
}

/**
 * Records a group made or grown for this build, unless one of its files (linked ones were
 * recorded, so uncut) is above the size the writer cuts at: build/ then holds the cut at its
 * path, and the group is never linked.
 */
export function recordUncut(reuse: OutputReuse, splitBytes: number, group: string, keyed: string, files: readonly (PlannedFile & { sha256: string })[], extra?: string): void {
  if (files.every((file) => !('body' in file) || Buffer.byteLength(file.body) <= splitBytes)) reuse.record(group, keyed, files, extra);
}

/**
 * The keys of groups from their names and members (slot, id, fingerprint), in the order they
 * were added: each group's members are joined and hashed once (a hash update per member, a
 * million at 100,000 requests, cost more than the joining).
 */
export function groupKeys(): { add(group: string, slot: number, id: number | string, fingerprint: string): void; keys(): Map<string, string> } {
  const members = new Map<string, string[]>();
  return {
    add(group, slot, id, fingerprint) {
      let lines = members.get(group);
      if (!lines) members.set(group, (lines = []));
      lines.push(`${slot}:${id}:${fingerprint}\n`);
    },
    keys: () => new Map([...members].map(([group, lines]) => [group, sha256Of(`${group}\n${lines.join('')}`)])),
  };
}

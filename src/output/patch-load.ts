/**
 * The content side of a patch build (src/output/text-patch.ts): which request folders changed
 * since the build that wrote build/, whether every change is one to messages' subjects and
 * texts and requests' titles, summaries and descriptions alone, and the models of those folders
 * before and after, linked with every file outside the request folders and nothing else.
 *
 * What it trusts, each checked here:
 * - the scan (content/scan-digests.ts): a request folder whose digest is the kept one holds the
 *   files the build read; the files outside the request folders too;
 * - the parse cache's entries of the changed folders and of the files outside them
 *   (content/parse-cache.ts readParsedFolders): their SHA-1s, folded, must be the ones the build
 *   read (the state keeps them), so they are that build's parses and not a later check's;
 * - a changed folder's frame: the same paths, and every file that is not parsed (attachment
 *   files) with its kept stat signature; a parsed file is compared by its bytes.
 */
import { isDeepStrictEqual } from 'node:util';
import { readFileSync } from 'node:fs';
import { linkContent } from '../model/link.ts';
import { foldDigests, type ContentDigests } from '../content/digests.ts';
import { loadContent, type ContentReader } from '../content/load.ts';
import type { ParseCache, ParsedEntry } from '../content/parse-cache.ts';
import { readParsedFolders, type ParsedFolders } from '../content/parse-cache.ts';
import { contentDigest, isSoleRecord, parseContentFile, type ParsedFile } from '../content/parse.ts';
import { Problems } from '../content/problems.ts';
import type { ScanDigests } from '../content/scan-digests.ts';
import type { ContentScan } from '../content/scan.ts';
import { requestFolderOf } from '../content/digests.ts';
import { globMatcher } from '../content/glob.ts';
import { CONTENT_FILES } from '../content/schema.ts';
import type { Archive } from '../model/types.ts';
import { recordedDigests, type PreviousState } from '../previous/state.ts';

/** More changed request folders than this, and the build runs whole: a patch is for an editor's fix. */
const MAX_FOLDERS = 16;

/** The request folders whose files changed since the kept build, when nothing else did; otherwise why a patch build does not make the change. */
export function changedFolders(scanned: ScanDigests, state: PreviousState): string[] | string {
  const kept = state.scanned;
  if (scanned.outside === null || scanned.outside !== kept.outside) return 'content outside the request folders changed';
  if (scanned.folders.size !== kept.folders.size) return 'a request folder was added or deleted';
  const changed: string[] = [];
  for (const [folder, digest] of scanned.folders) {
    const before = kept.folders.get(folder);
    if (before === undefined) return `${folder} is new`;
    if (digest !== null && digest === before) continue;
    // Same paths, and attachment files with their kept signatures.
    const frame = scanned.frames.get(folder);
    if (frame === null || frame !== kept.frames.get(folder)) return `${folder}: a file was added, deleted or renamed, or an attachment file changed`;
    if (changed.push(folder) > MAX_FOLDERS) return `more than ${MAX_FOLDERS} request folders changed`;
  }
  return changed.length ? changed : 'no request folder changed, and build/ or the media store is not the last build\'s';
}

/** The changed folders' models before and after, and what the patch build keeps. */
export interface PatchModels {
  before: Archive;
  after: Archive;
  /** The files parsed now, for the parse cache. */
  parsed: ParsedEntry[];
  /** The content digests of the build after the patch (content/digests.ts). */
  digests: ContentDigests;
  /** Closes the parse cache's files the models' message texts are read from. */
  close(): void;
}

/**
 * The files a patch build takes, by kind, with the fields whose change it writes: a message's
 * subject and text, a request's title, summary and description. Each is shown in its object's own
 * answers and the request's search document alone (src/output/text-patch.ts).
 */
const textFile = (kind: 'message' | 'request', fields: readonly string[]) => ({ kind, fields, matches: globMatcher(CONTENT_FILES[kind].pattern) });
const TEXT_FIELDS = [textFile('message', ['subject', 'content']), textFile('request', ['title', 'summary', 'description'])];

/** A record's values but the given fields: what a patch leaves as it was. */
function frameOf(data: unknown, fields: readonly string[]): unknown {
  return Object.fromEntries(Object.entries(data as Record<string, unknown>).filter(([key]) => !fields.includes(key)));
}

/** Whether a file changed in the given fields alone (one valid record, no problems, before and after). */
function textsAlone(before: ParsedFile, after: ParsedFile, fields: readonly string[]): boolean {
  return isSoleRecord(before) && isSoleRecord(after) && isDeepStrictEqual(frameOf(before.records[0]!.data, fields), frameOf(after.records[0]!.data, fields));
}

/** A parse cache that hands out fixed parses (every file of the load has one) and keeps nothing. */
function fixedParses(parses: ReadonlyMap<string, ParsedFile>): ParseCache {
  return {
    stats: { hits: parses.size, hashed: 0, misses: 0 },
    lookup: (path) => parses.get(path),
    remember(path) {
      throw new Error(`patch build: ${path} has no parse`);
    },
    save() {},
    close() {},
  };
}

/** Loads and links the content the scan subset names, every file with the given parse; the problems found. */
async function linked(reader: ContentReader, scan: ContentScan, parses: ReadonlyMap<string, ParsedFile>): Promise<{ archive: Archive; problems: string[] }> {
  const problems = new Problems();
  const content = await loadContent(reader, problems, { cache: fixedParses(parses), scan });
  // A few folders' models: the guard costs nothing here, so it stays on.
  const archive = linkContent(content, problems, true);
  return { archive, problems: problems.sorted().map((problem) => JSON.stringify(problem)) };
}

/**
 * The models of the changed folders before and after the edit, or undefined when the edit is
 * not one a patch build makes (a file other than a message or request changed, one changed
 * beyond its texts, a parse has problems) or the parse cache does not hold what the kept build
 * read.
 */
export async function loadPatchModels(reader: ContentReader, scan: ContentScan, parseCacheDir: string, folders: readonly string[], state: PreviousState): Promise<PatchModels | string> {
  const cached = readParsedFolders(parseCacheDir, folders);
  let models: PatchModels | string = 'loading the changed folders failed';
  try {
    return (models = await modelsOf(reader, scan, cached, folders, state));
  } finally {
    if (typeof models === 'string') cached.close();
  }
}

async function modelsOf(reader: ContentReader, scan: ContentScan, cached: ParsedFolders, folders: readonly string[], state: PreviousState): Promise<PatchModels | string> {
  const before = new Map<string, ParsedFile>(cached.outside);
  for (const files of cached.folders.values()) for (const [path, parsed] of files) before.set(path, parsed);
  const folded = foldDigests(new Map([...before].map(([path, parsed]) => [path, parsed.digest])));
  const unparsed = 'the parse cache does not hold what the last build read';
  if (recordedDigests(folded).outside !== state.digests.outside) return unparsed;
  if (folders.some((folder) => folded.folders.get(folder) !== state.digests.folders.get(folder))) return unparsed;

  const inFolders = new Set(folders);
  const subset = scan.files.filter((path) => {
    const folder = requestFolderOf(path);
    return folder === undefined || inFolders.has(folder);
  });
  const after = new Map(before);
  const parsed: ParsedEntry[] = [];
  for (const folder of folders) {
    for (const [path, old] of cached.folders.get(folder)!) {
      const stat = scan.stat(path);
      const signature = cached.signatures.get(path);
      if (stat && signature !== null && stat.signature === signature) continue;
      const bytes = readFileSync(reader.absolute(path));
      if (contentDigest(bytes) === old.digest) continue;
      const texts = TEXT_FIELDS.find((file) => file.matches(path));
      if (!texts) return `${path} changed, and it is not a message or a request`;
      const now = parseContentFile({ kind: texts.kind, path, bytes });
      if (!textsAlone(old, now, texts.fields)) return `${path} changed beyond its texts (${texts.fields.join(', ')})`;
      after.set(path, now);
      parsed.push({ path, kind: texts.kind, signature: stat?.trusted ? stat.signature : null, parsed: now });
    }
  }
  // Every parsed file of the subset has its parse (the frame says the paths are the kept ones).
  // The subset's positions are not the whole scan's: answered by path; its digests are not asked for.
  const listed = new Set(subset);
  const partial: ContentScan = {
    ...scan,
    files: subset,
    has: (path) => listed.has(path),
    statAt: (at) => scan.stat(subset[at]!),
    statRange: () => {
      throw new Error('the stats of a patch build\'s subset are asked by path');
    },
  };
  const old = await linked(reader, partial, before);
  const made = await linked(reader, partial, after);
  // The partial model misses what other folders hold (a collection's derived documents, a
  // `same_as` target): the same problems before and after, and an edit that makes none.
  if (!isDeepStrictEqual(old.problems, made.problems)) return 'the edit makes or mends a problem of the content';
  const folderDigests = new Map(state.digests.folders);
  // The changed folders' digests after the edit (the files outside them are as they were).
  const refolded = foldDigests(new Map([...after].flatMap(([path, file]) => (requestFolderOf(path) === undefined ? [] : [[path, file.digest] as const]))));
  for (const folder of folders) folderDigests.set(folder, refolded.folders.get(folder)!);
  return { before: old.archive, after: made.archive, parsed, digests: { outside: folded.outside, folders: folderDigests }, close: () => cached.close() };
}

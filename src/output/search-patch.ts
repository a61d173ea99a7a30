/**
 * The full-text index of a build/ patched for edited texts, without a build: when documents
 * keep their keys and list positions and only their fields' text changes (a message's subject
 * or text), the files of their segments and meta.json are made again from the segments' kept
 * analyses (src/output/search-analyses.ts; docs/search.md, "What a build keeps"), with the
 * edited documents' analyses made from their new text.
 *
 * The bytes are a cold build's because the patch checks what it reads: it first makes each
 * segment's files and meta.json from the kept analyses with the build's own functions
 * (search-index.ts) and requires them to be the bytes in build/, and each edited document's
 * kept analysis to be that of its old text. Anything else (a missing or stale kept file, a
 * build/ of other content, a document the index does not hold) gives no patch, and the caller
 * builds instead. meta.json's totals are those of every segment: the patch takes the other
 * segments' share as build/ holds it (a caller patches only the build/ the last build wrote)
 * and replaces the patched segments' share, made from their verified analyses.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { buildPaths } from '../api/build-paths.ts';
import { groupOfKey, SEARCH_FIELDS, segmentOf, type SearchMeta, type SearchResource } from '../formats/search/layout.ts';
import { decodePositions } from '../api/search/positions.ts';
import { isMissing } from '../lib/files.ts';
import { SegmentAnalyses, type Analysis } from './search-analyses.ts';
import { madeSegment, metaFile, positionsFile, type SearchIndexFile, type RecordedSegment } from './search-index.ts';

/** A document whose fields' text changed: its group and key (src/api/search/sources.ts) and its fields' text before and after, in SEARCH_FIELDS order. */
export interface SearchEdit {
  group: number;
  key: number;
  oldFields: string[];
  newFields: string[];
}

export interface PatchedFile {
  path: string;
  body: string | Uint8Array;
  sha256: string;
}

export interface SearchPatch {
  /** Per changed segment (ascending): the paths of its files in build/ as the plan writes them (postings or tail files in plan order, then its positions file), and its new files in plan order. */
  segments: { oldPaths: string[]; files: PatchedFile[] }[];
  /** The new meta.json of the resource. */
  meta: PatchedFile;
}

export interface SearchPatchInput {
  buildDir: string;
  /** The build's output cache, `<cache>/output` (the kept analyses are in its `search/`). */
  outputDir: string;
  /** The code version the kept analyses are under (buildCodeVersion). */
  version: string;
  resource: SearchResource;
  edits: readonly SearchEdit[];
  /** Files of build/ that are cut into parts above this many bytes (src/output/split.ts): a patch that would write a larger one is not made. */
  splitBytes?: number;
}

/** One patched segment: its files before (verified) and after, its counts before and after, and how to keep its new analyses. */
interface PatchedSegment {
  oldPaths: string[];
  files: SearchIndexFile[];
  before: RecordedSegment;
  after: RecordedSegment;
  save(): void;
}

/**
 * The new files of the segments holding the edited documents and the new meta.json, or
 * undefined when build/ is not what the kept analyses and the edits' old text make. The kept
 * analyses of the patched segments are rewritten (the edited documents' under fingerprint '',
 * which no build matches) only when every segment verified.
 */
export function patchSearchSegments(input: SearchPatchInput): SearchPatch | undefined {
  const { buildDir, resource } = input;
  const metaText = readText(join(buildDir, buildPaths.searchMeta(resource)));
  const meta = metaText === undefined ? undefined : attempt(() => JSON.parse(metaText) as SearchMeta);
  if (!meta || !Array.isArray(meta.segments)) return undefined;
  const bySegment = new Map<number, SearchEdit[]>();
  for (const edit of input.edits) {
    const segment = segmentOf(edit.group);
    bySegment.set(segment, [...(bySegment.get(segment) ?? []), edit]);
  }
  // meta.json as the build wrote it (the segments' entries made again) and as the patch writes it.
  const before: SearchMeta = { ...meta, segments: [...meta.segments] };
  const after: SearchMeta = { ...meta, docs: [...meta.docs], length: [...meta.length], segments: [...meta.segments] };
  const patched: PatchedSegment[] = [];
  for (const [segment, edits] of [...bySegment].sort((a, b) => a[0] - b[0])) {
    const at = meta.segments.findIndex((entry) => entry.segment === segment);
    // The last segment is the open one (search-index.ts).
    const made = at < 0 ? undefined : patchSegment(input, segment, at === meta.segments.length - 1, edits);
    if (!made) return undefined;
    before.segments[at] = made.before.entry;
    after.segments[at] = made.after.entry;
    made.after.docs.forEach((docs, f) => (after.docs[f]! += docs - made.before.docs[f]!));
    made.after.length.forEach((length, f) => (after.length[f]! += length - made.before.length[f]!));
    patched.push(made);
  }
  if (metaFile(resource, before).body !== metaText) return undefined;
  const metaAfter = metaFile(resource, after);
  const written = [metaAfter, ...patched.flatMap((segment) => segment.files)];
  if (input.splitBytes !== undefined && written.some((file) => !buildPaths.isReadByRange(file.path) && Buffer.byteLength(file.body) > input.splitBytes!)) return undefined;
  for (const segment of patched) segment.save();
  return { segments: patched.map(({ oldPaths, files }) => ({ oldPaths, files })), meta: metaAfter };
}

/** One segment's files made from its kept analyses (verified against build/), then with the edits' new text. */
function patchSegment(input: SearchPatchInput, segment: number, isOpen: boolean, edits: readonly SearchEdit[]): PatchedSegment | undefined {
  const { buildDir, resource } = input;
  const fieldCount = SEARCH_FIELDS[resource].length;
  const path = buildPaths.searchSegment(resource, segment, 'positions');
  const text = readText(join(buildDir, path));
  const positions = text === undefined ? undefined : attempt(() => decodePositions(JSON.parse(text) as string, fieldCount, path));
  if (!positions) return undefined;
  const analyses = SegmentAnalyses.open(join(input.outputDir, 'search'), input.version, resource, segment, fieldCount);
  const members: { group: number; key: number; analysis: Analysis & { fingerprint: string } }[] = [];
  for (const key of positions.keys) {
    const analysis = analyses.keptAnalysis(key);
    if (!analysis) return undefined;
    members.push({ group: groupOfKey(resource, key), key, analysis });
  }
  const keys = members.map((member) => member.key);
  const edited = [...members];
  for (const edit of edits) {
    const i = keys.indexOf(edit.key);
    // A document the segment does not hold, or one edited twice.
    if (i < 0 || members[i]!.group !== edit.group || edited[i] !== members[i]) return undefined;
    if (!sameAnalysis(members[i]!.analysis, analyses.analyze(edit.key, '', edit.oldFields))) return undefined;
    edited[i] = { ...members[i]!, analysis: analyses.analyze(edit.key, '', edit.newFields) };
  }
  const before = madeSegment(resource, segment, isOpen, members, analyses);
  const beforeFiles = [...before.files, positionsFile(resource, segment, keys, positions.stored, before.norms)];
  if (!isBuilt(buildDir, beforeFiles)) return undefined;
  // Keys and list positions stay; the edited documents' terms and field lengths change.
  const after = madeSegment(resource, segment, isOpen, edited, analyses);
  return {
    oldPaths: beforeFiles.map((file) => file.path),
    files: [...after.files, positionsFile(resource, segment, keys, positions.stored, after.norms)],
    before: before.kept,
    after: after.kept,
    save: () => analyses.save(edited.map((member) => member.analysis)),
  };
}

/** Whether a segment's folder in build/ holds exactly these files (its positions file last), with these bytes. */
function isBuilt(buildDir: string, files: readonly SearchIndexFile[]): boolean {
  const folder = join(buildDir, dirname(files.at(-1)!.path));
  const names = attempt(() => readdirSync(folder).sort());
  if (names?.join('\n') !== files.map((file) => basename(file.path)).sort().join('\n')) return false;
  return files.every((file) => readFileSync(join(buildDir, file.path)).equals(Buffer.from(file.body)));
}

/** Whether two analyses of one SegmentAnalyses (its term numbers) have the same field lengths and the same terms with the same counts in each field. */
function sameAnalysis(a: Analysis, b: Analysis): boolean {
  const terms = (pairs: Uint32Array) => {
    const list: string[] = [];
    for (let at = 0; at < pairs.length; at += 2) list.push(`${pairs[at]}:${pairs[at + 1]}`);
    return list.sort().join();
  };
  return a.lengths.join() === b.lengths.join() && a.fields.length === b.fields.length && a.fields.every((pairs, f) => terms(pairs) === terms(b.fields[f]!));
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** What `read` gives, or undefined where it throws: a file of build/ that does not parse is not the one the plan writes. */
function attempt<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

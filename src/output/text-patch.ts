/**
 * A patch build (docs/architecture.md, "A patch build"): when the only change to content/
 * since the build that wrote build/ is the subject or text of messages, or the title, summary
 * or description of requests, in existing request folders, the few files of build/ that show
 * them are rewritten and every other file is linked as it is. What shows a message's subject and
 * text: its list item (its detail pack's and list chunk's slot; the function answers the
 * message list, so no bare list file), its request's detail (which lists its messages) and the
 * request's search document (src/api/search/sources.ts). What shows a request's title, summary
 * and description: its list item (its list chunk's slot, and the bare list file on the first
 * page), its detail, and (the title and description) its search document. No list order,
 * filter value or value of another folder reads them.
 *
 * The changed folders are linked alone with the files outside the request folders
 * (src/output/patch-load.ts), before and after the edit. Before anything is written, each
 * slot's and list item's old bytes must be what the partial model renders from the old files:
 * values the folder takes from other folders (the requester's name, `same_as_count`, the
 * status) came out as the whole model gave them, or the build runs whole. So the result is the
 * bytes a full build writes; test/build-patch.test.ts compares it with a cold build.
 */
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';
import { apiJson, parseApiJson } from '../formats/json.ts';
import { buildPaths } from '../api/build-paths.ts';
import { referTo, type EmbedRef } from '../api/embeds.ts';
import type { Manifest } from '../formats/manifest.ts';
import { CHUNK_SLOTS, chunkOf, encodePack, PACK_SLOTS, packOf, parseEntries } from '../formats/packs.ts';
import { countingOf } from '../api/resources/list-counting.ts';
import { PAGE_SIZE } from '../api/resources/declaration-spec.ts';
import type { RenderContext } from '../api/resources/context.ts';
import { BUILT } from '../api/resources/serializer-registry.ts';
import { answeredByFunction } from '../api/route-shapes.ts';
import { SEARCH_SOURCES } from '../api/search/sources.ts';
import type { Archive, FoiRequest, Message } from '../model/types.ts';
import { DOWNLOADS_MANIFEST } from '../downloads/paths.ts';
import { buildIdOf, manifestFile, type PlannedDigests } from './build-id.ts';
import type { PreviousState } from '../previous/state.ts';
import { sha256Of } from '../lib/sha256.ts';
import { patchSearchSegments, type PatchedFile, type SearchEdit } from './search-patch.ts';
import type { Env } from '../config.ts';
import { patchDownloads, type LineEdit } from '../downloads/patch.ts';

/** The files a patch changes: runs of the plan replaced by new files, and the build id they give. */
export interface OutputPatch {
  files: PatchedFile[];
  /** Paths of build/ that are gone (an overflow file a pack no longer needs). */
  removed: Set<string>;
  planned: PlannedDigests;
  build: string;
}

/** The two renderings of the changed folders: before the edit (verified against build/) and after. */
export interface PatchRender {
  before: { archive: Archive; ctx: RenderContext };
  after: { archive: Archive; ctx: RenderContext };
}

const json = apiJson;

/** An object's text as packs and chunks store it: an embedded record as its reference (src/api/embeds.ts). */
function stored(text: string, ref: EmbedRef | null | undefined): string {
  return ref ? referTo(text, json(ref.value()), ref.kind, ref.id, `${ref.kind}${ref.id}`) : text;
}

const itemOf = (ctx: RenderContext, message: Message) => json(BUILT.message.item(ctx, message));
const requestItem = (ctx: RenderContext, request: FoiRequest) => json(BUILT.request.item(ctx, request));
const requestDetailText = (ctx: RenderContext, request: FoiRequest) => json(BUILT.request.detail!(ctx, request));
const requestDetail = (ctx: RenderContext, request: FoiRequest) => stored(requestDetailText(ctx, request), BUILT.request.embeds?.detail?.(ctx, request));

/** A pack or chunk of build/ decoded into its slots' bodies (every file of it). */
function readGroup(buildDir: string, pathOf: (file: number) => string, slots: number): { bodies: Map<number, Uint8Array>; paths: string[] } {
  const files = [readFileSync(join(buildDir, pathOf(0)))];
  const bodies = new Map<number, Uint8Array>();
  parseEntries(files[0]!.subarray(0, slots * 16)).forEach((entry, slot) => {
    if (entry.length === 0) return;
    while (files.length <= entry.file) files.push(readFileSync(join(buildDir, pathOf(files.length))));
    bodies.set(slot, files[entry.file]!.subarray(entry.start, entry.start + entry.length));
  });
  return { bodies, paths: files.map((_, file) => pathOf(file)) };
}

/** The changes to make, by group: each slot's old and new stored text. */
class GroupEdits {
  readonly groups = new Map<string, { pathOf: (file: number) => string; slots: number; edits: Map<number, [before: string, after: string]> }>();

  add(pathOf: (file: number) => string, slots: number, slot: number, before: string, after: string): void {
    const key = pathOf(0);
    let group = this.groups.get(key);
    if (!group) this.groups.set(key, (group = { pathOf, slots, edits: new Map() }));
    group.edits.set(slot, [before, after]);
  }

  /** The edit of an object's slot in its list chunk, found by its place in the kept list order; its position in the list, or -1 when the order does not hold it. */
  chunk(resource: 'request' | 'message', order: Float64Array, id: number, before: string, after: string): number {
    const position = order.indexOf(id);
    if (position < 0) return -1;
    const { chunk, slot } = chunkOf(position, countingOf(resource, order.length));
    this.add((file) => buildPaths.chunk(resource, chunk, file), CHUNK_SLOTS, slot, before, after);
    return position;
  }
}

/** Replaces the run of the plan that held `paths` (in plan order) with `files`; false when the plan does not hold them so. */
function replaceRun(planned: PlannedDigests, paths: readonly string[], files: readonly PatchedFile[]): boolean {
  const at = planned.paths.indexOf(paths[0]!);
  if (at < 0 || paths.some((path, i) => planned.paths[at + i] !== path)) return false;
  planned.paths.splice(at, paths.length, ...files.map((file) => file.path));
  planned.sha256.splice(at, paths.length, ...files.map((file) => file.sha256));
  return true;
}

const fileOf = (path: string, body: string | Uint8Array): PatchedFile => ({ path, body, sha256: sha256Of(body) });

/** Whether build/ holds the list's bare list file (the CDN answers it), or the function answers the list. */
const staticList = (resource: 'request' | 'message') => !answeredByFunction({ kind: 'list', resource });

/**
 * The files of build/ that change with the edited texts, verified as the header says;
 * undefined when the edit is not one a patch makes or a check fails (the build then runs whole).
 */
export function patchOutput(
  where: { buildDir: string; outputDir: string; version: string; splitBytes: number; /** Whether build/ has the data downloads, and where their content commit is read. */ downloads?: { contentDir: string; env: Env } },
  state: PreviousState,
  render: PatchRender,
): OutputPatch | undefined {
  const { buildDir } = where;
  const { before, after } = render;
  const edits = new GroupEdits();
  // The function answers the message list (its attachments' media links carry tokens minted
  // per answer): no bare list file shows a message's text. A static one would need rewriting.
  if (staticList('message')) return undefined;
  /** The bare request list's items that change: their JSON before and after. */
  const firstPage: [string, string][] = [];
  const messageOrder = state.orders.message;
  const oldRequests = new Map(before.archive.requests.map((request) => [request.id, request]));
  const oldMessages = new Map(before.archive.messages.map((message) => [message.id, message]));
  const searchEdits: SearchEdit[] = [];
  const requestSource = SEARCH_SOURCES.request!;
  if (!messageOrder || after.archive.requests.length !== oldRequests.size || after.archive.messages.length !== oldMessages.size) return undefined;
  const embed = (ctx: RenderContext, message: Message) => BUILT.message.embeds?.item?.(ctx, message);
  const changedRequests = new Set<number>();
  /** The download lines that change: each object's detail answer (a message's is its item). */
  const lineEdits: LineEdit[] = [];
  for (const message of after.archive.messages) {
    const was = oldMessages.get(message.id);
    if (!was) return undefined;
    const [itemBefore, itemAfter] = [itemOf(before.ctx, was), itemOf(after.ctx, message)];
    if (itemBefore === itemAfter) continue;
    changedRequests.add(message.request.id);
    lineEdits.push({ resource: 'message', id: message.id, before: itemBefore, after: itemAfter });
    const [storedBefore, storedAfter] = [stored(itemBefore, embed(before.ctx, was)), stored(itemAfter, embed(after.ctx, message))];
    const { pack, slot } = packOf(message.id);
    edits.add((file) => buildPaths.pack('message', pack, file), PACK_SLOTS, slot, storedBefore, storedAfter);
    if (edits.chunk('message', messageOrder, message.id, storedBefore, storedAfter) < 0) return undefined;
  }
  const requestOrder = state.orders.request;
  if (!requestOrder) return undefined;
  const requestList = staticList('request');
  const requestEmbed = (ctx: RenderContext, request: FoiRequest) => BUILT.request.embeds?.item?.(ctx, request);
  for (const request of after.archive.requests) {
    const old = oldRequests.get(request.id);
    if (!old) return undefined;
    const [itemBefore, itemAfter] = [requestItem(before.ctx, old), requestItem(after.ctx, request)];
    if (itemBefore !== itemAfter) {
      // Its title, summary or description: its list chunk's slot, and the bare list on its first page.
      const position = edits.chunk('request', requestOrder, request.id, stored(itemBefore, requestEmbed(before.ctx, old)), stored(itemAfter, requestEmbed(after.ctx, request)));
      if (position < 0) return undefined;
      if (position < PAGE_SIZE && requestList) firstPage.push([itemBefore, itemAfter]);
    } else if (!changedRequests.has(request.id)) continue;
    const [detailBefore, detailAfter] = [requestDetail(before.ctx, old), requestDetail(after.ctx, request)];
    const [textBefore, textAfter] = [requestDetailText(before.ctx, old), requestDetailText(after.ctx, request)];
    if (textBefore !== textAfter) lineEdits.push({ resource: 'request', id: request.id, before: textBefore, after: textAfter });
    const { pack, slot } = packOf(request.id);
    if (detailBefore !== detailAfter) edits.add((file) => buildPaths.pack('request', pack, file), PACK_SLOTS, slot, detailBefore, detailAfter);
    const [docBefore, docAfter] = [requestSource(old), requestSource(request)];
    if ((docBefore === null) !== (docAfter === null)) return undefined;
    const [oldFields, newFields] = [docBefore?.fields(), docAfter?.fields()];
    if (docAfter && oldFields && newFields && !isDeepStrictEqual(oldFields, newFields)) searchEdits.push({ group: docAfter.group, key: docAfter.key, oldFields, newFields });
  }

  const planned: PlannedDigests = { paths: [...state.planned.paths], sha256: [...state.planned.sha256] };
  const files: PatchedFile[] = [];
  const removed = new Set<string>();
  const encoder = new TextEncoder();
  for (const { pathOf, slots, edits: slotEdits } of edits.groups.values()) {
    const { bodies, paths } = readGroup(buildDir, pathOf, slots);
    for (const [slot, [was, now]] of slotEdits) {
      const body = bodies.get(slot);
      if (!body || Buffer.compare(body, encoder.encode(was)) !== 0) return undefined;
      bodies.set(slot, encoder.encode(now));
    }
    const made = encodePack(slots, bodies).map((bytes, file) => fileOf(pathOf(file), bytes));
    if (!replaceRun(planned, paths, made)) return undefined;
    for (const path of paths) if (!made.some((file) => file.path === path)) removed.add(path);
    files.push(...made);
  }
  if (firstPage.length) {
    // The bare list file holds its items' JSON as the list answers them (records embedded).
    const listFile = buildPaths.list('request');
    let text = readFileSync(join(buildDir, listFile), 'utf8');
    for (const [was, now] of firstPage) {
      if (text.split(was).length !== 2) return undefined;
      text = text.replace(was, () => now);
    }
    const file = fileOf(listFile, text);
    if (!replaceRun(planned, [listFile], [file])) return undefined;
    files.push(file);
  }
  if (searchEdits.length) {
    const search = patchSearchSegments({ ...where, resource: 'request', edits: searchEdits });
    if (!search) return undefined;
    for (const segment of search.segments) {
      if (!replaceRun(planned, segment.oldPaths, segment.files)) return undefined;
      for (const path of segment.oldPaths) if (!segment.files.some((file) => file.path === path)) removed.add(path);
      files.push(...segment.files);
    }
    if (!replaceRun(planned, [search.meta.path], [search.meta])) return undefined;
    files.push(search.meta);
  }

  const downloads = where.downloads && patchDownloads(buildDir, state.build, where.downloads, lineEdits);
  if (where.downloads && !downloads) return undefined;
  for (const run of downloads?.runs ?? []) {
    if (!replaceRun(planned, run.paths, run.files)) return undefined;
    files.push(...run.files);
  }

  // Files written again with the same bytes: build/ is as it was (with the downloads' manifest, which names the content commit).
  if (!files.length) return downloads && downloads.manifest(state.build).body !== readFileSync(join(buildDir, DOWNLOADS_MANIFEST), 'utf8') ? undefined : { files, removed, planned, build: state.build };
  // The manifest: the kept one with the new build id.
  const text = readFileSync(join(buildDir, buildPaths.manifest), 'utf8');
  const manifest = parseApiJson(text) as Manifest;
  if (manifest.build !== state.build || json(manifest) !== text) return undefined;
  const build = buildIdOf(planned);
  const next = manifestFile(manifest.urls, build, manifest.lists);
  files.push(fileOf(next.path, next.body));
  if (downloads) files.push(downloads.manifest(build));
  return { files, removed, planned, build };
}

/**
 * The output plan: every file of build/ as data, produced lazily page by page so that a
 * large archive never sits in memory as JSON at once. Pure apart from reading the model;
 * output/write.ts does the writing.
 */
import type { Manifest, UnlistedList } from '../formats/manifest.ts';
import { envelope } from '../api/envelope.ts';
import { apiJson, parseApiJson } from '../formats/json.ts';
import type { BuiltResource } from '../api/resources/serializer-spec.ts';
import type { RenderContext } from '../api/resources/context.ts';
import { buildPaths } from '../api/build-paths.ts';
import { answeredByFunction } from '../api/route-shapes.ts';
import type { MediaEntry } from '../media/media-index.ts';
import type { Archive } from '../model/types.ts';
import type { PlannedFile } from '../lib/planned-file.ts';
import { QUERY_ANSWERED, type ResourceItems, RESOURCES } from '../api/resources/declaration-registry.ts';
import { RESOURCE_NAMES, type ResourceName } from '../formats/resource-names.ts';
import { BUILT, type BuiltName } from '../api/resources/serializer-registry.ts';
import { PAGE_SIZE } from '../api/resources/declaration-spec.ts';
import { CHUNK_SLOTS, chunkOf, encodePack, PACK_SLOTS, packOf } from '../formats/packs.ts';
import { countingOf } from '../api/resources/list-counting.ts';
import { referTo, type EmbedRef } from '../api/embeds.ts';
import { planMediaIndexFiles } from './media-index-files.ts';
import { listFillers, packId } from './pack-filler.ts';
import { sha256Of } from '../lib/sha256.ts';
import type { OutputReuse } from '../previous/output-record.ts';
import { type Layout, looseDetailFile, LoosePages } from './layout.ts';
import { hasLooseDetails, hasLoosePages } from '../api/loose-answers.ts';
import { buildIdOf, KEPT_ORDERS, manifestFile, type ListOrders, type PlannedDigests } from './build-id.ts';

export interface PlanInput {
  archive: Archive;
  ctx: RenderContext;
  /** The resources to plan, in order (serializer-registry.ts BUILT_NAMES). */
  resources: readonly BuiltName[];
  /**
   * Extra files planned by other stages (filter indexes, routing rules), given each list in
   * order; `unlisted` when the files go into an unlisted list's file (planUnlisted), not build/,
   * so none may be linked from the previous build/.
   */
  extras?<N extends BuiltName>(resource: N, ordered: readonly ResourceItems[N][], unlisted: boolean): Iterable<PlannedFile>;
  /** Where the answers go besides packs and chunks (src/output/layout.ts); default packed. */
  layout?: Layout;
  /** Host routing rules (`_redirects`, `_headers`) for the root of build/, given the lists' sizes once every list is planned. */
  routing?: (lists: Manifest['lists']) => readonly PlannedFile[];
  /** The OpenAPI document the schema view answers and its page's files (src/api/openapi/openapi-document.ts, swagger-ui.ts). */
  openapi?: readonly PlannedFile[];
  /** Every media file the build publishes (src/media/collect.ts): what the media index lists. */
  media?: readonly (MediaEntry & { path: string })[];
  /** Packs and chunks of the previous build/ to link where their objects' inputs did not change (src/previous/output-record.ts). */
  reuse?: OutputReuse;
  /** The size above which the writer cuts a data file into parts; with `reuse`, the media index's files are linked while their entries stay. */
  splitBytes: number;
  /** The data downloads (src/downloads/plan.ts): their files before the routing files, their manifest, which names the build id, after the build's manifest. */
  downloads?: { files(): Iterable<PlannedFile>; manifest(build: string): PlannedFile };
}

const json = apiJson;

function rootIndex(ctx: RenderContext): Record<string, string> {
  return Object.fromEntries(RESOURCE_NAMES.map((name) => [name, ctx.urls.list(name)]));
}

/** A list page at limit 50 (a full envelope) around its items, already serialized: the bare list file at offset 0. */
function listPage<T>(ctx: RenderContext, resource: BuiltResource<T>, rendered: readonly string[], offset: number, total: number): string {
  // Splice pre-rendered items into the envelope so each object is serialized once.
  const shell = envelope(ctx.urls, resource.name, { offset, limit: PAGE_SIZE, total, objects: ['\u0000'], facets: RESOURCES[resource.name].facets });
  return json(shell).replace('"\\u0000"', () => rendered.join(','));
}

/**
 * A resource's list and details: the bare list file (offset 0 at limit 50, a full envelope the
 * CDN serves), list chunks (every item, in list order, counted from the oldest end) and detail
 * packs (by id). Each item is serialized once; a detail that equals its list item reuses it.
 * Resources the function answers whole (QUERY_ANSWERED) keep a data file per detail, keyed by text.
 */
function* planResource<N extends BuiltName>(input: PlanInput, name: N, lists: Manifest['lists'], orders: ListOrders): Generator<PlannedFile> {
  const resource: BuiltResource<ResourceItems[N]> = BUILT[name];
  const { archive, ctx } = input;
  const items = resource.list(archive, ctx);
  const total = items.length;
  lists[resource.name] = { total };
  if (KEPT_ORDERS.has(name)) orders[name] = Float64Array.from(items, (item) => Number(resource.id(item)));
  const separateDetails = resource.details?.(archive, ctx);
  const keyed = QUERY_ANSWERED.has(resource.name);
  const detailItems = separateDetails ?? items;
  const count = countingOf(resource.name, total);
  // Packs and chunks whose objects' inputs did not change are linked from the previous build/
  // (src/previous/output-record.ts); only the objects of the others are serialized.
  // A loose build also writes each detail and default-limit page as a file (src/output/layout.ts).
  const looseDetails = input.layout === 'loose' && hasLooseDetails(name);
  const pages = input.layout === 'loose' && hasLoosePages(name) ? new LoosePages(name, (page, offset) => listPage(ctx, resource, page, offset, total)) : null;
  const { packs, chunks } = listFillers(resource, items, detailItems, count, !keyed && input.reuse?.covers(name) ? input.reuse : undefined, keyed);

  // Packs and chunks store embedded records as references (BuiltResource.embeds); each
  // record's text is rendered once.
  const records = new Map<string, string>();
  const stored = (text: string, ref: EmbedRef | null | undefined, what: () => string): string => {
    if (!ref) return text;
    const key = `${ref.kind}${ref.id}`;
    let record = records.get(key);
    if (record === undefined) records.set(key, (record = json(ref.value())));
    return referTo(text, record, ref.kind, ref.id, what());
  };

  /** The pack and slot of an object's detail, or null for one without a detail (or one the function reads whole). */
  const packSlot = (item: ResourceItems[N]) => {
    const id = resource.id(item);
    return id === null || keyed ? null : packOf(packId(resource.name, id));
  };

  /** A detail's body as stored in its pack. */
  const render = (item: ResourceItems[N], id: number | string): string => {
    const what = () => `${resource.name} ${id}`;
    return resource.detail
      ? stored(json(resource.detail(ctx, item)), resource.embeds?.detail?.(ctx, item), what)
      : stored(json(resource.item(ctx, item)), resource.embeds?.item?.(ctx, item), what);
  };
  // Made outside `detail`, so that the function does not keep that scope's `rendered`.
  const renderLater = (item: ResourceItems[N], id: number | string) => () => render(item, id);

  /** A detail's answer as clients get it (embedded records in it), for its loose file; `item`: the item's JSON when the detail is the item. */
  const answer = (item: ResourceItems[N], itemJson: string | null): string => (resource.detail ? json(resource.detail(ctx, item)) : (itemJson ?? json(resource.item(ctx, item))));

  function detail(item: ResourceItems[N], rendered: string | null, itemJson: string | null = null): readonly PlannedFile[] {
    const id = resource.id(item);
    if (id === null) return [];
    const loose = looseDetails ? looseDetailFile(resource.name, id, answer(item, itemJson)) : [];
    return loose.length ? [...loose, ...packedDetail(item, id, rendered)] : packedDetail(item, id, rendered);
  }

  function packedDetail(item: ResourceItems[N], id: number | string, rendered: string | null): readonly PlannedFile[] {
    if (keyed) {
      // The function reads these whole (not through the pack readers that splice references).
      return [{ path: buildPaths.dataDetail(resource.name, String(id)), body: resource.detail ? json(resource.detail(ctx, item)) : (rendered ?? json(resource.item(ctx, item))) }];
    }
    const { pack, slot } = packOf(packId(resource.name, id));
    if (packs.linked(pack)) return packs.add(pack, slot, null);
    // Rendered now, or when its pack is complete (PackFiller), where `rendered` is not kept for it.
    return packs.add(pack, slot, { now: () => (resource.detail ? undefined : rendered) ?? render(item, id), later: renderLater(item, id) });
  }

  const first: string[] = [];
  for (let position = 0; position < total; position++) {
    const item = items[position]!;
    const { chunk, slot } = chunkOf(position, count);
    // The item's JSON is needed for the bare list file, an unlinked chunk, and an unlinked pack
    // whose detail is the item.
    const ownPack = separateDetails || keyed || resource.detail ? null : packSlot(item);
    const needed = position < PAGE_SIZE || keyed || pages !== null || (looseDetails && !separateDetails && !resource.detail) || !chunks.linked(chunk) || (ownPack !== null && !packs.linked(ownPack.pack));
    const rendered = needed ? json(resource.item(ctx, item)) : null;
    // The bare list file is answered as it is: it keeps the records embedded.
    if (position < PAGE_SIZE) first.push(rendered!);
    if (pages) yield* pages.add(position, rendered!);
    const storedItem = rendered === null ? null : stored(rendered, resource.embeds?.item?.(ctx, item), () => `${resource.name} list item ${String(resource.id(item))}`);
    yield* chunks.add(chunk, slot, chunks.linked(chunk) ? null : storedItem);
    if (!separateDetails) yield* detail(item, keyed ? rendered : storedItem, rendered);
  }
  if (pages) yield* pages.done();
  // The bare list file is static unless the function answers the list (whole, or to mint the
  // tokens of its media links: ResourceSpec.mediaTokens); then chunks are all there is.
  if (!answeredByFunction({ kind: 'list', resource: resource.name })) {
    const body = listPage(ctx, resource, first, 0, total);
    yield { path: buildPaths.list(resource.name), body };
    if (pages) yield { path: buildPaths.looseIndex({ kind: 'list', resource: resource.name }), body };
  }
  for (const item of separateDetails ?? []) yield* detail(item, null);
  chunks.done(resource.name);
  packs.done(resource.name);

  if (resource.files) yield* resource.files(archive, ctx);
  if (input.extras) yield* input.extras(name, items, false);
  yield* planUnlisted(input, name);
}

/**
 * The lists only a uid opens (BuiltResource.unlisted), each laid out as the resource's own list
 * would be if it held only those objects (list chunks and extras: filter indexes), in one file
 * whose name carries the uid. Nothing of them enters the public list, its chunks or its indexes.
 */
function* planUnlisted<N extends BuiltName>(input: PlanInput, name: N): Generator<PlannedFile> {
  const resource: BuiltResource<ResourceItems[N]> = BUILT[name];
  const { archive, ctx } = input;
  for (const { key, items } of resource.unlisted?.(archive, ctx) ?? []) {
    const files: UnlistedList['files'] = {};
    // A chunk's bytes as text (its slot table is ASCII and its bodies UTF-8 JSON, so the text
    // encodes back to the same bytes); the serving layer reads it as the chunk file.
    for (const file of planChunks(resource.name, items.map((item) => json(resource.item(ctx, item))), Infinity)) files[file.path] = decoder.decode(file.body);
    for (const file of input.extras?.(name, items, true) ?? []) {
      if (!('body' in file) || typeof file.body !== 'string') throw new Error(`${file.path}: an unlisted list holds JSON files only`);
      const value = parseApiJson(file.body);
      // Keys without positions (`known` ids and slugs) are left out: the serving layer takes
      // them from the build's own index, which knows the same ones (UnlistedList).
      files[file.path] = buildPaths.isFilterIndex(resource.name, file.path) && isKeyIndex(value) ? Object.fromEntries(Object.entries(value).filter(([, positions]) => positions.length > 0)) : value;
    }
    const list: UnlistedList = { total: items.length, files };
    yield { path: buildPaths.unlistedList(resource.name, key), body: json(list) };
  }
}

const decoder = new TextDecoder();

/** The list chunks of a whole list at once, from its items' JSON in list order. */
export function planChunks(resource: ResourceName, rendered: readonly string[], maxFileBytes?: number): { path: string; body: Uint8Array }[] {
  const chunks = new Map<number, [number, string][]>();
  const count = countingOf(resource, rendered.length);
  rendered.forEach((body, position) => {
    const { chunk, slot } = chunkOf(position, count);
    if (!chunks.has(chunk)) chunks.set(chunk, []);
    chunks.get(chunk)!.push([slot, body]);
  });
  return [...chunks].flatMap(([chunk, bodies]) => encodePack(CHUNK_SLOTS, bodies, maxFileBytes).map((body, file) => ({ path: buildPaths.chunk(resource, chunk, file), body })));
}

/** The detail packs of a set of objects at once, from their ids and details' JSON. */
export function planPacks(resource: ResourceName, details: readonly (readonly [id: number, body: string])[]): { path: string; body: Uint8Array }[] {
  const packs = new Map<number, [number, string][]>();
  for (const [id, body] of details) {
    const { pack, slot } = packOf(packId(resource, id));
    if (!packs.has(pack)) packs.set(pack, []);
    packs.get(pack)!.push([slot, body]);
  }
  return [...packs].flatMap(([pack, bodies]) => encodePack(PACK_SLOTS, bodies).map((body, file) => ({ path: buildPaths.pack(resource, pack, file), body })));
}

/** A key index file (`{ "<key>": [positions] }`), as opposed to the scan, range and near files (arrays). */
function isKeyIndex(value: unknown): value is Record<string, number[]> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function* plan(input: PlanInput, lists: Manifest['lists'], orders: ListOrders): Generator<PlannedFile> {
  const root = json(rootIndex(input.ctx));
  yield { path: buildPaths.apiRoot, body: root };
  if (input.layout === 'loose') yield { path: buildPaths.looseIndex({ kind: 'root' }), body: root };
  for (const resource of input.resources) yield* planResource(input, resource, lists, orders);
  // Media bytes go to the media store (src/media/upload.ts); build/ holds only their index.
  yield* planMediaIndexFiles(input.media ?? [], input.reuse && { reuse: input.reuse, splitBytes: input.splitBytes });
  yield* input.downloads?.files() ?? [];
  yield* input.routing?.(lists) ?? [];
  yield* input.openapi ?? [];
}

/**
 * The output of a build: `files`, serialized one by one as they are drained (a large archive
 * never sits in memory as JSON), and, once they are, the manifest's facts (`summary`): the size
 * of every list and the build id, a digest of every file before the manifest; and for the next
 * build, each file's digest in plan order and the ids of some lists in order.
 */
export interface OutputPlan {
  files: Iterable<PlannedFile>;
  /** Throws when called before `files` was drained to its end. */
  summary(): Pick<Manifest, 'build' | 'lists'> & { planned: PlannedDigests; orders: ListOrders };
}

export function planOutput(input: PlanInput): OutputPlan {
  let summary: ReturnType<OutputPlan['summary']> | undefined;
  function* files(): Generator<PlannedFile> {
    const lists: Manifest['lists'] = {};
    const orders: ListOrders = {};
    const planned: PlannedDigests = { paths: [], sha256: [] };
    for (const file of plan(input, lists, orders)) {
      planned.paths.push(file.path);
      // Copies without a digest (Swagger UI's files) count by destination only: their source path
      // differs between checkouts, and the serving layer caches JSON, never media.
      planned.sha256.push(file.sha256 ?? ('body' in file ? sha256Of(file.body) : ''));
      yield file;
    }
    const build = buildIdOf(planned);
    yield manifestFile(input.ctx.urls.settings, build, lists, input.layout === 'loose' ? 'loose' : undefined);
    if (input.downloads) yield input.downloads.manifest(build);
    summary = { build, lists, planned, orders };
  }
  return {
    files: { [Symbol.iterator]: files },
    summary() {
      if (!summary) throw new Error('the output plan was not drained to its end');
      return summary;
    },
  };
}

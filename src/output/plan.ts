/**
 * The output plan: every file of build/ as data, produced lazily page by page so that a
 * large archive never sits in memory as JSON at once. Pure apart from reading the model;
 * output/write.ts does the writing.
 */
import { createHash } from 'node:crypto';
import { MANIFEST_VERSION, type Manifest, type UnlistedList } from '../api/manifest.ts';
import { envelope } from '../api/envelope.ts';
import { apiJson, parseApiJson } from '../api/json.ts';
import type { BuiltResource } from '../api/resources/build-spec.ts';
import type { RenderContext } from '../api/resources/context.ts';
import { buildPaths } from '../api/routes.ts';
import { planMediaIndex, type MediaEntry } from '../media/media-index.ts';
import type { Archive } from '../model/types.ts';
import type { PlannedFile } from '../lib/planned-file.ts';
import { QUERY_ANSWERED, RESOURCE_NAMES, type ResourceName, RESOURCES } from '../api/resources/registry.ts';
import { PAGE_SIZE } from '../api/resources/spec.ts';

export interface PlanInput {
  archive: Archive;
  ctx: RenderContext;
  resources: readonly BuiltResource[];
  /** Extra files planned by other stages (filter indexes, routing rules), given each list in order. */
  extras?(resource: ResourceName, ordered: readonly unknown[]): Iterable<PlannedFile>;
  /** Host routing rules (`_redirects`, `_headers`) for the root of build/. */
  routing?: readonly PlannedFile[];
  /** The OpenAPI document the schema view answers and its page's files (src/api/openapi/document.ts, swagger-ui.ts). */
  openapi?: readonly PlannedFile[];
  /** Filled with the size of each list as the plan is drained. */
  lists?: Manifest['lists'];
  /** Every media file the build publishes (src/media/collect.ts): what the media index lists. */
  media?: readonly (MediaEntry & { path: string })[];
}

export const json = apiJson;

export function rootIndex(ctx: RenderContext): Record<string, string> {
  return Object.fromEntries(RESOURCE_NAMES.map((name) => [name, ctx.urls.list(name)]));
}

/** Where a detail goes: the public `<id>.json`, or the data of a resource the function answers. */
function detailPath(resource: ResourceName, id: number | string): string {
  return QUERY_ANSWERED.has(resource) ? buildPaths.dataDetail(resource, String(id)) : buildPaths.detail(resource, id);
}

/** One list page at limit 50 (a full envelope) and each of its items' JSON, every item serialized once. */
function listPage(ctx: RenderContext, resource: BuiltResource, items: readonly unknown[], offset: number): { file: PlannedFile; rendered: string[] } {
  const rendered = items.slice(offset, offset + PAGE_SIZE).map((item) => json(resource.item(ctx, item)));
  // Splice pre-rendered items into the envelope so each object is serialized once.
  const shell = envelope(ctx.urls, resource.name, { offset, limit: PAGE_SIZE, total: items.length, objects: ['\u0000'], facets: RESOURCES[resource.name].facets });
  return { file: { path: buildPaths.listPage(resource.name, offset), body: json(shell).replace('"\\u0000"', () => rendered.join(',')) }, rendered };
}

/** List pages at limit 50 and details of one resource. */
function* planResource(input: PlanInput, resource: BuiltResource, lists: Manifest['lists']): Generator<PlannedFile> {
  const { archive, ctx } = input;
  const items = resource.list(archive, ctx);
  const total = items.length;
  lists[resource.name] = { total };
  const detailOf = resource.detail;
  const separateDetails = resource.details?.(archive, ctx);

  for (let offset = 0; offset === 0 || offset < total; offset += PAGE_SIZE) {
    const { file, rendered } = listPage(ctx, resource, items, offset);
    yield file;

    if (separateDetails) continue;
    for (let index = 0; index < rendered.length; index++) {
      const item = items[offset + index];
      const id = resource.id(item);
      if (id === null) continue;
      yield { path: detailPath(resource.name, id), body: detailOf ? json(detailOf(ctx, item)) : rendered[index]! };
    }
  }

  for (const item of separateDetails ?? []) {
    const id = resource.id(item);
    if (id === null) continue;
    yield { path: detailPath(resource.name, id), body: json((detailOf ?? resource.item)(ctx, item)) };
  }

  if (resource.files) yield* resource.files(archive, ctx);
  if (input.extras) yield* input.extras(resource.name, items);
  yield* planUnlisted(input, resource);
}

/**
 * The lists only a uid opens (BuiltResource.unlisted), each laid out as the resource's own list
 * would be if it held only those objects (list pages and extras: filter indexes), in one file
 * whose name carries the uid. Nothing of them enters the public list, its pages or its indexes.
 */
function* planUnlisted(input: PlanInput, resource: BuiltResource): Generator<PlannedFile> {
  const { archive, ctx } = input;
  for (const { key, items } of resource.unlisted?.(archive, ctx) ?? []) {
    const planned: PlannedFile[] = [];
    for (let offset = 0; offset === 0 || offset < items.length; offset += PAGE_SIZE) planned.push(listPage(ctx, resource, items, offset).file);
    planned.push(...(input.extras?.(resource.name, items) ?? []));
    const files: UnlistedList['files'] = {};
    for (const file of planned) {
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

/** A key index file (`{ "<key>": [positions] }`), as opposed to the scan, range and near files (arrays). */
function isKeyIndex(value: unknown): value is Record<string, number[]> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function* plan(input: PlanInput, lists: Manifest['lists']): Generator<PlannedFile> {
  yield { path: buildPaths.apiRoot, body: json(rootIndex(input.ctx)) };
  for (const resource of input.resources) yield* planResource(input, resource, lists);
  // Media bytes go to the media store (src/media/upload.ts); build/ holds only their index.
  yield* planMediaIndex((input.media ?? []).map((file) => [file.path, file] as const));
  yield* input.routing ?? [];
  yield* input.openapi ?? [];
}

export function* planOutput(input: PlanInput): Generator<PlannedFile> {
  const lists: Manifest['lists'] = input.lists ?? {};
  const hash = createHash('sha256');
  for (const file of plan(input, lists)) {
    hash.update(file.path).update('\0');
    // Copies count by destination only: their source path differs between checkouts, and the
    // serving layer caches JSON, never media.
    if ('body' in file) hash.update(file.body);
    hash.update('\0');
    yield file;
  }
  const manifest: Manifest = { version: MANIFEST_VERSION, build: hash.digest('hex').slice(0, 20), urls: input.ctx.urls.settings, lists };
  yield { path: buildPaths.manifest, body: json(manifest) };
}

/**
 * `archive import <froide API URL>`: reads a froide instance's API v1 into content/
 * (docs/import.md). The reference lists first, then the selected requests (each a folder,
 * written once its files are all downloaded), the public bodies and georegions they refer to,
 * the documents and collections. A request or document whose YAML already holds the
 * `last_modified_at` the list answers is up to date and costs no further request: that makes a
 * second run cheap and an interrupted one continue where it stopped.
 */
import { parse } from 'yaml';
import type { Logger } from '../log.ts';
import { mapLimit } from '../lib/concurrency.ts';
import type { Reporter } from '../pdf/progress.ts';
import { contentWriter, listText, recordText, RecordRefused, type ContentWriter } from './content-files.ts';
import { BadAnswer, createClient, HttpRefusal, type ClientOptions } from './http.ts';
import * as reference from './map-reference.ts';
import { directory, documentsOf, mapAnnotation, mapCollection, mapDocument } from './map-documents.ts';
import { mapRequest, type FileToFetch } from './map-requests.ts';
import type { ImportProgress } from './progress.ts';
import { openSource, type Source } from './source.ts';
import { ApiShapeError, dateTime, idOf, idOrNull, ids, type Json } from './values.ts';

export interface Selection {
  requests?: number[];
  campaign?: number;
  publicBody?: number;
  jurisdiction?: number;
  /** Only requests (and documents) changed on or after this date-time. */
  since?: string;
  limit?: number;
}

export interface ImportOptions {
  source: string;
  contentDir: string;
  select?: Selection;
  client?: ClientOptions;
  log: Logger;
  progress?: Reporter<ImportProgress>;
}

export interface ImportResult {
  /** What the API does not publish, one line each. */
  skipped: string[];
  /** Bad answers that stayed bad after every retry, and answers content/ cannot hold: nothing of them was written. */
  failed: string[];
  requests: { imported: number; upToDate: number };
  documents: { imported: number; upToDate: number };
  files: { downloaded: number; present: number };
  written: number;
  unchanged: number;
  httpRequests: number;
}

/** The reference lists: resource name -> content kind and file. */
const LISTS = [
  { resource: 'jurisdiction', kind: 'jurisdiction', file: 'jurisdictions.yaml', map: reference.jurisdiction },
  { resource: 'law', kind: 'law', file: 'laws.yaml', map: reference.law },
  { resource: 'classification', kind: 'classification', file: 'classifications.yaml', map: reference.classification },
  { resource: 'category', kind: 'category', file: 'categories.yaml', map: reference.category },
  { resource: 'campaign', kind: 'campaign', file: 'campaigns.yaml', map: reference.campaign },
  { resource: 'articletag', kind: 'articletag', file: 'articletags.yaml', map: reference.articleTag },
] as const;

const folderName = (id: number, slug: string) => `${String(id).padStart(4, '0')}-${slug || 'ohne-titel'}`;

/** What went wrong with one object, as a line of the summary; a program error is rethrown. */
function failure(what: string, error: unknown): string {
  if (error instanceof BadAnswer || error instanceof HttpRefusal || error instanceof ApiShapeError || error instanceof RecordRefused) return `${what}: ${error.message}`;
  throw error;
}

export async function importArchive(options: ImportOptions): Promise<ImportResult> {
  const { log } = options;
  const select = options.select ?? {};
  const client = createClient({ ...options.client, onRetry: (line) => log.warn(`retry ${line}`) });
  const source = await openSource(options.source, client);
  const writer = contentWriter(options.contentDir);
  const result: ImportResult = {
    skipped: [],
    failed: [],
    requests: { imported: 0, upToDate: 0 },
    documents: { imported: 0, upToDate: 0 },
    files: { downloaded: 0, present: 0 },
    written: 0,
    unchanged: 0,
    httpRequests: 0,
  };
  const selective = Boolean(select.requests?.length || select.campaign || select.publicBody || select.jurisdiction);
  const progress: ImportProgress = { phase: 'reference lists', done: 0, total: 0, bytes: 0 };
  options.progress?.start(progress);
  const step = (total = 0) => {
    progress.done++;
    progress.total = Math.max(progress.total + total, progress.done);
    options.progress?.update(progress);
  };

  const lists = new Map<string, Json[]>();
  for (const { resource, kind, file, map } of LISTS) {
    if (!source.listUrl(resource)) continue;
    const records: Json[] = [];
    for await (const item of source.all(resource)) records.push(map(item));
    lists.set(resource, records);
    await writeList(writer, kind, file, records, result);
  }

  progress.phase = 'requests';
  const wanted = await selectRequests(source, select, (total) => ((progress.total = total), options.progress?.update(progress)));
  progress.total = wanted.length;
  const publicBodies = new Set<number>();
  for (const law of lists.get('law') ?? []) if (law.mediator) publicBodies.add(law.mediator as number);
  await mapLimit(wanted, 4, async (item) => {
    const id = idOf(item.id, 'request.id');
    try {
      const done = await importRequest(source, writer, item, result);
      for (const pb of done) publicBodies.add(pb);
    } catch (error) {
      result.failed.push(failure(`request ${id}`, error));
    }
    step();
  });

  progress.phase = 'public bodies';
  const regions = new Set<number>(ids((lists.get('jurisdiction') ?? []).map((j) => j.region).filter((r) => r !== null), 'region'));
  await importPublicBodies(source, writer, selective ? publicBodies : null, { regions, modified: modifiedOfPublicBodies(wanted) }, result);
  progress.phase = 'georegions';
  await importGeoregions(source, writer, selective ? regions : null, result);

  if (!selective) {
    progress.phase = 'documents';
    for await (const item of source.all('document', {}, (total) => ((progress.total = wanted.length + total), options.progress?.update(progress)))) {
      if (item.original !== null && item.original !== undefined) continue; // written with its attachment
      if (select.since && !changedSince(item.last_modified_at, select.since)) continue;
      try {
        await importDocument(source, writer, item, result);
      } catch (error) {
        result.failed.push(failure(`document ${String(item.id)}`, error));
      }
      step();
    }
    progress.phase = 'collections';
    for await (const item of source.all('documentcollection')) {
      try {
        await importCollection(source, writer, item, result);
      } catch (error) {
        result.failed.push(failure(`collection ${String(item.id)}`, error));
      }
    }
  }
  await writeSite(writer, source, lists, result);
  options.progress?.stop(progress);
  // Requests run concurrently: sorted, the summary reads the same on every run.
  result.skipped.sort();
  result.failed.sort();
  result.written = writer.counts.written;
  result.unchanged = writer.counts.unchanged;
  result.httpRequests = client.requests;
  return result;
}

const changedSince = (value: unknown, since: string) => {
  const at = typeof value === 'string' ? Date.parse(dateTime(value, 'last_modified_at') ?? '') : NaN;
  return Number.isNaN(at) || at >= Date.parse(since);
};

/** The list items of the requests the selection names (froide filters where it has them, checked here again). */
async function selectRequests(source: Source, select: Selection, onTotal: (total: number) => void): Promise<Json[]> {
  if (select.requests?.length) {
    const items: Json[] = [];
    for (const id of select.requests) items.push(await source.get(source.detailUrl('request', id)));
    return items;
  }
  const query: Record<string, string> = {};
  if (select.campaign) query.campaign = String(select.campaign);
  if (select.publicBody) query.public_body = String(select.publicBody);
  if (select.jurisdiction) query.jurisdiction = String(select.jurisdiction);
  const items: Json[] = [];
  for await (const item of source.all('request', query, onTotal)) {
    if (select.campaign && idOrNull(item.campaign, 'campaign') !== select.campaign) continue;
    if (select.publicBody && (item.public_body as Json | null)?.id !== select.publicBody) continue;
    if (select.jurisdiction && idOrNull(item.jurisdiction, 'jurisdiction') !== select.jurisdiction) continue;
    if (select.since && !changedSince(item.last_modified_at, select.since)) continue;
    items.push(item);
    if (select.limit && items.length >= select.limit) break;
  }
  return items;
}

async function existingYaml(writer: ContentWriter, path: string): Promise<Json | null> {
  const bytes = await writer.read(path);
  if (!bytes) return null;
  try {
    const value = parse(new TextDecoder().decode(bytes)) as unknown;
    return value && typeof value === 'object' ? (value as Json) : null;
  } catch {
    return null;
  }
}

/** Whether the YAML at `path` holds the `last_modified_at` the list answered (then nothing changed). */
async function upToDate(writer: ContentWriter, path: string, item: Json): Promise<boolean> {
  const stored = (await existingYaml(writer, path))?.last_modified_at;
  const current = dateTime(item.last_modified_at, 'last_modified_at');
  return current !== null && typeof stored === 'string' && Date.parse(stored) === Date.parse(current);
}

/** Downloads the files not already there with the announced size; returns the paths of those the server refuses. */
async function fetchFiles(source: Source, writer: ContentWriter, folder: string, files: readonly FileToFetch[], result: ImportResult): Promise<Map<string, string>> {
  const refused = new Map<string, string>();
  for (const file of files) {
    const path = `${folder}/${file.path}`;
    const existing = await writer.read(path);
    if (existing && file.size !== null && existing.length === file.size) {
      result.files.present++;
      continue;
    }
    try {
      await writer.put(path, await source.client.file(file.url, file.size));
      result.files.downloaded++;
    } catch (error) {
      if (!(error instanceof HttpRefusal)) throw error;
      refused.set(file.path, `${file.what}: the server does not publish its file (${error.status})`);
    }
  }
  return refused;
}

/** Writes one request's folder; returns the public bodies it names. */
async function importRequest(source: Source, writer: ContentWriter, item: Json, result: ImportResult): Promise<number[]> {
  const id = idOf(item.id, 'request.id');
  const existing = await writer.existingName('requests', id);
  const named = [idOrNull((item.public_body as Json | null)?.id, 'public_body')].filter((pb): pb is number => pb !== null);
  if (existing && (await upToDate(writer, `requests/${existing}/request.yaml`, item))) {
    result.requests.upToDate++;
    const messages = await existingMessages(writer, `requests/${existing}`);
    return [...named, ...messages];
  }
  const answer = typeof item.resource_uri === 'string' && !('messages' in item) ? await source.get(item.resource_uri) : item;
  const mapped = mapRequest(answer);
  const folder = `requests/${existing ?? folderName(id, String(mapped.request.slug))}`;
  const refused = await fetchFiles(source, writer, folder, mapped.files, result);
  result.skipped.push(...mapped.skipped, ...refused.values());
  const keep = new Set<string>();
  for (const message of mapped.messages) {
    const attachments = (message.attachments as Json[]).filter((a) => !refused.has(`files/${String(message.id)}/${String(a.name)}`));
    const path = `${folder}/messages/${String(message.id)}.yaml`;
    keep.add(`${String(message.id)}.yaml`);
    await writer.put(path, recordText('message', path, { ...message, attachments }));
  }
  for (const name of (await listNames(writer, `${folder}/messages`)).filter((name) => name.endsWith('.yaml') && !keep.has(name))) await writer.remove(`${folder}/messages/${name}`);
  await writer.put(`${folder}/request.yaml`, recordText('request', `${folder}/request.yaml`, mapped.request));
  result.requests.imported++;
  const bodies = mapped.messages.flatMap((m) => [m.sender_public_body, m.recipient_public_body]).filter((pb): pb is number => typeof pb === 'number');
  return [...named, ...bodies];
}

async function listNames(writer: ContentWriter, dir: string): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  try {
    return await readdir(`${writer.root}/${dir}`);
  } catch {
    return [];
  }
}

/** The public bodies named by the messages already in a request folder. */
async function existingMessages(writer: ContentWriter, folder: string): Promise<number[]> {
  const out: number[] = [];
  for (const name of await listNames(writer, `${folder}/messages`)) {
    const message = await existingYaml(writer, `${folder}/messages/${name}`);
    for (const key of ['sender_public_body', 'recipient_public_body']) if (typeof message?.[key] === 'number') out.push(message[key] as number);
  }
  return out;
}

async function writeList(writer: ContentWriter, kind: Parameters<typeof listText>[0], file: string, records: Json[], result: ImportResult): Promise<void> {
  // Records of the file the API no longer lists stay: an import adds and updates, it does not delete.
  const existing = await existingYaml(writer, file);
  const byId = new Map<number, Json>();
  if (Array.isArray(existing)) for (const record of existing as Json[]) if (typeof record?.id === 'number') byId.set(record.id, record);
  for (const record of records) byId.set(record.id as number, record);
  try {
    await writer.put(file, listText(kind, file, [...byId.values()]));
  } catch (error) {
    result.failed.push(failure(file, error));
  }
}

/** Writes `<dir>/<id>-<slug>.yaml`, moving a file of the same id under an older slug. */
async function writeRecordFile(writer: ContentWriter, kind: Parameters<typeof recordText>[0], dir: string, record: Json, extra?: { suffix: string; bytes: string }): Promise<void> {
  const name = `${String(record.id)}-${String(record.slug)}`;
  const existing = await writer.existingName(dir, record.id as number);
  const oldBase = existing?.replace(/\.(yaml|geojson)$/, '');
  if (oldBase && oldBase !== name) {
    await writer.remove(`${dir}/${oldBase}.yaml`);
    await writer.remove(`${dir}/${oldBase}.geojson`);
  }
  if (extra) await writer.put(`${dir}/${name}${extra.suffix}`, extra.bytes);
  const path = `${dir}/${name}.yaml`;
  await writer.put(path, recordText(kind, path, record));
}

/**
 * A public body's `last_modified_at` is in no answer of its own (froide's PublicBodySerializer
 * leaves it out); the simple public body of a request list item carries it.
 */
function modifiedOfPublicBodies(items: readonly Json[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const item of items) {
    const body = item.public_body as Json | null | undefined;
    const at = body && typeof body === 'object' ? dateTime(body.last_modified_at, 'public_body.last_modified_at') : null;
    if (at && typeof body?.id === 'number') out.set(body.id, at);
  }
  return out;
}

async function importPublicBodies(
  source: Source,
  writer: ContentWriter,
  only: Set<number> | null,
  seen: { regions: Set<number>; modified: Map<number, string> },
  result: ImportResult,
): Promise<void> {
  const { regions, modified } = seen;
  const records = new Map<number, Json>();
  if (only === null) {
    for await (const item of source.all('publicbody')) records.set(idOf(item.id, 'publicbody.id'), reference.publicBody(item));
  } else {
    const queue = [...only];
    while (queue.length) {
      const id = queue.shift()!;
      if (records.has(id)) continue;
      try {
        const record = reference.publicBody(await source.get(source.detailUrl('publicbody', id)));
        records.set(id, record);
        if (typeof record.parent === 'number') queue.push(record.parent);
      } catch (error) {
        result.failed.push(failure(`public body ${id}`, error));
      }
    }
  }
  for (const record of records.values()) {
    record.last_modified_at ??= modified.get(record.id as number);
    for (const region of record.regions as number[]) regions.add(region);
    try {
      await writeRecordFile(writer, 'publicbody', 'publicbodies', record);
    } catch (error) {
      result.failed.push(failure(`public body ${String(record.id)}`, error));
    }
  }
}

/** Geometries larger than this go into their own .geojson file, as an editor would put them. */
const INLINE_GEOMETRY_BYTES = 20_000;

async function importGeoregions(source: Source, writer: ContentWriter, only: Set<number> | null, result: ImportResult): Promise<void> {
  const queue: number[] = [...(only ?? [])];
  if (only === null) for await (const item of source.all('georegion')) queue.push(idOf(item.id, 'georegion.id'));
  const done = new Set<number>();
  while (queue.length) {
    const id = queue.shift()!;
    if (done.has(id)) continue;
    done.add(id);
    try {
      const record = reference.georegion(await source.get(source.detailUrl('georegion', id)));
      if (typeof record.part_of === 'number') queue.push(record.part_of);
      const geometry = record.geom === undefined ? '' : JSON.stringify(record.geom);
      if (geometry.length > INLINE_GEOMETRY_BYTES) {
        const name = `${id}-${String(record.slug)}.geojson`;
        await writeRecordFile(writer, 'georegion', 'georegions', { ...record, geom: undefined, geom_file: name }, { suffix: '.geojson', bytes: `${geometry}\n` });
      } else await writeRecordFile(writer, 'georegion', 'georegions', record);
    } catch (error) {
      result.failed.push(failure(`georegion ${id}`, error));
    }
  }
}

async function importDocument(source: Source, writer: ContentWriter, item: Json, result: ImportResult): Promise<void> {
  const id = idOf(item.id, 'document.id');
  const existing = await writer.existingName('documents', id);
  if (existing && (await upToDate(writer, `documents/${existing}/document.yaml`, item))) {
    result.documents.upToDate++;
    return;
  }
  const answer = 'file_url' in item ? item : await source.get(String(item.resource_uri));
  const mapped = mapDocument(answer);
  const folder = `documents/${existing ?? folderName(id, String(mapped.document.slug))}`;
  const refused = await fetchFiles(source, writer, folder, [{ path: mapped.file.name, url: mapped.file.url, size: mapped.file.size, what: `document ${id}` }], result);
  result.skipped.push(...mapped.skipped);
  if (refused.size) {
    result.skipped.push(...refused.values());
    return;
  }
  const annotations: Json[] = [];
  if (source.listUrl('pageannotation')) for await (const annotation of source.all('pageannotation', { document: String(id) })) annotations.push(mapAnnotation(annotation));
  if (annotations.length) await writer.put(`${folder}/annotations.yaml`, listText('pageannotation', `${folder}/annotations.yaml`, annotations));
  else await writer.remove(`${folder}/annotations.yaml`);
  await writer.put(`${folder}/document.yaml`, recordText('document', `${folder}/document.yaml`, mapped.document));
  result.documents.imported++;
}

async function importCollection(source: Source, writer: ContentWriter, item: Json, result: ImportResult): Promise<void> {
  const detail = await source.get(String(item.resource_uri));
  const record = mapCollection(detail);
  const directories: Json[] = [];
  const directoryOf = new Map<number, number | null>();
  for (const doc of documentsOf(detail)) directoryOf.set(idOf((doc as Json).id, 'document'), null);
  const queue = ((detail.directories as unknown[]) ?? []).map((d) => ({ dir: d, parent: null as number | null }));
  while (queue.length) {
    const { dir, parent } = queue.shift()!;
    const d = directory(dir);
    directories.push({ id: d.id, name: d.name, parent, description: d.description, created_at: d.created_at ?? undefined, updated_at: d.updated_at ?? undefined });
    const url = new URL(String(item.resource_uri));
    url.searchParams.set('directory', String(d.id));
    const view = await source.get(url.href);
    for (const child of (view.directories as unknown[]) ?? []) queue.push({ dir: child, parent: d.id });
    for (const doc of documentsOf(view)) directoryOf.set(idOf((doc as Json).id, 'document'), d.id);
  }
  // The collection's order is the order of its document list (filingcabinet orders by the entries' `order`).
  const order: number[] = [];
  if (typeof detail.documents_uri === 'string') for await (const doc of source.allAt(detail.documents_uri)) order.push(idOf(doc.id, 'document'));
  for (const id of directoryOf.keys()) if (!order.includes(id)) order.push(id);
  const documents = order.map((id) => ({ document: id, directory: directoryOf.get(id) ?? null }));
  await writeRecordFile(writer, 'documentcollection', 'collections', { ...record, directories, documents });
  void result;
}

async function writeSite(writer: ContentWriter, source: Source, lists: Map<string, Json[]>, result: ImportResult): Promise<void> {
  if (await writer.read('site.yaml')) return;
  const origin = new URL(source.root).origin;
  const siteUrl = [...(lists.get('jurisdiction') ?? [])].length ? await siteUrlOf(source) : origin;
  const stamps = [...lists.values()].flat().map((r) => r.last_modified_at).filter((s): s is string => typeof s === 'string' && s.includes('T'));
  const updated = stamps.sort((a, b) => Date.parse(a) - Date.parse(b)).pop() ?? new Date().toISOString().replace(/\.\d+Z$/, '+00:00');
  const site = { title: `Archiv von ${new URL(siteUrl).host}`, base_url: origin, media_url: '/media/', site_url: siteUrl, updated_at: updated };
  try {
    await writer.put('site.yaml', recordText('site', 'site.yaml', site));
  } catch (error) {
    result.failed.push(failure('site.yaml', error));
  }
}

/** froide's public pages live at SITE_URL: the origin of a jurisdiction's `site_url`. */
async function siteUrlOf(source: Source): Promise<string> {
  for await (const item of source.all('jurisdiction')) if (typeof item.site_url === 'string') return new URL(item.site_url).origin;
  return new URL(source.root).origin;
}

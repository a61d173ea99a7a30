/**
 * What every step of the import shares: the result it adds to, how a failure becomes a line of
 * the summary, whether a record on disk is up to date, the downloads, and record files named
 * `<id>-<slug>` that follow a changed slug.
 */
import { join } from 'node:path';
import { parse } from 'yaml';
import { listText, recordText, RecordRefused } from './content-files.ts';
import type { ContentWriter } from './content-writer.ts';
import { BadAnswer, HttpRefusal, OriginRefused } from './http.ts';
import type { FileToFetch } from './map-requests.ts';
import { cleanName } from './names.ts';
import type { Source } from './source.ts';
import { ApiShapeError, dateTimeOf, type Json } from './values.ts';

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
  /** Whether the run ended early because the source failed too many URLs in a row. */
  stopped: boolean;
}

/** A new request or document folder: `0042-<slug>`, as the sample names them (an existing folder of the id keeps its name). */
export const folderName = (id: number, slug: string) => `${String(id).padStart(4, '0')}-${slug || 'ohne-titel'}`;

/** What went wrong with one object, as a line of the summary (with its URL when the error does not name it); a program error is rethrown. */
export function failure(what: string, error: unknown, url?: string): string {
  if (error instanceof BadAnswer || error instanceof HttpRefusal || error instanceof ApiShapeError || error instanceof RecordRefused || error instanceof OriginRefused) {
    return url && !error.message.includes(url) ? `${what} (${url}): ${error.message}` : `${what}: ${error.message}`;
  }
  throw error;
}

/** The value of a YAML file of content/, or null when there is none or it does not parse. */
export async function existingYaml(writer: ContentWriter, path: string): Promise<Json | null> {
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
export async function upToDate(writer: ContentWriter, path: string, item: Json): Promise<boolean> {
  const stored = (await existingYaml(writer, path))?.last_modified_at;
  const current = dateTimeOf(item.last_modified_at, 'last_modified_at');
  return current !== null && typeof stored === 'string' && Date.parse(stored) === Date.parse(current);
}

/** A file downloaded into the staging folder, whole and checked, waiting to be moved into content/. */
export interface StagedFile {
  path: string;
  staged: string;
  sha256: string;
}

/**
 * Downloads into `staging` the files not already in content/ with the announced size, each
 * checked (http.ts) before the next starts; returns them and the files the server refuses
 * (by path relative to the folder). Nothing is moved into content/ here: a failure leaves it as it was.
 */
export async function stageFiles(source: Source, writer: ContentWriter, folder: string, files: readonly FileToFetch[], staging: string, result: ImportResult) {
  const refused = new Map<string, string>();
  const ready: StagedFile[] = [];
  for (const [index, file] of files.entries()) {
    source.client.checkOrigin(file.url, 'the file');
    const path = `${folder}/${file.path}`;
    if (file.size !== null && (await writer.size(path)) === file.size && (!file.expect.sha256 || (await writer.sha256(path)) === file.expect.sha256.toLowerCase())) {
      result.files.present++;
      continue;
    }
    const staged = join(staging, String(index));
    try {
      const facts = await source.client.file(file.url, file.expect, staged);
      ready.push({ path, staged, sha256: facts.sha256 });
      result.files.downloaded++;
    } catch (error) {
      if (!(error instanceof HttpRefusal)) throw error;
      refused.set(file.path, `${file.what}: the server does not publish its file (${error.status})`);
    }
  }
  return { refused, ready };
}

/** Moves staged files into content/ (the object they belong to is complete and valid). */
export async function commitFiles(writer: ContentWriter, files: readonly StagedFile[]): Promise<void> {
  for (const file of files) await writer.commit(file.path, file.staged, file.sha256);
}

export async function writeList(writer: ContentWriter, kind: Parameters<typeof listText>[0], file: string, records: Json[], result: ImportResult): Promise<void> {
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

/** Writes `<dir>/<id>-<slug>.yaml` (checked first), replacing a file of the same id under an older slug. */
export async function writeRecordFile(writer: ContentWriter, kind: Parameters<typeof recordText>[0], dir: string, record: Json, extra?: { suffix: string; bytes: string }): Promise<void> {
  const text = recordText(kind, `${dir}/${String(record.id)}-${String(record.slug)}.yaml`, record);
  const name = cleanName(`${String(record.id)}-${String(record.slug)}`, `${kind} ${String(record.id)} slug`);
  const path = `${dir}/${name}.yaml`;
  const existing = await writer.existingName(dir, record.id as number);
  const oldBase = existing?.replace(/\.(yaml|geojson)$/, '');
  if (oldBase && oldBase !== name) {
    await writer.remove(`${dir}/${oldBase}.yaml`);
    await writer.remove(`${dir}/${oldBase}.geojson`);
  }
  if (extra) await writer.put(`${dir}/${name}${extra.suffix}`, extra.bytes);
  await writer.put(path, text);
}

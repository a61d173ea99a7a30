/**
 * What every step of the import shares: the result it adds to, how a failure becomes a line of
 * the summary, whether a record on disk is up to date, the downloads, and record files named
 * `<id>-<slug>` that follow a changed slug.
 */
import { parse } from 'yaml';
import { listText, recordText, RecordRefused, type ContentWriter } from './content-files.ts';
import { BadAnswer, HttpRefusal } from './http.ts';
import type { FileToFetch } from './map-requests.ts';
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
}

/** A new request or document folder: `0042-<slug>`, as the sample names them (an existing folder of the id keeps its name). */
export const folderName = (id: number, slug: string) => `${String(id).padStart(4, '0')}-${slug || 'ohne-titel'}`;

/** What went wrong with one object, as a line of the summary; a program error is rethrown. */
export function failure(what: string, error: unknown): string {
  if (error instanceof BadAnswer || error instanceof HttpRefusal || error instanceof ApiShapeError || error instanceof RecordRefused) return `${what}: ${error.message}`;
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

/** Downloads the files not already there with the announced size; returns the paths of those the server refuses. */
export async function fetchFiles(source: Source, writer: ContentWriter, folder: string, files: readonly FileToFetch[], result: ImportResult): Promise<Map<string, string>> {
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
  const name = `${String(record.id)}-${String(record.slug)}`;
  const path = `${dir}/${name}.yaml`;
  const text = recordText(kind, path, record);
  const existing = await writer.existingName(dir, record.id as number);
  const oldBase = existing?.replace(/\.(yaml|geojson)$/, '');
  if (oldBase && oldBase !== name) {
    await writer.remove(`${dir}/${oldBase}.yaml`);
    await writer.remove(`${dir}/${oldBase}.geojson`);
  }
  if (extra) await writer.put(`${dir}/${name}${extra.suffix}`, extra.bytes);
  await writer.put(path, text);
}

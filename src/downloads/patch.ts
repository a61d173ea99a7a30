/**
 * The data downloads in a patch build (src/output/text-patch.ts): the ranges that hold an object
 * whose detail answer changed are written again, every other range file is linked as it is, and
 * the manifest is the kept one with those files' sizes and digests, the new build id and the
 * content commit. Each edited line must be what the kept file holds for the object before the
 * edit, or the build runs whole; a range's files are then the bytes a cold build writes
 * (NDJSON.gz of the same lines, Parquet of the same objects; test/build-patch.test.ts).
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import type { Env } from '../config.ts';
import { sha256Of } from '../lib/sha256.ts';
import { contentCommit } from './commit.ts';
import { DOWNLOAD_RANGE, DOWNLOADS_MANIFEST, downloadPath } from './paths.ts';
import { lineOfText, ndjsonOf, parquetOf, type DownloadsManifest } from './plan.ts';

/** An object whose download line changes: its detail answer's JSON text before and after the edit. */
export interface LineEdit {
  resource: string;
  id: number;
  before: string;
  after: string;
}

interface File {
  path: string;
  body: string | Uint8Array;
  sha256: string;
}

/** What the patch changes of the downloads: each range's two files replacing the kept ones (in plan order), and the manifest once the build id is known. */
export interface DownloadsPatch {
  runs: { paths: string[]; files: File[] }[];
  manifest(build: string): File;
}

/** The downloads' part of a patch, or undefined when build/ does not hold what the edits start from. */
export function patchDownloads(buildDir: string, keptBuild: string, source: { contentDir: string; env: Env }, edits: readonly LineEdit[]): DownloadsPatch | undefined {
  const manifestText = readFileSync(join(buildDir, DOWNLOADS_MANIFEST), 'utf8');
  const manifest = JSON.parse(manifestText) as DownloadsManifest;
  if (manifest.build !== keptBuild || `${JSON.stringify(manifest, null, 1)}\n` !== manifestText || manifest.range_size !== DOWNLOAD_RANGE) return undefined;
  const ranges = new Map<string, { resource: string; range: number; edits: Map<number, LineEdit> }>();
  for (const edit of edits) {
    const range = Math.floor(edit.id / DOWNLOAD_RANGE);
    const key = `${edit.resource}/${range}`;
    let group = ranges.get(key);
    if (!group) ranges.set(key, (group = { resource: edit.resource, range, edits: new Map() }));
    group.edits.set(edit.id, edit);
  }
  const runs: DownloadsPatch['runs'] = [];
  const entries = new Map(manifest.files.map((entry) => [entry.path, entry]));
  for (const { resource, range, edits: lineEdits } of ranges.values()) {
    const paths = [downloadPath('ndjson', resource, range), downloadPath('parquet', resource, range)];
    const columns = manifest.resources[resource];
    if (!columns || paths.some((path) => !entries.has(`/${path}`))) return undefined;
    const lines = gunzipSync(readFileSync(join(buildDir, paths[0]!))).toString('utf8').split('\n');
    if (lines.pop() !== '') return undefined;
    const objects = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    let found = 0;
    for (const [at, object] of objects.entries()) {
      const edit = typeof object.id === 'number' ? lineEdits.get(object.id) : undefined;
      if (!edit) continue;
      if (lines[at] !== lineOfText(edit.before)) return undefined;
      lines[at] = lineOfText(edit.after);
      objects[at] = JSON.parse(lines[at]) as Record<string, unknown>;
      found++;
    }
    if (found !== lineEdits.size) return undefined;
    const bodies = [ndjsonOf(lines), parquetOf(columns, objects, (at) => `${resource} ${String(objects[at]!.id)}`)];
    const files = paths.map((path, at) => ({ path, body: bodies[at]!, sha256: sha256Of(bodies[at]!) }));
    for (const file of files) Object.assign(entries.get(`/${file.path}`)!, { bytes: file.body.byteLength, sha256: file.sha256 });
    runs.push({ paths, files });
  }
  const commit = contentCommit(source.contentDir, source.env);
  return {
    runs,
    manifest(build) {
      const body = `${JSON.stringify({ ...manifest, build, content_commit: commit }, null, 1)}\n`;
      return { path: DOWNLOADS_MANIFEST, body, sha256: sha256Of(body) };
    },
  };
}

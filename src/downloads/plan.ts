/**
 * The data downloads of a build (docs/downloads.md): for each resource that grows with the
 * archive, every object of its public list as newline-delimited JSON (gzip) and as Parquet,
 * cut into files by id range, and a manifest of every file. One line is the object's detail
 * answer as the API serves it (the same JSON text), with its media links' token slots left
 * out: downloads are static files, and no file of them holds a token.
 *
 * Deterministic: the gzip header has no time or name (Node's zlib writes mtime 0), the Parquet
 * file no time, and the objects of a file are in id order, so a range whose objects did not
 * change is the same bytes in the next build and the deploy uploads only the ranges that did.
 */
import { gzipSync } from 'node:zlib';
import { parquetWriteBuffer } from 'hyparquet-writer';
import type { Archive } from '../model/types.ts';
import type { RenderContext } from '../api/resources/context.ts';
import type { PlannedFile } from '../lib/planned-file.ts';
import { sha256Of } from '../lib/sha256.ts';
import { BUILT, type BuiltName } from '../api/resources/serializer-registry.ts';
import type { BuiltResource } from '../api/resources/serializer-spec.ts';
import type { ResourceItems } from '../api/resources/declaration-registry.ts';
import { apiJson } from '../formats/json.ts';
import { SLOT_CHAR } from '../formats/token-slots.ts';
import type { Env } from '../config.ts';
import { contentCommit } from './commit.ts';
import { downloadColumns, type Column, type ResourceColumns } from './columns.ts';
import { DOWNLOAD_FORMATS, DOWNLOAD_RANGE, DOWNLOADS_MANIFEST, downloadPath, type DownloadFormat } from './paths.ts';

/** The resources with downloads: those that grow with the archive and have a detail answer per object. */
export const DOWNLOAD_RESOURCES = ['request', 'message', 'attachment', 'document', 'publicbody'] as const satisfies readonly BuiltName[];

/** One file of the manifest. */
export interface DownloadEntry {
  resource: string;
  format: DownloadFormat;
  path: string;
  url: string;
  media_type: string;
  /** The ids the file's range covers (the objects in it are fewer where ids are missing). */
  id_range: [number, number];
  objects: number;
  bytes: number;
  sha256: string;
}

export interface DownloadsManifest {
  version: 1;
  build: string;
  content_commit: string | null;
  range_size: number;
  resources: Record<string, { objects: number; component: string; columns: Column[] }>;
  files: DownloadEntry[];
}

const STORED_SLOT = `?token=${SLOT_CHAR}`;

/** What the downloads take of output reuse (src/previous/output-record.ts OutputReuse): the same fingerprints and record as packs. */
export interface DownloadsReuse {
  covers(resource: BuiltName): boolean;
  fingerprint<N extends BuiltName>(resource: N, item: ResourceItems[N]): string;
  reusable(group: string, key: string): { files: PlannedFile[]; extra: string | undefined } | undefined;
  record(group: string, key: string, files: readonly { path: string; sha256: string }[], extra?: string): void;
  readonly stats: { rendered: number };
}

/** A detail's JSON text as a download line: the answer's text without token slots (a media link without its token). */
export function lineOfText(text: string): string {
  return text.includes(SLOT_CHAR) ? text.replaceAll(STORED_SLOT, '') : text;
}

const encoder = new TextEncoder();

/** The NDJSON.gz file of a range's lines. */
export function ndjsonOf(lines: readonly string[]): Uint8Array {
  return gzipSync(encoder.encode(lines.map((line) => `${line}\n`).join('')), { level: 9 });
}

/** The values of one column, typed for hyparquet-writer, from the parsed lines. */
function columnData(column: Column, objects: readonly Record<string, unknown>[], what: (at: number) => string): unknown[] {
  return objects.map((object, at) => {
    const value = object[column.name];
    if (value === null || value === undefined) return null;
    switch (column.kind) {
      case 'integer':
        if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new Error(`${what(at)}: ${column.name} is ${JSON.stringify(value)}, not the integer its schema says`);
        return BigInt(value);
      case 'number':
      case 'boolean':
        return value;
      case 'timestamp': {
        const time = typeof value === 'string' ? Date.parse(value) : NaN;
        if (Number.isNaN(time)) throw new Error(`${what(at)}: ${column.name} is ${JSON.stringify(value)}, not the date-time its schema says`);
        return new Date(time);
      }
      case 'string':
        return typeof value === 'string' ? value : JSON.stringify(value);
      case 'json':
        // The writer stores the JSON text of the value.
        return value;
    }
  });
}

const PARQUET_TYPES = { integer: 'INT64', number: 'DOUBLE', boolean: 'BOOLEAN', timestamp: 'TIMESTAMP', string: 'STRING', json: 'JSON' } as const;

/** A Parquet file of the objects, one row group, the columns of the resource's schema component. */
export function parquetOf(columns: ResourceColumns, objects: readonly Record<string, unknown>[], what: (at: number) => string): Uint8Array {
  // With its own in-memory writer the write is synchronous.
  const buffer = parquetWriteBuffer({
    columnData: columns.columns.map((column) => ({ name: column.name, data: columnData(column, objects, what) as never, type: PARQUET_TYPES[column.kind] })),
    rowGroupSize: DOWNLOAD_RANGE,
    kvMetadata: [{ key: 'openapi_component', value: columns.component }],
    createdBy: 'foi-archive downloads (hyparquet-writer)',
  });
  return new Uint8Array(buffer);
}

/** Hands out the files of every download range, in resource and id order, and the manifest once the build id is known. */
export class DownloadsPlan {
  private readonly entries: DownloadEntry[] = [];
  private readonly counts: Record<string, number> = {};
  private readonly columns: Record<string, ResourceColumns>;
  private readonly commit: string | null;

  constructor(
    private readonly archive: Archive,
    private readonly ctx: RenderContext,
    /** Where the content commit the manifest names is read (commit.ts). */
    source: { contentDir: string; env: Env },
    /** The previous build's files to link where a range's objects did not change (src/previous/output-record.ts, as packs are). */
    private readonly reuse?: DownloadsReuse,
  ) {
    this.columns = downloadColumns(ctx.urls.settings, DOWNLOAD_RESOURCES);
    this.commit = contentCommit(source.contentDir, source.env);
  }

  *files(): Generator<PlannedFile> {
    for (const name of DOWNLOAD_RESOURCES) yield* this.resource(name);
  }

  private *resource<N extends (typeof DOWNLOAD_RESOURCES)[number]>(name: N): Generator<PlannedFile> {
    const resource: BuiltResource<ResourceItems[N]> = BUILT[name];
    const { ctx } = this;
    // The public list: what the API lists is what the downloads hold.
    const ranges = new Map<number, [number, ResourceItems[N]][]>();
    for (const item of resource.list(this.archive, ctx)) {
      const id = resource.id(item);
      if (typeof id !== 'number') throw new Error(`${name}: a download needs whole-number ids, not ${JSON.stringify(id)}`);
      const range = Math.floor(id / DOWNLOAD_RANGE);
      let members = ranges.get(range);
      if (!members) ranges.set(range, (members = []));
      members.push([id, item]);
    }
    this.counts[name] = 0;
    const reuse = this.reuse?.covers(name) ? this.reuse : undefined;
    for (const range of [...ranges.keys()].sort((a, b) => a - b)) {
      const members = ranges.get(range)!.sort((a, b) => a[0] - b[0]);
      this.counts[name] += members.length;
      const first = range * DOWNLOAD_RANGE;
      const entry = (format: DownloadFormat, path: string, bytes: number, sha256: string) =>
        this.entries.push({ resource: name, format, path: `/${path}`, url: `${ctx.urls.settings.baseUrl}/${path}`, media_type: DOWNLOAD_FORMATS[format].mediaType, id_range: [first, first + DOWNLOAD_RANGE - 1], objects: members.length, bytes, sha256 });
      // A range is keyed by its objects' ids and fingerprints, which stand for every input of their details.
      const group = `downloads/${name}/${range}`;
      const key = reuse && sha256Of(`${group}\n${members.map(([id, item]) => `${id}:${reuse.fingerprint(name, item)}\n`).join('')}`);
      const found = reuse && key !== undefined ? reuse.reusable(group, key) : undefined;
      if (found && found.extra !== undefined) {
        const sizes = JSON.parse(found.extra) as number[];
        for (const [at, file] of found.files.entries()) {
          entry(at === 0 ? 'ndjson' : 'parquet', file.path, sizes[at]!, file.sha256!);
          yield file;
        }
        continue;
      }
      const lines = members.map(([, item]) => lineOfText(apiJson(resource.detail ? resource.detail(ctx, item) : resource.item(ctx, item))));
      const ndjson = ndjsonOf(lines);
      const objects = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const parquet = parquetOf(this.columns[name]!, objects, (at) => `${name} ${members[at]![0]}`);
      const files = ([['ndjson', ndjson], ['parquet', parquet]] as const).map(([format, body]) => ({ format, path: downloadPath(format, name, range), body, sha256: sha256Of(body) }));
      for (const file of files) {
        entry(file.format, file.path, file.body.byteLength, file.sha256);
        yield { path: file.path, body: file.body, sha256: file.sha256 };
      }
      if (reuse && key !== undefined) {
        reuse.stats.rendered++;
        reuse.record(group, key, files, JSON.stringify(files.map((file) => file.body.byteLength)));
      }
    }
  }

  /** The manifest (after every file was drained): every file, the build id and the content commit. */
  manifest(build: string): PlannedFile & { body: string } {
    const resources: DownloadsManifest['resources'] = {};
    for (const name of DOWNLOAD_RESOURCES) resources[name] = { objects: this.counts[name] ?? 0, component: this.columns[name]!.component, columns: this.columns[name]!.columns };
    const manifest: DownloadsManifest = { version: 1, build, content_commit: this.commit, range_size: DOWNLOAD_RANGE, resources, files: this.entries };
    return { path: DOWNLOADS_MANIFEST, body: `${JSON.stringify(manifest, null, 1)}\n` };
  }
}

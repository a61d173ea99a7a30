/**
 * The data downloads (docs/downloads.md) of the sample archive, served by the preview over
 * HTTP: the manifest the API root links, each file fetched as a reader would and checked
 * against the manifest, then read by DuckDB (a reader that did not write them), and every row
 * compared with the API's detail answer for its id. The docs' one-liners run on the fetched
 * files: DuckDB's SQL, and pandas' and sqlite-utils' commands where those tools are installed.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { serveSampleArchive } from '../helpers/build.ts';
import { tempDir } from '../helpers/content.ts';
import type { DownloadsManifest } from '../../src/downloads/plan.ts';
import { columnKind } from '../../src/downloads/columns.ts';

const BASE = 'https://downloads.example.org';
const sample = serveSampleArchive(BASE, { downloads: true });

let dir: { path: string; remove(): Promise<void> };
let manifest: DownloadsManifest;
let instance: DuckDBInstance;
let duck: DuckDBConnection;
const local = (file: { path: string }) => join(dir.path, file.path);

/** An answer's text without the tokens of its media links: what a download line holds. */
const withoutTokens = (text: string) => text.replace(/\?token=[^"]*/g, '');

beforeAll(async () => {
  dir = await tempDir('downloads-');
  const root = await fetch(new URL('/api/v1/', sample.url));
  const link = /^<([^>]+)>; rel="describedby"/.exec(root.headers.get('link') ?? '');
  if (!link) throw new Error(`the API root has no Link to the downloads: ${root.headers.get('link')}`);
  manifest = (await (await fetch(new URL(link[1]!, sample.url))).json()) as DownloadsManifest;
  for (const file of manifest.files) {
    const response = await fetch(sample.local(file.url));
    if (response.status !== 200) throw new Error(`${file.url}: ${response.status}`);
    await mkdir(join(local(file), '..'), { recursive: true });
    await writeFile(local(file), new Uint8Array(await response.arrayBuffer()));
  }
  instance = await DuckDBInstance.create(':memory:');
  duck = await instance.connect();
}, 300_000);
afterAll(async () => {
  duck?.closeSync();
  instance?.closeSync();
  await dir?.remove();
});

async function rows(sql: string): Promise<Record<string, unknown>[]> {
  return (await duck.runAndReadAll(sql)).getRowObjectsJS();
}

/** Requests by status, counted from the request NDJSON file itself. */
async function requestStatuses(): Promise<Map<string, number>> {
  const statuses = new Map<string, number>();
  for (const line of gunzipSync(await readFile(local(manifest.files.find((file) => file.resource === 'request' && file.format === 'ndjson')!))).toString('utf8').trim().split('\n')) {
    const { status } = JSON.parse(line) as { status: string };
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  return statuses;
}

/** The first of these that runs: a Python with pandas (the system one has it where pyenv's does not), sqlite-utils. */
function firstThatRuns(candidates: readonly string[], args: readonly string[]): string | undefined {
  return candidates.find((candidate) => {
    try {
      execFileSync(candidate, args, { stdio: 'ignore', timeout: 60_000 });
      return true;
    } catch {
      return false;
    }
  });
}
const pandasPython = firstThatRuns(['/usr/bin/python3', 'python3'], ['-c', 'import pandas']);
const sqliteUtils = firstThatRuns(['/usr/bin/sqlite-utils', 'sqlite-utils'], ['--version']);

async function answer(resource: string, id: number): Promise<string> {
  const response = await fetch(new URL(`/api/v1/${resource}/${id}/`, sample.url));
  expect(response.status, `${resource} ${id}`).toBe(200);
  return withoutTokens(await response.text());
}

describe('data downloads', () => {
  it('the manifest lists every file with its range, count, bytes, sha256 and type, the build id and what the API lists', async () => {
    const built = JSON.parse(await readFile(join(sample.buildDir, '_data/manifest.json'), 'utf8')) as { build: string; lists: Record<string, { total: number }> };
    expect(manifest.build).toBe(built.build);
    expect(manifest.range_size).toBe(1000);
    expect(Object.keys(manifest.resources)).toEqual(['request', 'message', 'attachment', 'document', 'publicbody']);
    for (const [resource, { objects }] of Object.entries(manifest.resources)) {
      expect(objects, resource).toBe(built.lists[resource]!.total);
      expect(objects, resource).toBeGreaterThan(0);
      const files = manifest.files.filter((file) => file.resource === resource);
      for (const format of ['ndjson', 'parquet']) expect(files.filter((file) => file.format === format).reduce((sum, file) => sum + file.objects, 0), `${resource} ${format}`).toBe(objects);
    }
    for (const file of manifest.files) {
      const bytes = await readFile(local(file));
      expect(bytes.byteLength, file.path).toBe(file.bytes);
      expect(createHash('sha256').update(bytes).digest('hex'), file.path).toBe(file.sha256);
      expect(file.id_range[1] - file.id_range[0], file.path).toBe(999);
      expect(file.id_range[0] % 1000, file.path).toBe(0);
      expect(file.media_type).toBe(file.format === 'parquet' ? 'application/vnd.apache.parquet' : 'application/gzip');
      const served = await fetch(sample.local(file.url), { method: 'HEAD' });
      expect(served.headers.get('content-type'), file.path).toBe(file.media_type);
      expect(served.headers.get('content-encoding'), file.path).toBeNull();
      expect(served.headers.get('access-control-allow-origin'), file.path).toBe('*');
    }
  });

  it('the root links the manifest from its static file, the function and build/_headers alike, and keeps its 21 resources', async () => {
    const link = '</downloads/manifest.json>; rel="describedby"; type="application/json"; title="Data downloads"';
    const root = await fetch(new URL('/api/v1/', sample.url));
    expect(root.headers.get('link')).toBe(link);
    expect(Object.keys((await root.json()) as object)).toHaveLength(21);
    // The function answers every query of the root (docs/serving.md).
    for (const [query, accept] of [['?format=json', 'application/json'], ['?format=api', 'text/html'], ['?format=csv', 'text/csv']] as const) {
      const answer = await fetch(new URL(`/api/v1/${query}`, sample.url), { headers: { accept } });
      expect(answer.status, query).toBe(200);
      expect(answer.headers.get('link'), query).toBe(link);
    }
    const headers = await readFile(join(sample.buildDir, '_headers'), 'utf8');
    const rootBlock = headers.split('\n/').find((block) => block.startsWith('api/v1/\n'));
    expect(rootBlock).toContain(`  Link: ${link}`);
  });

  it('every NDJSON line is the detail answer for its id, tokens left out, in id order within its range', async () => {
    let lines = 0;
    for (const file of manifest.files.filter((entry) => entry.format === 'ndjson')) {
      const text = gunzipSync(await readFile(local(file))).toString('utf8');
      expect(text.endsWith('\n')).toBe(true);
      const ids: number[] = [];
      for (const line of text.slice(0, -1).split('\n')) {
        const { id } = JSON.parse(line) as { id: number };
        ids.push(id);
        expect(id).toBeGreaterThanOrEqual(file.id_range[0]);
        expect(id).toBeLessThanOrEqual(file.id_range[1]);
        expect(line, `${file.resource} ${id}`).toBe(await answer(file.resource, id));
        expect(line).not.toContain('token=');
        lines++;
      }
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(ids.length).toBe(file.objects);
      // DuckDB reads the same file as newline-delimited JSON.
      const [{ n }] = (await rows(`SELECT count(*) AS n FROM read_json('${local(file)}', format = 'newline_delimited')`)) as [{ n: bigint }];
      expect(Number(n)).toBe(file.objects);
    }
    expect(lines).toBeGreaterThan(100);
  });

  it('DuckDB reads every Parquet row with typed columns, equal to the detail answer of its id', async () => {
    let compared = 0;
    for (const [resource, { columns }] of Object.entries(manifest.resources)) {
      const types = await rows(`DESCRIBE SELECT * FROM read_parquet('${join(dir.path, 'downloads/parquet', resource)}/*.parquet')`);
      expect(types.map((row) => row.column_name)).toEqual(columns.map((column) => column.name));
      const duckType = { integer: 'BIGINT', number: 'DOUBLE', boolean: 'BOOLEAN', timestamp: 'TIMESTAMP', string: 'VARCHAR', json: 'JSON' } as const;
      expect(types.map((row) => row.column_type)).toEqual(columns.map((column) => duckType[column.kind]));
      for (const row of await rows(`SELECT * FROM read_parquet('${join(dir.path, 'downloads/parquet', resource)}/*.parquet') ORDER BY id`)) {
        const id = Number(row.id);
        const expected = JSON.parse(await answer(resource, id)) as Record<string, unknown>;
        expect(Object.keys(expected), `${resource} ${id}`).toEqual(columns.map((column) => column.name));
        for (const column of columns) {
          const want = expected[column.name];
          const got = row[column.name];
          const where = `${resource} ${id} ${column.name}`;
          if (want === null) expect(got, where).toBeNull();
          else if (column.kind === 'integer') expect(got, where).toBe(BigInt(want as number));
          else if (column.kind === 'timestamp') expect((got as Date).getTime(), where).toBe(Date.parse(want as string));
          else if (column.kind === 'json') expect(JSON.parse(got as string), where).toEqual(want);
          else expect(got, where).toBe(want);
        }
        compared++;
      }
    }
    expect(compared).toBe(Object.values(manifest.resources).reduce((sum, { objects }) => sum + objects, 0));
  });

  it('column kinds follow the schema: null beside one type keeps it, objects and lists are JSON', () => {
    expect(columnKind({ type: ['integer', 'null'] })).toBe('integer');
    expect(columnKind({ type: ['string', 'null'], format: 'date-time' })).toBe('timestamp');
    expect(columnKind({ type: 'string', format: 'uri' })).toBe('string');
    expect(columnKind({ anyOf: [{ $ref: '#/components/schemas/PublicBody' }, { type: 'null' }] })).toBe('json');
    expect(columnKind({ type: 'array', items: { type: 'string' } })).toBe('json');
  });

  it("the docs' DuckDB one-liner answers over the files fetched from the manifest", async () => {
    const sql = /duckdb -c "([^"]+)"/.exec(await readFile('docs/downloads.md', 'utf8'))?.[1];
    expect(sql).toBeDefined();
    const counted = await rows(sql!.replace("'request-*.parquet'", `'${join(dir.path, 'downloads/parquet/request')}/request-*.parquet'`));
    expect(new Map(counted.map((row) => [row.status as string, Number(row.requests)]))).toEqual(await requestStatuses());
  });

  it.skipIf(!pandasPython)("the docs' pandas one-liner reads the NDJSON files", async () => {
    const command = /^ {4}python3 -c "(.+read_json.+)"$/m.exec(await readFile('docs/downloads.md', 'utf8'))?.[1];
    expect(command).toBeDefined();
    const printed = execFileSync(pandasPython!, ['-c', command!], { cwd: join(dir.path, 'downloads/ndjson/request'), encoding: 'utf8' });
    // `groupby(...).size().to_string()`: a header line (the column's name), then `<status> <count>` per line.
    const counted = printed.trim().split('\n').slice(1).map((line) => line.trim().split(/\s+/));
    expect(new Map(counted.map(([status, count]) => [status!, Number(count)]))).toEqual(await requestStatuses());
  });

  it.skipIf(!sqliteUtils)("the docs' sqlite-utils command loads the NDJSON files into a table Datasette serves", async () => {
    const command = /^ {4}(zcat .+ --nl --pk id) && datasette/m.exec(await readFile('docs/downloads.md', 'utf8'))?.[1];
    expect(command).toBeDefined();
    const cwd = join(dir.path, 'downloads/ndjson/request');
    execFileSync('bash', ['-c', command!.replace('sqlite-utils ', `${sqliteUtils} `)], { cwd });
    const counted = JSON.parse(execFileSync(sqliteUtils!, ['query', 'archive.db', 'select status, count(*) as requests from request group by status'], { cwd, encoding: 'utf8' })) as { status: string; requests: number }[];
    expect(new Map(counted.map((row) => [row.status, row.requests]))).toEqual(await requestStatuses());
    // Nested values are JSON text columns.
    const [row] = JSON.parse(execFileSync(sqliteUtils!, ['query', 'archive.db', "select json_extract(public_body, '$.id') as body from request limit 1"], { cwd, encoding: 'utf8' })) as { body: unknown }[];
    expect(typeof row!.body).toBe('number');
  });
});

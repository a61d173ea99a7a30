/**
 * The parse cache by request folder: a folder's files are in one shard, the files outside the
 * request folders in shard 0, and readParsedFolders reads the parses of a few folders (with
 * their message texts) and of the outside files from those shards alone, as lookups give them.
 */
import { readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadContent, type LoadedContent } from '../../src/content/load.ts';
import { diskReader } from '../../src/content/disk.ts';
import { openParseCache, readParsedFolders, type ParseCache } from '../../src/content/parse-cache.ts';
import { readShard, shardOfFolder, shardPath, SHARDS } from '../../src/content/parse-cache-file.ts';
import type { ParsedFile } from '../../src/content/parse.ts';
import { StoredText } from '../../src/lib/stored-text.ts';
import { Problems } from '../../src/content/problems.ts';
import { minimalArchive, tempDir, writeTree, type Tree } from '../helpers/content.ts';

const VERSION = 'test-version';
let dir: Awaited<ReturnType<typeof tempDir>>;
let content: string;
let cacheDir: string;
let opened: { close(): void }[] = [];

const message = (id: number, text: string) =>
  `id: ${id}\nkind: email\nis_response: false\nrecipient_public_body: 1\ntimestamp: 2024-02-01T10:00:00+01:00\nsubject: Nachricht ${id}\ncontent: |\n  ${text}\n`;
const text = (id: number) => `Text ${id}: ${'Sehr geehrte Damen und Herren, ä ö € 😀. '.repeat(id % 7)}Grüße`;

/** Request folders 11-… to 18-…, two messages each, beside the minimal archive's 10-akten. */
const FOLDERS = Array.from({ length: 8 }, (_, at) => `requests/${11 + at}-vorgang-${11 + at}/`);
function archive(): Tree {
  const tree: Tree = {};
  FOLDERS.forEach((folder, at) => {
    const id = 11 + at;
    tree[`${folder}request.yaml`] = { id, slug: `vorgang-${id}`, title: `Vorgang ${id}`, description: 'Bitte.', public_body: 1, law: 1, status: 'resolved', resolution: 'successful' };
    tree[`${folder}messages/${id * 10}.yaml`] = message(id * 10, text(id * 10));
    tree[`${folder}messages/${id * 10 + 1}.yaml`] = message(id * 10 + 1, text(id * 10 + 1));
  });
  return minimalArchive(tree);
}

async function load(): Promise<{ loaded: LoadedContent; cache: ParseCache }> {
  const cache = openParseCache(cacheDir, { version: VERSION });
  opened.push(cache);
  const loaded = await loadContent(diskReader(content), new Problems(), { cache });
  return { loaded, cache };
}

/** A parse's records as JSON, a stored text read back. */
const recordsOf = (parsed: ParsedFile) => JSON.stringify(parsed.records.map(({ data, base }) => ({ data, base })), (_, value: unknown) => (value instanceof StoredText ? `text: ${value.read()}` : value));

/** What a load gave each file: its records' values as JSON, as recordsOf writes them. */
function loadedRecords(loaded: LoadedContent): Map<string, string> {
  const byFile = new Map<string, { data: unknown; base: (string | number)[] }[]>();
  for (const list of Object.values(loaded)) {
    if (!Array.isArray(list)) continue;
    for (const record of list as { data: unknown; source: { file: string; base: (string | number)[] } }[]) {
      const records = byFile.get(record.source.file) ?? [];
      records.push({ data: record.data, base: record.source.base });
      byFile.set(record.source.file, records);
    }
  }
  return new Map([...byFile].map(([file, records]) => [file, recordsOf({ records, problems: [], invalid: false, digest: '' })]));
}

beforeEach(async () => {
  dir = await tempDir('archive-parse-cache-folders-');
  content = join(dir.path, 'content');
  cacheDir = join(dir.path, 'cache');
  await writeTree(content, archive());
  // Older than a racy edit: signatures are trusted.
  const past = new Date(Date.now() - 60_000);
  for (const entry of readdirSync(content, { recursive: true, withFileTypes: true })) if (entry.isFile()) utimesSync(join(entry.parentPath, entry.name), past, past);
});
afterEach(async () => {
  for (const file of opened) file.close();
  opened = [];
  await dir.remove();
});

describe('the parse cache by request folder', () => {
  it("keeps each request folder's files in its folder's shard and every other file in shard 0", async () => {
    await load();
    const where = new Map<string, number>();
    for (let shard = 0; shard < SHARDS; shard++) {
      const read = readShard(shardPath(cacheDir, shard), VERSION);
      if (read.file) opened.push(read.file);
      for (const path of read.header.paths) where.set(path, shard);
    }
    const paths = readdirSync(content, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.yaml'))
      .map((entry) => join(entry.parentPath, entry.name).slice(content.length + 1));
    expect([...where.keys()].sort()).toEqual(paths.sort());
    for (const [path, shard] of where) {
      const folder = /^requests\/[^/]+\//.exec(path)?.[0];
      expect(shard, path).toBe(folder ? shardOfFolder(folder) : 0);
    }
    expect(where.get('site.yaml')).toBe(0);
    expect(where.get('publicbodies/2-bpol.yaml')).toBe(0);
    // The folders are spread over shards 1 … 63.
    const used = new Set(FOLDERS.map(shardOfFolder));
    expect(used.size).toBeGreaterThan(4);
    expect([...used].every((shard) => shard >= 1 && shard < SHARDS)).toBe(true);
  });

  it("reads given folders' parses and the outside files' from their shards alone, as lookups give them, texts included", async () => {
    const cold = await load();
    const expected = loadedRecords(cold.loaded);
    const asked = [FOLDERS[0]!, FOLDERS[5]!, 'requests/10-akten/', 'requests/99-nie/'];
    const needed = new Set([0, ...asked.map(shardOfFolder)]);
    // The other shards are gone: they are not read.
    for (let shard = 0; shard < SHARDS; shard++) if (!needed.has(shard)) rmSync(shardPath(cacheDir, shard), { force: true });
    const read = readParsedFolders(cacheDir, asked, VERSION);
    opened.push(read);

    expect([...read.folders.keys()]).toEqual(asked);
    expect(read.folders.get('requests/99-nie/')!.size).toBe(0);
    const folderOf = (path: string) => asked.find((folder) => path.startsWith(folder));
    const wanted = [...expected.keys()].filter((path) => !path.startsWith('requests/') || folderOf(path));
    const got = new Map<string, ParsedFile>(read.outside);
    for (const files of read.folders.values()) for (const [path, parsed] of files) got.set(path, parsed);
    for (const [folder, files] of read.folders) for (const path of files.keys()) expect(folderOf(path)).toBe(folder);
    expect([...got.keys()].filter((path) => path !== 'site.yaml').sort()).toEqual(wanted.sort());
    for (const path of wanted) expect(recordsOf(got.get(path)!), path).toBe(expected.get(path));
    expect(read.outside.get('site.yaml')!.records).toHaveLength(1);

    // Message texts read back from the shard file, as loaded; each parse names its file's SHA-1.
    const messages = read.folders.get(FOLDERS[5]!)!;
    const first = messages.get(`${FOLDERS[5]}messages/160.yaml`)!;
    expect(first.records[0]!.data).toMatchObject({ id: 160 });
    expect(((first.records[0]!.data as { content: unknown }).content as StoredText).read()).toBe(`${text(160)}\n`);
    expect(first.digest).toMatch(/^[0-9a-f]{40}$/);

    // Still readable after a later build replaced the shard; an error once closed.
    writeFileSync(join(content, `${FOLDERS[5]}messages/160.yaml`), message(160, 'Geändert.'));
    await load();
    expect(((first.records[0]!.data as { content: unknown }).content as StoredText).read()).toBe(`${text(160)}\n`);
    read.close();
    expect(() => ((first.records[0]!.data as { content: unknown }).content as StoredText).read()).toThrow(/after its build closed/);
  });

  it('reads nothing from shards of another version, and refuses a name that is not a request folder', async () => {
    await load();
    const other = readParsedFolders(cacheDir, FOLDERS, 'other-version');
    expect(other.outside.size).toBe(0);
    expect([...other.folders.values()].every((files) => files.size === 0)).toBe(true);
    expect(() => readParsedFolders(cacheDir, ['requests/11-vorgang-11'], VERSION)).toThrow(/not a request folder/);
    expect(() => readParsedFolders(cacheDir, ['publicbodies/'], VERSION)).toThrow(/not a request folder/);
  });
});

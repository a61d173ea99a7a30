/**
 * The parse cache: a second run over unchanged files parses nothing and loads exactly what
 * the first did; a changed file is parsed again whatever its timestamps say; a file touched
 * but not changed is hashed, not parsed; entries of deleted files go; a save killed half-way
 * or another code version costs only speed.
 */
import { readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadContent, type LoadedContent } from '../../src/content/load.ts';
import { diskReader } from '../../src/content/disk.ts';
import { openParseCache, type ParseCache } from '../../src/content/parse-cache.ts';
import { ParseMemory } from '../../src/content/parse-memory.ts';
import { StoredText } from '../../src/lib/stored-text.ts';
import { freezeModel } from '../../src/model/freeze.ts';
import { Problems } from '../../src/content/problems.ts';
import { minimalArchive, tempDir, writeTree } from '../helpers/content.ts';

let dir: Awaited<ReturnType<typeof tempDir>>;
let content: string;
let cacheDir: string;

/** Caches opened by a test: their texts stay readable until it ends. */
let opened: ParseCache[] = [];

/** A whole load, with the problems as the CLI prints them (file, line, column, message). */
async function load(version = 'test-version', scanInWorker = false, memory?: ParseMemory) {
  const reader = diskReader(content, { scanInWorker });
  const cache = openParseCache(cacheDir, { version, ...(memory && { memory }) });
  opened.push(cache);
  const problems = new Problems();
  const loaded = await loadContent(reader, problems, { cache });
  return { loaded, cache, problems: problems.sorted().map((p) => `${p.file}:${p.line}:${p.column} ${p.message}`), stats: { ...cache.stats } };
}

/** Each loaded message's id and text, read from where the cache keeps it. */
function texts(loaded: LoadedContent): [number, string][] {
  return loaded.messages.map((message) => {
    const { content } = message.data;
    expect(content).toBeInstanceOf(StoredText);
    return [message.data.id, (content as StoredText).read()];
  });
}

/** Files in the cache folder older than a racy edit: what lets a signature be trusted. */
function age(path: string) {
  const past = new Date(Date.now() - 60_000);
  utimesSync(path, past, past);
}

beforeEach(async () => {
  dir = await tempDir('archive-parse-cache-');
  content = join(dir.path, 'content');
  cacheDir = join(dir.path, 'cache');
  await writeTree(content, minimalArchive({ 'requests/10-akten/messages/102.yaml': 'id: 102\nis_response: maybe\ntimestamp: 2024-01-01T00:00:00Z\n' }));
  for (const entry of readdirSync(content, { recursive: true, withFileTypes: true })) if (entry.isFile()) age(join(entry.parentPath, entry.name));
});
afterEach(async () => {
  for (const cache of opened) cache.close();
  opened = [];
  await dir.remove();
});

describe('the parse cache', () => {
  it('parses nothing the second time and loads the same records and problems', async () => {
    const cold = await load();
    expect(cold.stats.hits).toBe(0);
    expect(cold.stats.misses).toBeGreaterThan(5);
    expect(cold.problems.some((line) => line.startsWith('requests/10-akten/messages/102.yaml:2:14 '))).toBe(true);
    const warm = await load();
    expect(warm.stats).toEqual({ hits: cold.stats.misses, hashed: 0, misses: 0 });
    // Records and sources alike (their locators are functions, compared by what they answer below).
    expect(JSON.stringify(warm.loaded)).toBe(JSON.stringify(cold.loaded));
    expect(warm.loaded.requests[0]!.source.locate(['title'])).toEqual(cold.loaded.requests[0]!.source.locate(['title']));
    expect(warm.loaded.requests[0]!.source.locate(['title'])).toEqual({ line: 3, column: 8 });
    expect(warm.problems).toEqual(cold.problems);
  });

  it('parses a changed file again even with its old size and timestamps, and hashes a touched one', async () => {
    const cold = await load();
    const path = join(content, 'requests/10-akten/request.yaml');
    const reader = diskReader(content);
    const before = reader.text('requests/10-akten/request.yaml');
    // Same length, same times: only the bytes tell.
    const edited = before.replace(/title: (.)/, (_, c: string) => `title: ${c === 'X' ? 'Y' : 'X'}`);
    expect(edited.length).toBe(before.length);
    writeFileSync(path, edited);
    age(path);
    const after = await load();
    // The inode's change time moved with the write: the file is hashed, found changed and parsed.
    expect(after.stats).toEqual({ hits: cold.stats.misses - 1, hashed: 0, misses: 1 });
    expect(after.loaded.requests[0]!.data.title).toMatch(/^[XY]/);
    expect(after.loaded.requests[0]!.data.title).not.toBe(cold.loaded.requests[0]!.data.title);

    // Touched but unchanged: hashed once, then trusted again by its new signature.
    age(join(content, 'site.yaml'));
    const touched = await load();
    expect(touched.stats).toEqual({ hits: cold.stats.misses - 1, hashed: 1, misses: 0 });
    expect((await load()).stats).toEqual({ hits: cold.stats.misses, hashed: 0, misses: 0 });
  });

  it('finds the same with content/ walked and statted in a worker thread (content/scan.ts)', async () => {
    const cold = await load('test-version', true);
    const warm = await load('test-version', true);
    expect(warm.stats).toEqual({ hits: cold.stats.misses, hashed: 0, misses: 0 });
    expect(JSON.stringify(warm.loaded)).toBe(JSON.stringify((await load()).loaded));
    // An edit with the old size and times is hashed and parsed again; a touched file hashed only.
    const path = join(content, 'requests/10-akten/request.yaml');
    writeFileSync(path, readFileSync(path, 'utf8').replace(/title: (.)/, (_, c: string) => `title: ${c === 'X' ? 'Y' : 'X'}`));
    age(path);
    age(join(content, 'site.yaml'));
    const edited = await load('test-version', true);
    expect(edited.stats).toEqual({ hits: cold.stats.misses - 2, hashed: 1, misses: 1 });
    expect(edited.loaded.requests[0]!.data.title).not.toBe(cold.loaded.requests[0]!.data.title);
    expect(edited.problems).toEqual(cold.problems);
  });

  it('keeps the entry of a good file while an edit breaks it, and finds it again when the edit is undone', async () => {
    const cold = await load();
    const file = join(content, 'requests/10-akten/request.yaml');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, good.replace(/^title: .*$/m, 'title: [unclosed'));
    const broken = await load();
    expect(broken.problems.some((line) => line.startsWith('requests/10-akten/request.yaml:'))).toBe(true);
    expect(broken.stats).toEqual({ hits: cold.stats.misses - 1, hashed: 0, misses: 1 });
    // Not replaced by the broken parse: hashed, found changed and parsed again.
    expect((await load()).stats).toEqual({ hits: cold.stats.misses - 1, hashed: 0, misses: 1 });
    writeFileSync(file, good);
    const undone = await load();
    expect(undone.stats).toEqual({ hits: cold.stats.misses - 1, hashed: 1, misses: 0 });
    expect(undone.problems).toEqual(cold.problems);
    // A file whose entry has errors already (messages/102.yaml) takes its new broken parse.
    const file102 = join(content, 'requests/10-akten/messages/102.yaml');
    writeFileSync(file102, readFileSync(file102, 'utf8').replace('maybe', 'perhaps'));
    expect((await load()).stats.misses).toBe(1);
    const again = await load();
    // Found, not parsed (the two files written just now are hashed: their signatures are not trusted yet).
    expect(again.stats).toEqual({ hits: cold.stats.misses - 2, hashed: 2, misses: 0 });
    expect(again.problems.some((line) => line.startsWith('requests/10-akten/messages/102.yaml:2:14 '))).toBe(true);
  });

  it('drops the entries of deleted files', async () => {
    const cold = await load();
    rmSync(join(content, 'requests/10-akten/messages/102.yaml'));
    const deleted = await load();
    expect(deleted.stats.misses).toBe(0);
    expect(deleted.problems.some((line) => line.includes('messages/102.yaml'))).toBe(false);
    expect(deleted.stats.hits).toBe(cold.stats.misses - 1);
  });

  it('finds every file after a fresh clone (new inodes and times): hashed, not parsed', async () => {
    const cold = await load();
    const copy = join(dir.path, 'clone');
    await writeTree(copy, Object.fromEntries(readdirSync(content, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => {
      const relative = join(e.parentPath, e.name).slice(content.length + 1);
      return [relative, diskReader(content).text(relative)];
    })));
    content = copy;
    const clone = await load();
    expect(clone.stats).toEqual({ hits: 0, hashed: cold.stats.misses, misses: 0 });
    expect(clone.problems).toEqual(cold.problems);
  });

  it('finds nothing under another code version, and survives a save killed half-way or a damaged shard', async () => {
    const cold = await load();
    expect((await load('other-version')).stats.hits).toBe(0);
    const shards = readdirSync(cacheDir).filter((name) => name.endsWith('.shard'));
    expect(shards.length).toBeGreaterThan(0);
    // A killed save leaves a temporary file; a disk error leaves a damaged shard.
    writeFileSync(join(cacheDir, `${shards[0]}.tmp-1-abcd`), 'partial');
    const killedLongAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(join(cacheDir, `${shards[0]}.tmp-1-abcd`), killedLongAgo, killedLongAgo);
    writeFileSync(join(cacheDir, shards[1] ?? shards[0]!), 'not a shard');
    const after = await load();
    expect(after.problems).toEqual(cold.problems);
    expect(after.stats.misses).toBeGreaterThan(0);
    expect(readdirSync(cacheDir).some((name) => name.includes('.tmp-'))).toBe(false);
    expect((await load()).stats.misses).toBe(0);
  });
});

describe('message texts in the parse cache', () => {
  /** Messages with texts long enough to tell apart, one with a redacted passage. */
  const message = (id: number, text: string) =>
    `id: ${id}\nkind: email\nis_response: false\nrecipient_public_body: 1\ntimestamp: 2024-02-01T10:00:00+01:00\nsubject: Nachricht ${id}\ncontent: |\n  ${text}\n`;
  const long = (id: number) => `Text ${id}: ${'Sehr geehrte Damen und Herren, ä ö ü ß € 😀. '.repeat(20 + id)}`;
  const latin1 = `Nur Latin-1: Gebühren, Maßnahmen, Öffentlichkeit. ${'Grüße '.repeat(40)}`;

  beforeEach(async () => {
    await writeTree(content, {
      'requests/10-akten/messages/102.yaml': message(102, long(102)),
      'requests/10-akten/messages/103.yaml': message(103, `Meine Adresse: [[Musterstraße 1]]. ${long(103)}`),
      'requests/10-akten/messages/104.yaml': message(104, long(104)),
      'requests/10-akten/messages/105.yaml': message(105, latin1),
    });
    for (const name of ['102', '103', '104', '105']) age(join(content, `requests/10-akten/messages/${name}.yaml`));
  });

  it('keeps no message text in the loaded records: each reads back from the shard file, cold and warm', async () => {
    const cold = await load();
    const expected = texts(cold.loaded);
    expect(expected.find(([id]) => id === 102)![1]).toBe(`${long(102)}\n`);
    expect(expected.find(([id]) => id === 103)![1]).toBe(`Meine Adresse: [[Musterstraße 1]]. ${long(103)}\n`);
    const warm = await load();
    expect(warm.stats.misses).toBe(0);
    expect(texts(warm.loaded)).toEqual(expected);
    // Each text is in one shard file, once: two bytes per character where one is past
    // Latin-1 (the euro sign, the emoji), else one.
    const shardFiles = readdirSync(cacheDir).filter((name) => name.endsWith('.shard')).map((name) => readFileSync(join(cacheDir, name)));
    const holding = (text: Buffer) => shardFiles.filter((bytes) => bytes.includes(text)).length;
    expect(holding(Buffer.from(long(104), 'utf16le'))).toBe(1);
    expect(holding(Buffer.from(long(104), 'utf8'))).toBe(0);
    expect(holding(Buffer.from(latin1, 'latin1'))).toBe(1);
    expect(expected.find(([id]) => id === 105)![1]).toBe(`${latin1}\n`);
  });

  it('reads every text right after an edit rewrote the shard, and the texts of an earlier load from the file it replaced', async () => {
    const cold = await load();
    const before = texts(cold.loaded);
    writeFileSync(join(content, 'requests/10-akten/messages/102.yaml'), message(102, `Geändert. ${long(102)}`));
    age(join(content, 'requests/10-akten/messages/102.yaml'));
    const edited = await load();
    expect(edited.stats.misses).toBe(1);
    const after = texts(edited.loaded);
    expect(after).toEqual(before.map(([id, text]) => [id, id === 102 ? `Geändert. ${long(102)}\n` : text]));
    // The first load's texts still read as they were: its files are open, though replaced.
    expect(texts(cold.loaded)).toEqual(before);
    expect(texts((await load()).loaded)).toEqual(after);
  });

  it('parses a file again when its shard file cannot hold its texts, and refuses to read a text once closed', async () => {
    const cold = await load();
    const before = texts(cold.loaded);
    // A shard file cut short: its trailer is gone, so it is no shard file.
    for (const name of readdirSync(cacheDir).filter((name) => name.endsWith('.shard'))) {
      const bytes = readFileSync(join(cacheDir, name));
      writeFileSync(join(cacheDir, name), bytes.subarray(0, bytes.length - 3));
    }
    const damaged = await load();
    expect(damaged.stats).toEqual({ hits: 0, hashed: 0, misses: cold.stats.misses });
    expect(texts(damaged.loaded)).toEqual(before);
    damaged.cache.close();
    expect(() => (damaged.loaded.messages[0]!.data.content as StoredText).read()).toThrow(/after its build closed/);
  });
});

describe('the parse cache with its shards kept in memory between loads (the watching preview)', () => {
  let memory: ParseMemory;
  beforeEach(() => {
    memory = new ParseMemory();
  });
  afterEach(() => memory.close());

  const dataOf = (loaded: LoadedContent, file: string) => [...loaded.requests, ...loaded.messages, ...loaded.publicBodies].find((record) => record.source.file === file)!.data;

  it('finds what a load without it finds, in the very objects of the last load while their shard is unchanged', async () => {
    await load();
    const first = await load('test-version', false, memory);
    // The model of a build is frozen in the test suite: the next load must not write to it.
    freezeModel(first.loaded);
    const second = await load('test-version', false, memory);
    expect(second.stats).toEqual({ hits: first.stats.hits, hashed: 0, misses: 0 });
    expect(JSON.stringify(second.loaded)).toBe(JSON.stringify((await load()).loaded));
    expect(second.problems).toEqual(first.problems);
    for (const file of ['requests/10-akten/request.yaml', 'requests/10-akten/messages/101.yaml', 'publicbodies/1-bmi.yaml']) {
      expect(dataOf(second.loaded, file)).toBe(dataOf(first.loaded, file));
    }
    expect(texts(second.loaded)).toEqual(texts(first.loaded));
  });

  it('reads again the shard an edit rewrote, and one another build replaced, and no other', async () => {
    await load();
    const first = await load('test-version', false, memory);
    const before = texts(first.loaded);
    const request = join(content, 'requests/10-akten/request.yaml');
    writeFileSync(request, readFileSync(request, 'utf8').replace(/^title: .*$/m, 'title: Neu'));
    age(request);
    const edited = await load('test-version', false, memory);
    expect(edited.stats).toEqual({ hits: first.stats.hits - 1, hashed: 0, misses: 1 });
    expect(dataOf(edited.loaded, 'requests/10-akten/request.yaml')).toMatchObject({ title: 'Neu' });
    // The folder's shard was rewritten by the save; the files outside the request folders' was not.
    expect(dataOf(edited.loaded, 'publicbodies/1-bmi.yaml')).toBe(dataOf(first.loaded, 'publicbodies/1-bmi.yaml'));
    const again = await load('test-version', false, memory);
    expect(again.stats).toEqual({ hits: first.stats.hits, hashed: 0, misses: 0 });
    expect(texts(again.loaded)).toEqual(before);
    // The shard file the first load read its texts from was closed when this load read its
    // successor: a preview's rebuild has ended by the time the next one begins.
    expect(() => texts(first.loaded)).toThrow(/after its build closed/);

    // Another build (without this memory) parses an edit and rewrites the shard: the memory's
    // copy would miss it and parse the file once more; the file read again finds its new parse.
    writeFileSync(request, readFileSync(request, 'utf8').replace(/^title: .*$/m, 'title: Neuer'));
    age(request);
    expect((await load()).stats.misses).toBe(1);
    const replaced = await load('test-version', false, memory);
    expect(replaced.stats).toEqual({ hits: first.stats.hits, hashed: 0, misses: 0 });
    expect(dataOf(replaced.loaded, 'requests/10-akten/request.yaml')).toMatchObject({ title: 'Neuer' });
  });

  it('keeps the shard files it holds open when a load closes its cache, until the memory is closed', async () => {
    await load();
    const kept = await load('test-version', false, memory);
    const expected = texts(kept.loaded);
    kept.cache.close();
    expect(texts(kept.loaded)).toEqual(expected);
    memory.close();
    expect(() => (kept.loaded.messages[0]!.data.content as StoredText).read()).toThrow(/after its build closed/);
  });
});

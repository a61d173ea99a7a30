/**
 * The scan of content/ (src/content/scan.ts): the same files, sizes and signatures on this
 * thread and in a worker, what the loader and the parse cache take from it.
 */
import { lstatSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { underRoot } from '../../src/content/disk.ts';
import { startScan, type ContentScan } from '../../src/content/scan.ts';
import { ScanMemory } from '../../src/content/scan-memory.ts';
import { scanDigests } from '../../src/content/scan-digests.ts';
import { joinWalk, planWalk } from '../../src/content/scan-walk.ts';
import { signatureOfStats, statSignature } from '../../src/lib/file-digests.ts';
import { tempDir } from '../helpers/content.ts';

let dir: Awaited<ReturnType<typeof tempDir>>;

beforeEach(async () => {
  dir = await tempDir('archive-scan-');
  mkdirSync(join(dir.path, 'requests/1-a/files/2'), { recursive: true });
  mkdirSync(join(dir.path, '.git'), { recursive: true });
  writeFileSync(join(dir.path, 'site.yaml'), 'title: x\n');
  writeFileSync(join(dir.path, 'requests/1-a/request.yaml'), 'id: 1\n');
  writeFileSync(join(dir.path, 'requests/1-a/files/2/Bescheid vom 3. März.pdf'), Buffer.alloc(1234));
  writeFileSync(join(dir.path, 'requests/1-a/.request.yaml.swp'), 'x');
  writeFileSync(join(dir.path, '.git/HEAD'), 'ref: x\n');
  symlinkSync(join(dir.path, 'site.yaml'), join(dir.path, 'requests/1-a/linked.yaml'));
  // Older than a racy edit, so that every signature is trusted whenever it is taken.
  const past = new Date(Date.now() - 60_000);
  for (const file of ['site.yaml', 'requests/1-a/request.yaml', 'requests/1-a/files/2/Bescheid vom 3. März.pdf']) utimesSync(join(dir.path, file), past, past);
});
afterEach(async () => {
  await dir.remove();
});

describe('the scan of content/', () => {
  it('lists regular files without dot names or links, with the size and signature a stat gives, in a worker as on this thread', async () => {
    const under = underRoot(dir.path);
    const here = await startScan(dir.path, false);
    const there = await startScan(dir.path, true);
    expect(here.files).toEqual(['requests/1-a/files/2/Bescheid vom 3. März.pdf', 'requests/1-a/request.yaml', 'site.yaml']);
    expect(there.files).toEqual(here.files);
    for (const path of here.files) {
      const expected = { ...statSignature(join(dir.path, path))!, size: statSync(join(dir.path, path)).size };
      expect(expected.trusted).toBe(true);
      expect(here.stat(path)).toEqual(expected);
      expect(there.stat(path)).toEqual(expected);
      expect(here.statAbsolute(join(dir.path, path))).toEqual(expected);
      expect(there.statAbsolute(under(path))).toEqual(expected);
    }
    expect(here.statAbsolute(join(dir.path, 'requests/1-a/linked.yaml'))).toBeUndefined();
    expect(here.statAbsolute(join(`${dir.path}-other`, 'site.yaml'))).toBeUndefined();
    expect(here.stat('requests/1-a/files/2/Bescheid vom 3. März.pdf')!.size).toBe(1234);
    // Not listed: the loader asks the disk itself.
    expect(here.stat('requests/1-a/linked.yaml')).toBeUndefined();
    expect(there.stat('nothing.yaml')).toBeUndefined();
  });

  it('lists the files of many request folders in path order, however the two threads share the folders', async () => {
    // "7-a/" sorts after "7-a-b/" and "7-a.yaml": the folders' order is by name and slash.
    const names = Array.from({ length: 150 }, (_, at) => `${at}-a`).concat(['7-a-b', '7-a b', '.hidden']);
    for (const name of names) {
      mkdirSync(join(dir.path, 'requests', name, 'messages'), { recursive: true });
      writeFileSync(join(dir.path, 'requests', name, 'request.yaml'), 'id: 1\n');
      writeFileSync(join(dir.path, 'requests', name, 'messages', '1.yaml'), 'id: 1\n');
    }
    writeFileSync(join(dir.path, 'requests', '7-a.yaml'), 'x');
    writeFileSync(join(dir.path, 'requests.yaml'), 'x');
    mkdirSync(join(dir.path, 'zeta'));
    writeFileSync(join(dir.path, 'zeta', 'z.yaml'), 'x');
    const expected = [
      ...names.filter((name) => !name.startsWith('.')).flatMap((name) => [`requests/${name}/messages/1.yaml`, `requests/${name}/request.yaml`]),
      'requests/1-a/files/2/Bescheid vom 3. März.pdf',
      'requests/7-a.yaml',
      'requests.yaml',
      'site.yaml',
      'zeta/z.yaml',
    ].sort();
    const here = await startScan(dir.path, false);
    const there = await startScan(dir.path, true);
    expect(here.files).toEqual(expected);
    expect(there.files).toEqual(expected);
    for (const path of expected) {
      const { size } = statSync(join(dir.path, path));
      expect(here.stat(path)?.size).toBe(size);
      expect(there.stat(path)?.signature).toBe(statSignature(join(dir.path, path))!.signature);
    }
  });

  it("plans request folders in their files' path order, and joins chunks from two threads and the files outside in that order", () => {
    for (const name of ['7-a', '7-a-b', '7-a b', '10-c']) mkdirSync(join(dir.path, 'requests', name), { recursive: true });
    const { plan } = planWalk(dir.path);
    // By name and a slash: " " and "-" sort before "/", and a name's folders before its longer twins.
    expect(plan.folders).toEqual(['1-a', '10-c', '7-a b', '7-a-b', '7-a']);
    let made = 0;
    /** Files with stats and kinds of their own: each file's four words count on from the last made, its kind is 1 or 2 in turn. */
    const walked = (files: string[]) => {
      const first = made;
      made += files.length * 4;
      return { files, stats: new BigInt64Array(files.length * 4).map((_, at) => BigInt(first + at)), kinds: new Uint8Array(files.length).map((_, at) => 1 + ((first / 4 + at) % 2)) };
    };
    const outside = walked(['a.yaml', 'requests/7-a.yaml', 'requests/z.yaml', 'zeta.yaml']);
    // Chunks claimed in turn by two threads (each chunk is CHUNK folders; two stand in for them here).
    const chunks = [walked(['requests/1-a/x', 'requests/10-c/x']), walked(['requests/7-a b/x', 'requests/7-a-b/x', 'requests/7-a/x'])];
    const joined = joinWalk({ ...plan, folders: Array.from({ length: 33 }, String) }, outside, new Map([[0, chunks[0]!]]), new Map([[1, chunks[1]!]]));
    expect(joined.files).toEqual([...outside.files, ...chunks.flatMap((chunk) => chunk.files)].sort());
    // Each file keeps its stats and kind, wherever a file outside falls between a chunk's files.
    for (const from of [outside, ...chunks]) {
      from.files.forEach((path, index) => {
        const at = joined.files.indexOf(path);
        expect([...joined.stats.subarray(at * 4, at * 4 + 4)], path).toEqual([...from.stats.subarray(index * 4, index * 4 + 4)]);
        expect(joined.kinds[at], path).toBe(from.kinds[index]);
      });
    }
    expect(() => joinWalk({ ...plan, folders: Array.from({ length: 33 }, String) }, outside, new Map([[0, chunks[0]!]]))).toThrow(/chunk 1 .* not walked/);
  });

  it('trusts a signature taken by position as it trusts one taken by path: not a file written just now', async () => {
    writeFileSync(join(dir.path, 'requests/1-a/fresh.yaml'), 'id: 3\n');
    const scan = await startScan(dir.path, false);
    const trust = scan.files.map((path, at) => [path, scan.statAt(at)?.trusted, scan.stat(path)?.trusted]);
    expect(trust).toEqual(scan.files.map((path) => [path, path !== 'requests/1-a/fresh.yaml', path !== 'requests/1-a/fresh.yaml']));
  });

  it('follows no link to a requests/ folder, and walks content without one', async () => {
    const other = join(dir.path, 'other');
    mkdirSync(join(other, 'x'), { recursive: true });
    writeFileSync(join(other, 'site.yaml'), 'title: y\n');
    writeFileSync(join(other, 'x', 'request.yaml'), 'id: 2\n');
    for (const worker of [false, true]) expect((await startScan(other, worker)).files).toEqual(['site.yaml', 'x/request.yaml']);
    symlinkSync(join(other, 'x'), join(other, 'requests'));
    for (const worker of [false, true]) expect((await startScan(other, worker)).files).toEqual(['site.yaml', 'x/request.yaml']);
    // A file named so is a file like any other.
    rmSync(join(other, 'requests'));
    writeFileSync(join(other, 'requests'), 'x');
    for (const worker of [false, true]) expect((await startScan(other, worker)).files).toEqual(['requests', 'site.yaml', 'x/request.yaml']);
  });

  it('keeps request folders’ listings: a folder with its recorded signature is statted, not read, and every change is found', async () => {
    const listings = join(dir.path, '.cache', 'listings.v8');
    const past = new Date(Date.now() - 60_000);
    const settle = (...folders: string[]) => folders.forEach((folder) => utimesSync(join(dir.path, folder), past, past));
    // Old enough to be trusted: the request folder and the two under it.
    settle('requests/1-a', 'requests/1-a/files', 'requests/1-a/files/2');
    const files = ['requests/1-a/files/2/Bescheid vom 3. März.pdf', 'requests/1-a/request.yaml', 'site.yaml'];
    for (const worker of [false, true]) {
      rmSync(listings, { force: true });
      const first = await startScan(dir.path, worker, listings);
      expect(first.files).toEqual(files);
      expect(first.folders).toEqual({ known: 0, listed: 3 });
      const second = await startScan(dir.path, worker, listings);
      expect(second.files).toEqual(files);
      expect(second.folders).toEqual({ known: 3, listed: 0 });
      expect(second.stat('requests/1-a/request.yaml')).toEqual(first.stat('requests/1-a/request.yaml'));
    }

    // A new folder with a file: its parent and it are read; a folder changed just now is read
    // again next time (its signature is not trusted: here its time is ahead of the clock, as a
    // change within the last two seconds is), the others are known.
    mkdirSync(join(dir.path, 'requests/1-a/messages'));
    writeFileSync(join(dir.path, 'requests/1-a/messages/3.yaml'), 'id: 3\n');
    const ahead = new Date(Date.now() + 60_000);
    for (const folder of ['requests/1-a', 'requests/1-a/messages']) utimesSync(join(dir.path, folder), ahead, ahead);
    for (let round = 0; round < 2; round++) {
      const scan = await startScan(dir.path, false, listings);
      expect(scan.files).toEqual(['requests/1-a/files/2/Bescheid vom 3. März.pdf', 'requests/1-a/messages/3.yaml', 'requests/1-a/request.yaml', 'site.yaml']);
      expect(scan.folders).toEqual({ known: 2, listed: 2 });
    }
    settle('requests/1-a', 'requests/1-a/messages');
    await startScan(dir.path, false, listings);
    expect((await startScan(dir.path, true, listings)).folders).toEqual({ known: 4, listed: 0 });

    // Removed, renamed, replaced by a folder, a dot name added, a folder removed, a request
    // folder added and one removed: each changes a folder's times, and a walk finds what a
    // fresh walk finds.
    rmSync(join(dir.path, 'requests/1-a/files/2/Bescheid vom 3. März.pdf'));
    renameSync(join(dir.path, 'requests/1-a/messages/3.yaml'), join(dir.path, 'requests/1-a/messages/4.yaml'));
    rmSync(join(dir.path, 'requests/1-a/request.yaml'));
    mkdirSync(join(dir.path, 'requests/1-a/request.yaml'));
    writeFileSync(join(dir.path, 'requests/1-a/request.yaml/inner.yaml'), 'x');
    writeFileSync(join(dir.path, 'requests/1-a/messages/.4.yaml.swp'), 'x');
    mkdirSync(join(dir.path, 'requests/2-b/messages'), { recursive: true });
    writeFileSync(join(dir.path, 'requests/2-b/messages/5.yaml'), 'id: 5\n');
    const after = ['requests/1-a/messages/4.yaml', 'requests/1-a/request.yaml/inner.yaml', 'requests/2-b/messages/5.yaml', 'site.yaml'];
    for (const worker of [false, true]) expect((await startScan(dir.path, worker, listings)).files).toEqual(after);
    expect((await startScan(dir.path, false))).toMatchObject({ files: after, folders: { known: 0 } });
    rmSync(join(dir.path, 'requests/1-a/files'), { recursive: true });
    rmSync(join(dir.path, 'requests/2-b'), { recursive: true });
    const removed = ['requests/1-a/messages/4.yaml', 'requests/1-a/request.yaml/inner.yaml', 'site.yaml'];
    for (const worker of [false, true]) expect((await startScan(dir.path, worker, listings)).files).toEqual(removed);

    // A damaged file of listings: every folder is read, and the file is written again.
    writeFileSync(listings, 'not v8');
    const damaged = await startScan(dir.path, false, listings);
    expect(damaged.folders.known).toBe(0);
    expect(damaged.files).toEqual(removed);
    expect(readFileSync(listings).toString('latin1')).not.toBe('not v8');
    // A file of the right form whose listing is not one, under the folder's own signature: that folder is read.
    const signature = signatureOfStats(lstatSync(join(dir.path, 'requests/1-a'), { bigint: true }), Date.now(), 'base64').signature;
    writeFileSync(listings, serialize({ version: 1, folders: new Map([['1-a', JSON.stringify([signature, 5, []])]]) }));
    const broken = await startScan(dir.path, false, listings);
    expect(broken.files).toEqual(removed);
    expect(broken.folders.known).toBe(0);
  });

  it("walks only the request folders a watcher saw change, when a scan memory keeps the last walk, and finds what a fresh walk finds", async () => {
    const past = new Date(Date.now() - 60_000);
    const make = (path: string, text: string) => {
      mkdirSync(join(dir.path, path, '..'), { recursive: true });
      writeFileSync(join(dir.path, path), text);
      utimesSync(join(dir.path, path), past, past);
    };
    for (const id of [2, 3, 4]) make(`requests/${id}-b/request.yaml`, `id: ${id}\n`);
    make('requests/3-b/messages/31.yaml', 'id: 31\n');
    /** The scan's files with their stats, and its digests, as a fresh walk (no memory) must give them too. */
    const stats = (scan: ContentScan) => [scan.files.map((path) => [path, scan.stat(path)]), scanDigests(scan)];
    const fresh = async () => stats(await startScan(dir.path, false));
    for (const worker of [false, true]) {
      const memory = new ScanMemory();
      const first = await startScan(dir.path, worker, undefined, memory);
      expect(memory.kept).toBe(true);
      // A whole walk: it counts the folders under the request folders too.
      expect(first.folders).toEqual({ known: 0, listed: 7 });
      // Nothing seen: every folder as kept, the files outside walked again.
      scanDigests(first);
      const again = await startScan(dir.path, worker, undefined, memory);
      expect(again.folders).toEqual({ known: 4, listed: 0 });
      expect(stats(again)).toEqual(await fresh());

      // A change the memory is not told of stays unseen: the kept stats are taken, not the disk's.
      const before = again.stat('requests/3-b/request.yaml');
      make('requests/3-b/request.yaml', 'id: 3\nslug: unseen\n');
      const unseen = await startScan(dir.path, worker, undefined, memory);
      expect(unseen.stat('requests/3-b/request.yaml')).toEqual(before);
      // Its digests too: the kept ones, not those of the disk.
      const kept = scanDigests(again);
      expect(unseen.digests!.kept('requests/3-b/')).toEqual([kept.folders.get('requests/3-b/'), kept.frames.get('requests/3-b/')]);
      expect(scanDigests(unseen).folders.get('requests/3-b/')).toBe(kept.folders.get('requests/3-b/'));
      expect((await fresh())[1]).not.toEqual(scanDigests(unseen));
      // Told of it (a message of the folder): the folder is walked again, alone.
      memory.saw(['requests/3-b/messages/31.yaml'], true);
      const told = await startScan(dir.path, worker, undefined, memory);
      expect(told.folders).toEqual({ known: 3, listed: 1 });
      expect(told.digests!.kept('requests/3-b/')).toBeUndefined();
      expect(told.digests!.kept('requests/2-b/')).toBeDefined();
      expect(stats(told)).toEqual(await fresh());
      expect(told.stat('requests/3-b/request.yaml')).not.toEqual(before);

      // A new folder, a removed one, a file outside changed: each found without being told
      // (the list of folders and the files outside are walked every time).
      make('requests/5-c/request.yaml', 'id: 5\n');
      rmSync(join(dir.path, 'requests/4-b'), { recursive: true });
      make('site.yaml', 'title: y\n');
      const added = await startScan(dir.path, worker, undefined, memory);
      expect(added.folders).toEqual({ known: 3, listed: 1 });
      expect(added.files).toContain('requests/5-c/request.yaml');
      expect(added.files).not.toContain('requests/4-b/request.yaml');
      expect(stats(added)).toEqual(await fresh());

      // A file written just now is not trusted; its folder is walked again on every scan until
      // it is (its signature alone could not tell a write within the same tick).
      writeFileSync(join(dir.path, 'requests/2-b/request.yaml'), 'id: 2\nslug: jetzt\n');
      memory.saw(['requests/2-b/request.yaml'], true);
      const racy = await startScan(dir.path, worker, undefined, memory);
      expect(racy.stat('requests/2-b/request.yaml')!.trusted).toBe(false);
      expect((await startScan(dir.path, worker, undefined, memory)).folders).toEqual({ known: 3, listed: 1 });
      utimesSync(join(dir.path, 'requests/2-b/request.yaml'), past, past);
      expect((await startScan(dir.path, worker, undefined, memory)).folders).toEqual({ known: 3, listed: 1 });
      expect((await startScan(dir.path, worker, undefined, memory)).folders).toEqual({ known: 4, listed: 0 });

      // Changes the watcher may have missed: the memory forgets, and every folder is walked.
      memory.saw([], false);
      expect(memory.kept).toBe(false);
      const whole = await startScan(dir.path, worker, undefined, memory);
      expect(whole.folders.known).toBe(0);
      memory.saw(['requests'], true);
      expect(memory.kept).toBe(false);
      rmSync(join(dir.path, 'requests/5-c'), { recursive: true });
      make('requests/4-b/request.yaml', 'id: 4\n');
    }
  });

  it("keeps a rescan's index of paths while the paths stay the same, and makes it again when they change", () => {
    const memory = new ScanMemory();
    const first = memory.indexOf(['requests/1-a/request.yaml', 'site.yaml']);
    expect([...first]).toEqual([['requests/1-a/request.yaml', 0], ['site.yaml', 1]]);
    expect(memory.indexOf(['requests/1-a/request.yaml', 'site.yaml'])).toBe(first);
    const added = memory.indexOf(['requests/1-a/request.yaml', 'requests/2-b/request.yaml', 'site.yaml']);
    expect([...added]).toEqual([['requests/1-a/request.yaml', 0], ['requests/2-b/request.yaml', 1], ['site.yaml', 2]]);
    memory.forget();
    expect(memory.indexOf(['requests/1-a/request.yaml', 'requests/2-b/request.yaml', 'site.yaml'])).not.toBe(added);
  });

  it("digests each request folder by its files' paths and stats: a change in one folder changes its digest alone, its frame only for a file not parsed", async () => {
    const past = new Date(Date.now() - 60_000);
    const make = (path: string, at = past) => {
      mkdirSync(join(dir.path, path, '..'), { recursive: true });
      writeFileSync(join(dir.path, path), 'id: 1\n');
      utimesSync(join(dir.path, path), at, at);
    };
    // A folder whose name starts with another's: its files come right after the other's.
    for (const path of ['requests/1-a-b/request.yaml', 'requests/1-a-b/messages/7.yaml', 'requests/2-c/request.yaml']) make(path);
    const digests = async () => scanDigests(await startScan(dir.path, true));
    const before = await digests();
    expect([...before.folders.keys()]).toEqual(['requests/1-a-b/', 'requests/1-a/', 'requests/2-c/']);
    expect([before.whole, before.outside, ...before.folders.values(), ...before.frames.values()]).not.toContain(null);
    expect(await digests()).toEqual(before);

    // A message's stat: its folder's digest and the whole one, not its frame (a parsed file is compared by its bytes).
    utimesSync(join(dir.path, 'requests/1-a-b/messages/7.yaml'), past, new Date(past.getTime() - 1000));
    const message = await digests();
    expect(message.folders.get('requests/1-a-b/')).not.toBe(before.folders.get('requests/1-a-b/'));
    expect(message.frames.get('requests/1-a-b/')).toBe(before.frames.get('requests/1-a-b/'));
    expect(message.whole).not.toBe(before.whole);
    for (const folder of ['requests/1-a/', 'requests/2-c/']) {
      expect(message.folders.get(folder)).toBe(before.folders.get(folder));
      expect(message.frames.get(folder)).toBe(before.frames.get(folder));
    }
    expect(message.outside).toBe(before.outside);

    // An attachment's stat (a file not parsed): the frame too.
    utimesSync(join(dir.path, 'requests/1-a/files/2/Bescheid vom 3. März.pdf'), past, new Date(past.getTime() - 1000));
    const attachment = await digests();
    expect(attachment.folders.get('requests/1-a/')).not.toBe(message.folders.get('requests/1-a/'));
    expect(attachment.frames.get('requests/1-a/')).not.toBe(message.frames.get('requests/1-a/'));

    // A file written just now: its folder's digests say nothing, nor does the whole one.
    make('requests/2-c/messages/8.yaml', new Date());
    const fresh = await digests();
    expect(fresh.folders.get('requests/2-c/')).toBeNull();
    expect(fresh.frames.get('requests/2-c/')).not.toBeNull();
    expect(fresh.whole).toBeNull();
    expect(fresh.folders.get('requests/1-a/')).toBe(attachment.folders.get('requests/1-a/'));
  });

  it('fails as the walk fails when content/ is missing, in a worker as on this thread', async () => {
    const missing = join(dir.path, 'missing');
    await expect(startScan(missing, false)).rejects.toThrow(/ENOENT/);
    await expect(startScan(missing, true)).rejects.toThrow(/ENOENT/);
  });
});

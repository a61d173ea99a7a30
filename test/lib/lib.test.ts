/**
 * src/lib/: the stage-free mechanisms every stage shares, each once. Table-driven:
 * each row is an input and the exact answer. The last block checks that lib/ imports no stage.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mapLimit } from '../../src/lib/concurrency.ts';
import { contentTypeOf, extensionOf, mediaTypeOf } from '../../src/lib/content-types.ts';
import { isMissing, readTextOrNull, sizeOrNull, STALE_TEMP_MS, sweepStaleTemp } from '../../src/lib/files.ts';
import { decodeUriComponentOrNull } from '../../src/formats/uri.ts';
import { UUID_PATTERN } from '../../src/lib/uuid.ts';

describe('content types: one table', () => {
  it.each([
    ['a/b.PDF', 'pdf'],
    ['.pdf', 'pdf'],
    ['README', null],
    ['dir.d/file', null],
    ['Bescheid vom 3. März.pdf', 'pdf'],
  ])('extensionOf(%j) = %j', (path, ext) => expect(extensionOf(path)).toBe(ext));

  it.each([
    ['x.pdf', {}, 'application/pdf', 'application/pdf'],
    ['x.txt', {}, 'text/plain', 'text/plain; charset=utf-8'],
    ['x.csv', {}, 'text/csv', 'text/csv; charset=utf-8'],
    ['x.json', {}, 'application/json', 'application/json'],
    ['x.html', {}, 'text/html', 'text/html; charset=utf-8'],
    ['x.html', { except: new Set(['html']) }, 'application/octet-stream', 'application/octet-stream'],
    ['x.json', { only: new Set(['pdf']) }, 'application/octet-stream', 'application/octet-stream'],
    ['x.pdf', { only: new Set(['pdf']) }, 'application/pdf', 'application/pdf'],
    ['x.constructor', {}, 'application/octet-stream', 'application/octet-stream'],
    ['x.unknown', {}, 'application/octet-stream', 'application/octet-stream'],
  ])('%s %j: %s, served as %s', (path, choice, media, content) => {
    expect(mediaTypeOf(path, choice)).toBe(media);
    expect(contentTypeOf(path, choice)).toBe(content);
  });
});

describe('decodeUriComponentOrNull', () => {
  it.each([
    ['M%C3%A4rz', 'März'],
    ['a%2Fb', 'a/b'],
    ['plain', 'plain'],
    ['%', null],
    ['%E0%A4%A', null],
    ['%FF', null],
  ])('%j -> %j', (text, decoded) => expect(decodeUriComponentOrNull(text)).toBe(decoded));
});

describe('UUID_PATTERN', () => {
  it.each([
    ['3f0c1c1e-6d2a-4f5e-9a51-2c8e3b7d9f10', true],
    ['3F0C1C1E-6D2A-4F5E-9A51-2C8E3B7D9F10', false],
    ['3f0c1c1e6d2a4f5e9a512c8e3b7d9f10', false],
    ['3f0c1c1e-6d2a-4f5e-9a51-2c8e3b7d9f10\n', false],
  ])('%j: %s', (text, ok) => expect(UUID_PATTERN.test(text)).toBe(ok));
});

describe('mapLimit', () => {
  it('keeps input order and never has more than `limit` in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const results = await mapLimit([5, 1, 4, 2, 3], 2, async (n, index) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, n));
      inFlight--;
      return `${index}:${n}`;
    });
    expect(results).toEqual(['0:5', '1:1', '2:4', '3:2', '4:3']);
    expect(most).toBe(2);
  });
});

describe('lib/ imports no stage', () => {
  it('every import of a src/lib/ module is a node: built-in, a package or another lib/ module', async () => {
    const dir = new URL('../../src/lib/', import.meta.url);
    const names = (await readdir(dir)).filter((name) => /\.(ts|mjs)$/.test(name));
    expect(names.length).toBeGreaterThanOrEqual(6);
    const outside: string[] = [];
    for (const name of names) {
      const source = await readFile(new URL(name, dir), 'utf8');
      for (const match of source.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
        if (match[1]!.startsWith('.') && !/^\.\/[^/]+$/.test(match[1]!)) outside.push(`${name} -> ${match[1]}`);
      }
    }
    expect(outside).toEqual([]);
  });
});

describe('files: missing is null, stale temporary files go', () => {
  it('reads text and sizes, null for a missing file or folder, and rejects other errors', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lib-files-'));
    try {
      await writeFile(join(dir, 'a.txt'), 'Grüße');
      expect(await readTextOrNull(join(dir, 'a.txt'))).toBe('Grüße');
      expect(await sizeOrNull(join(dir, 'a.txt'))).toBe(7);
      expect(await readTextOrNull(join(dir, 'none.txt'))).toBeNull();
      expect(await sizeOrNull(join(dir, 'none', 'b.txt'))).toBeNull();
      // A file where a folder is expected (ENOTDIR) is missing too; a folder read as a file is not.
      expect(await readTextOrNull(join(dir, 'a.txt', 'b.txt'))).toBeNull();
      await expect(readTextOrNull(dir)).rejects.toMatchObject({ code: 'EISDIR' });
      expect([isMissing({ code: 'ENOENT' }), isMissing({ code: 'EACCES' }), isMissing(null)]).toEqual([true, false, false]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('sweeps entries older than STALE_TEMP_MS and keeps younger ones; a missing folder is no error', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lib-sweep-'));
    try {
      const now = Date.now();
      await writeFile(join(dir, 'old'), 'x');
      await mkdir(join(dir, 'old-dir'));
      await writeFile(join(dir, 'old-dir', 'part'), 'x');
      await writeFile(join(dir, 'young'), 'x');
      const past = new Date(now - STALE_TEMP_MS - 60_000);
      await utimes(join(dir, 'old'), past, past);
      await utimes(join(dir, 'old-dir'), past, past);
      await sweepStaleTemp(dir, now);
      expect((await readdir(dir)).sort()).toEqual(['young']);
      await expect(sweepStaleTemp(join(dir, 'none'), now)).resolves.toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

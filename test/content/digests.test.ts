import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DigestFolder, foldDigests } from '../../src/content/digests.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('content digests folded per request folder', () => {
  const files: [string, string][] = [
    ['requests/10/request.yaml', 'c'.repeat(40)],
    ['site.yaml', 'a'.repeat(40)],
    ['requests/1/messages/2.yaml', 'e'.repeat(40)],
    ['requests/1/request.yaml', 'd'.repeat(40)],
    ['publicbodies/1.yaml', 'b'.repeat(40)],
  ];

  it('hashes the lines of each folder in path order, and joins the lines of every other file', () => {
    const folded = foldDigests(new Map(files));
    expect(folded.outside).toBe(`publicbodies/1.yaml\0${'b'.repeat(40)}\nsite.yaml\0${'a'.repeat(40)}\n`);
    // requests/1/ and requests/10/ are two folders, though one name starts the other.
    expect([...folded.folders.keys()]).toEqual(['requests/1/', 'requests/10/']);
    expect(folded.folders.get('requests/1/')).toBe(sha256(`requests/1/messages/2.yaml\0${'e'.repeat(40)}\nrequests/1/request.yaml\0${'d'.repeat(40)}\n`));
    expect(folded.folders.get('requests/10/')).toBe(sha256(`requests/10/request.yaml\0${'c'.repeat(40)}\n`));
  });

  it('orders a folder’s files by path where one path starts another', () => {
    const paths = ['requests/2/files/9/a b.pdf', 'requests/2/files/9/a', 'requests/2/files/9/a/b', 'requests/2/files/9/a!'];
    const folded = foldDigests(new Map(paths.map((path) => [path, '0'.repeat(40)])));
    expect(folded.folders.get('requests/2/')).toBe(sha256([...paths].sort().map((path) => `${path}\0${'0'.repeat(40)}\n`).join('')));
  });

  it('does not depend on the order files were read in; an edit changes its own folder only', () => {
    const folded = foldDigests(new Map(files));
    expect(foldDigests(new Map([...files].reverse()))).toEqual(folded);
    const edited = foldDigests(new Map([...files, ['requests/1/messages/2.yaml', 'f'.repeat(40)]]));
    expect(edited.folders.get('requests/1/')).not.toBe(folded.folders.get('requests/1/'));
    expect(edited.folders.get('requests/10/')).toBe(folded.folders.get('requests/10/'));
    expect(edited.outside).toBe(folded.outside);
  });

  it('takes a folder’s kept fold instead of folding its files, and folds the others', () => {
    const folded = foldDigests(new Map(files));
    const asked: string[] = [];
    const kept = foldDigests(new Map(files), (folder) => {
      asked.push(folder);
      return folder === 'requests/10/' ? 'kept' : undefined;
    });
    expect(kept.folders.get('requests/10/')).toBe('kept');
    expect(kept.folders.get('requests/1/')).toBe(folded.folders.get('requests/1/'));
    expect([...kept.folders.keys()]).toEqual(['requests/1/', 'requests/10/']);
    expect(kept.outside).toBe(folded.outside);
    // Asked once per folder, never for a file outside the request folders.
    expect(asked.sort()).toEqual(['requests/1/', 'requests/10/']);
  });

  it('folds digests as the loader hands them over (each kind in path order, a path again replacing its digest) as a map of them folds', () => {
    const folder = new DigestFolder((name) => (name === 'requests/10/' ? 'kept' : undefined));
    // Requests first, then messages, then the files outside: a folder comes back after others.
    for (const [path, digest] of [files[0]!, files[3]!, files[2]!, files[4]!, ['requests/1/messages/2.yaml', 'f'.repeat(40)] as [string, string], files[1]!]) folder.set(path, digest);
    const edited = new Map([...files, ['requests/1/messages/2.yaml', 'f'.repeat(40)]]);
    expect(folder.fold()).toEqual(foldDigests(edited, (name) => (name === 'requests/10/' ? 'kept' : undefined)));
    expect(folder.fold().folders.get('requests/1/')).toBe(sha256(`requests/1/messages/2.yaml\0${'f'.repeat(40)}\nrequests/1/request.yaml\0${'d'.repeat(40)}\n`));
    expect(folder.fold().folders.get('requests/10/')).toBe('kept');
  });
});

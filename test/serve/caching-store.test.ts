import { describe, expect, it } from 'vitest';
import { BrokenBuild, cachingBuildStore, type BuildStore } from '../../src/serve/shared/build-store.ts';

function countingStore(files: Record<string, string>): BuildStore & { reads: string[] } {
  const reads: string[] = [];
  const encoder = new TextEncoder();
  return {
    reads,
    async read(path) {
      reads.push(path);
      return path in files ? encoder.encode(files[path]) : null;
    },
  };
}

describe('cachingBuildStore', () => {
  it('parses a file once per build and reads it again after the build changed', async () => {
    const inner = countingStore({ 'a.json': '{"n":1}' });
    const store = cachingBuildStore(inner);
    store.useBuild('one');
    expect(await store.json!('a.json')).toEqual({ n: 1 });
    expect(await store.json!('a.json')).toEqual({ n: 1 });
    expect(inner.reads).toEqual(['a.json']);
    store.useBuild('one');
    await store.json!('a.json');
    expect(inner.reads).toEqual(['a.json']);
    store.useBuild('two');
    await store.json!('a.json');
    expect(inner.reads).toEqual(['a.json', 'a.json']);
  });

  it('parses a byte range once, apart from the file and other ranges, and names a file cut short', async () => {
    const file = '{"a":1}{"b":[2,3]}';
    const inner = { ...countingStore({ 'p.postings': file }), ranges: [] as string[] };
    inner.readRange = async (path: string, start: number, end: number) => {
      inner.ranges.push(`${path} ${start}-${end}`);
      return path === 'p.postings' ? new TextEncoder().encode(file).subarray(start, end) : null;
    };
    const store = cachingBuildStore(inner);
    expect(await store.json!('p.postings', { start: 7, end: 18 })).toEqual({ b: [2, 3] });
    expect(await store.json!('p.postings', { start: 0, end: 7 })).toEqual({ a: 1 });
    expect(await store.json!('p.postings', { start: 7, end: 18 })).toEqual({ b: [2, 3] });
    expect(inner.ranges).toEqual(['p.postings 7-18', 'p.postings 0-7']);
    expect(inner.reads).toEqual([]);
    const short = store.json!('p.postings', { start: 7, end: 30 });
    await expect(short).rejects.toBeInstanceOf(BrokenBuild);
    await expect(short).rejects.toThrow("p.postings ends before byte 30, which the build's index names");
    expect(await store.json!('q.postings', { start: 0, end: 7 })).toBeNull();
  });

  it('keeps the byte ranges packs are read by, apart from parsed ranges, until the build changes', async () => {
    const file = '{"a":1}{"b":[2,3]}';
    const inner = { ...countingStore({ 'p.pack': file }), ranges: [] as string[] };
    inner.readRange = async (path: string, start: number, end: number) => {
      inner.ranges.push(`${path} ${start}-${end}`);
      return path === 'p.pack' ? new TextEncoder().encode(file).subarray(start, end) : null;
    };
    const store = cachingBuildStore(inner);
    store.useBuild('one');
    const text = async (start: number, end: number) => new TextDecoder().decode((await store.readRange!('p.pack', start, end))!);
    expect(await text(0, 7)).toBe('{"a":1}');
    expect(await text(0, 7)).toBe('{"a":1}');
    expect(await text(7, 18)).toBe('{"b":[2,3]}');
    expect(inner.ranges).toEqual(['p.pack 0-7', 'p.pack 7-18']);
    // The same range parsed is a value of its own, read once more.
    expect(await store.json!('p.pack', { start: 0, end: 7 })).toEqual({ a: 1 });
    expect(await text(0, 7)).toBe('{"a":1}');
    expect(inner.ranges).toEqual(['p.pack 0-7', 'p.pack 7-18', 'p.pack 0-7']);
    // A missing file is asked again.
    expect(await store.readRange!('q.pack', 0, 7)).toBeNull();
    expect(await store.readRange!('q.pack', 0, 7)).toBeNull();
    expect(inner.ranges.slice(3)).toEqual(['q.pack 0-7', 'q.pack 0-7']);
    store.useBuild('two');
    expect(await text(0, 7)).toBe('{"a":1}');
    expect(inner.ranges.slice(5)).toEqual(['p.pack 0-7']);
  });

  it('does not cache missing files', async () => {
    const inner = countingStore({});
    const store = cachingBuildStore(inner);
    expect(await store.json!('x.json')).toBeNull();
    expect(await store.json!('x.json')).toBeNull();
    expect(inner.reads).toEqual(['x.json', 'x.json']);
  });

  it('evicts the least recently used files beyond its byte budget', async () => {
    const body = JSON.stringify({ pad: 'x'.repeat(90) }); // 100 bytes
    const files = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`f${i}.json`, body]));
    const inner = countingStore(files);
    const store = cachingBuildStore(inner, 800); // eight 100-byte files fit
    for (let i = 0; i < 8; i++) await store.json!(`f${i}.json`);
    await store.json!('f0.json'); // a hit: f0 is now the most recently used
    await store.json!('f8.json'); // over budget: f1, the least recently used, goes
    expect(inner.reads).toHaveLength(9);
    await store.json!('f0.json');
    await store.json!('f2.json');
    expect(inner.reads).toHaveLength(9);
    await store.json!('f1.json');
    expect(inner.reads.slice(9)).toEqual(['f1.json']);
  });

  it('does not cache a file larger than an eighth of its budget', async () => {
    const inner = countingStore({ 'big.json': JSON.stringify({ pad: 'x'.repeat(200) }) });
    const store = cachingBuildStore(inner, 800);
    await store.json!('big.json');
    await store.json!('big.json');
    expect(inner.reads).toEqual(['big.json', 'big.json']);
  });
});

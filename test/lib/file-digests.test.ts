/**
 * Digests kept between builds: a file keeps its recorded digest while its stat signature is
 * unchanged, is read again when its bytes (and so its change time) change, is not trusted
 * while it was just modified, and the cache survives being saved, reopened and damaged.
 */
import { createHash } from 'node:crypto';
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileDigests, signatureOfStats, statSignature } from '../../src/lib/file-digests.ts';
import { tempDir } from '../helpers/content.ts';

let dir: Awaited<ReturnType<typeof tempDir>>;
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const old = (path: string) => utimesSync(path, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));

beforeEach(async () => {
  dir = await tempDir('archive-digests-');
});
afterEach(() => dir.remove());

describe('file digests', () => {
  it('reads a file once while its signature holds, and again when it changes', async () => {
    const file = join(dir.path, 'a.pdf');
    writeFileSync(file, 'first bytes');
    old(file);
    const cache = join(dir.path, 'cache');
    const first = fileDigests(cache);
    expect(await first.digest(file)).toEqual({ sha256: sha256(file), size: 11 });
    first.save();
    const second = fileDigests(cache);
    expect(await second.digest(file)).toEqual({ sha256: sha256(file), size: 11 });
    expect(second.stats).toEqual({ trusted: 1, hashed: 0 });
    // Same size, old modification time: the change time and the bytes still tell.
    writeFileSync(file, 'other bytes');
    old(file);
    const third = fileDigests(cache);
    expect(await third.digest(file)).toEqual({ sha256: sha256(file), size: 11 });
    expect(third.stats).toEqual({ trusted: 0, hashed: 1 });
  });

  it('signs a stat by its four fields, each of which tells two signatures apart', () => {
    const base = { size: 10n, mtimeNs: 1_700_000_000_000_000_000n, ctimeNs: 1_700_000_000_000_000_001n, ino: 4n };
    const sign = (info: typeof base) => signatureOfStats(info, 0).signature;
    expect(sign(base)).toHaveLength(32);
    expect(sign({ ...base })).toBe(sign(base));
    for (const field of ['size', 'mtimeNs', 'ctimeNs', 'ino'] as const) expect(sign({ ...base, [field]: base[field] + 1n }), field).not.toBe(sign(base));
  });

  it('gives the same digest for a file read whole (up to 4 MB) and for one read as a stream (above)', async () => {
    // Bytes that differ along the file, so a missed or repeated chunk changes the digest.
    const bytes = (length: number) => Uint8Array.from({ length }, (_, at) => (at * 31 + (at >> 16)) & 0xff);
    const digests = fileDigests();
    for (const length of [4 * 2 ** 20, 4 * 2 ** 20 + 1, 9 * 2 ** 20 + 12_345]) {
      const file = join(dir.path, `${length}.pdf`);
      writeFileSync(file, bytes(length));
      expect(await digests.digest(file), String(length)).toEqual({ sha256: sha256(file), size: length });
    }
  });

  it('takes the recorded digest without a stat where a walk confirmed the signature, and only then', async () => {
    const file = join(dir.path, 'a.pdf');
    writeFileSync(file, 'first bytes');
    old(file);
    const walked = statSignature(file)!;
    const cache = join(dir.path, 'cache');
    const first = fileDigests(cache);
    const recorded = await first.digest(file);
    first.save();
    // Changed after the walk: a confirmed entry is what the walk saw, the bytes are not read.
    writeFileSync(file, 'other bytes');
    old(file);
    const confirmed = fileDigests(cache);
    confirmed.confirm((absolute) => (absolute === file ? walked : undefined));
    expect(await confirmed.digest(file)).toEqual(recorded);
    expect(confirmed.stats).toEqual({ trusted: 1, hashed: 0 });
    // Another signature, or one not trusted, confirms nothing: the file is statted and hashed.
    for (const signature of [statSignature(file)!, { ...walked, trusted: false }]) {
      const unconfirmed = fileDigests(cache);
      unconfirmed.confirm(() => signature);
      expect(await unconfirmed.digest(file)).toEqual({ sha256: sha256(file), size: 11 });
      expect(unconfirmed.stats).toEqual({ trusted: 0, hashed: 1 });
    }
  });

  it('does not record a file modified just now, drops entries not asked for, and ignores a damaged cache', async () => {
    const fresh = join(dir.path, 'fresh.csv');
    const kept = join(dir.path, 'kept.csv');
    writeFileSync(fresh, 'a;b');
    writeFileSync(kept, 'c;d');
    old(kept);
    const cache = join(dir.path, 'cache');
    const first = fileDigests(cache);
    await first.digest(fresh);
    await first.digest(kept);
    first.save();
    const second = fileDigests(cache);
    await second.digest(fresh);
    expect(second.stats).toEqual({ trusted: 0, hashed: 1 });
    second.save();
    // kept.csv was not asked for by the second run: its entry is gone.
    const third = fileDigests(cache);
    await third.digest(kept);
    expect(third.stats).toEqual({ trusted: 0, hashed: 1 });
    writeFileSync(join(cache, 'sha256.v8'), 'damaged');
    const fourth = fileDigests(cache);
    expect(await fourth.digest(kept)).toEqual({ sha256: sha256(kept), size: 3 });
  });
});

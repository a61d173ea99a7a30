/**
 * Download files are cut by id range and deterministic (src/downloads/plan.ts): a build that
 * writes the same objects writes the same bytes, and an edit rewrites the files of the ranges
 * holding the objects it changed, no others. A build without downloads keeps patch builds.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTree, listFiles } from '../helpers/build.ts';
import { minimalArchive, type Tree } from '../helpers/content.ts';

/** Two request folders in different id ranges, with messages and attachments in different ranges too. */
function archive(secondText: string): Tree {
  return minimalArchive({
    'requests/10-akten/files/101/liste.csv': 'a;b\n1;2\n',
    'requests/1500-zweite/request.yaml': { id: 1500, slug: 'zweite', title: 'Zweite Anfrage', description: 'Bitte.', public_body: 2, law: 1, status: 'awaiting_response' },
    'requests/1500-zweite/messages/2500.yaml': { id: 2500, kind: 'email', is_response: false, recipient_public_body: 2, timestamp: '2024-03-01T10:00:00+01:00', subject: 'Zweite', content: secondText },
    'requests/1500-zweite/messages/3500.yaml': { id: 3500, kind: 'email', is_response: true, sender_public_body: 2, timestamp: '2024-03-05T10:00:00+01:00', subject: 'Antwort', content: 'Anbei.', attachments: [{ id: 4500, name: 'antwort.csv' }] },
    'requests/1500-zweite/files/3500/antwort.csv': 'x;y\n3;4\n',
  });
}

async function downloadDigests(buildDir: string): Promise<Map<string, string>> {
  const files = (await listFiles(buildDir)).filter((file) => file.startsWith('downloads/') && file !== 'downloads/manifest.json');
  return new Map(await Promise.all(files.map(async (file) => [file, createHash('sha256').update(await readFile(join(buildDir, file))).digest('hex')] as const)));
}

describe('download files by id range', () => {
  it('two cold builds write the same bytes; an edit of one message rewrites its range and its request range only', async () => {
    const first = await buildTree(archive('Erster Text.'), { downloads: true });
    const again = await buildTree(archive('Erster Text.'), { downloads: true });
    const edited = await buildTree(archive('Geänderter Text.'), { downloads: true });
    try {
      const a = await downloadDigests(first.buildDir);
      expect([...a.keys()].filter((file) => file.includes('/message/'))).toEqual([
        'downloads/ndjson/message/message-000000000-000000999.ndjson.gz',
        'downloads/ndjson/message/message-000002000-000002999.ndjson.gz',
        'downloads/ndjson/message/message-000003000-000003999.ndjson.gz',
        'downloads/parquet/message/message-000000000-000000999.parquet',
        'downloads/parquet/message/message-000002000-000002999.parquet',
        'downloads/parquet/message/message-000003000-000003999.parquet',
      ]);
      expect(await downloadDigests(again.buildDir)).toEqual(a);
      const b = await downloadDigests(edited.buildDir);
      expect([...b.keys()]).toEqual([...a.keys()]);
      const changed = [...a].filter(([file, digest]) => b.get(file) !== digest).map(([file]) => file);
      // The message's range, and its request's: a request's detail holds its messages.
      expect(changed.sort()).toEqual([
        'downloads/ndjson/message/message-000002000-000002999.ndjson.gz',
        'downloads/ndjson/request/request-000001000-000001999.ndjson.gz',
        'downloads/parquet/message/message-000002000-000002999.parquet',
        'downloads/parquet/request/request-000001000-000001999.parquet',
      ]);
      // The gzip header holds no time (bytes 4-7) and no file name (no FNAME flag).
      const gz = await readFile(join(first.buildDir, 'downloads/ndjson/message/message-000002000-000002999.ndjson.gz'));
      expect([...gz.subarray(0, 8)]).toEqual([0x1f, 0x8b, 8, 0, 0, 0, 0, 0]);
    } finally {
      await Promise.all([first.remove(), again.remove(), edited.remove()]);
    }
  }, 120_000);

  it('a warm build links the unchanged ranges from the previous build/ and writes the bytes of a cold one', async () => {
    const first = await buildTree(archive('Erster Text.'), { downloads: true });
    const cold = await buildTree(archive('Geänderter Text.'), { downloads: true });
    try {
      const state = { buildDir: first.buildDir, cacheDir: join(first.root, 'cache'), media: first.media, downloads: true };
      const inodes = async (dir: string) => new Map(await Promise.all([...(await downloadDigests(dir)).keys()].map(async (file) => [file, (await stat(join(dir, file))).ino] as const)));
      const before = await inodes(first.buildDir);
      const warm = await buildTree(archive('Geänderter Text.'), state);
      try {
        expect(warm.result.patched).toBe(0);
        expect(await downloadDigests(first.buildDir)).toEqual(await downloadDigests(cold.buildDir));
        expect(await readFile(join(first.buildDir, 'downloads/manifest.json'), 'utf8')).toBe(await readFile(join(cold.buildDir, 'downloads/manifest.json'), 'utf8'));
        const after = await inodes(first.buildDir);
        const kept = [...after].filter(([file, ino]) => before.get(file) === ino).map(([file]) => file);
        // Every range without an object of the edited request folder is the previous build's file,
        // linked: objects are keyed by their folder's fingerprint, as packs are (the ranges of its
        // other message and attachment are made again, with the same bytes, as the first test shows).
        const made = [...after.keys()].filter((file) => !kept.includes(file));
        expect(made.map((file) => file.replace(/^downloads\/(ndjson|parquet)\//, '').replace(/\..*$/, '')).sort()).toEqual(
          ['attachment/attachment-000004000-000004999', 'message/message-000002000-000002999', 'message/message-000003000-000003999', 'request/request-000001000-000001999'].flatMap((file) => [file, file]),
        );
        expect(kept.length).toBe(after.size - 8);
      } finally {
        await warm.remove();
      }
    } finally {
      await Promise.all([first.remove(), cold.remove()]);
    }
  }, 120_000);

  it('a build without downloads writes none and its root still links where they would be', async () => {
    const built = await buildTree(archive('Text.'));
    try {
      expect((await built.files()).filter((file) => file.startsWith('downloads/'))).toEqual([]);
      expect(await built.text('_headers')).toContain('Link: </downloads/manifest.json>; rel="describedby"');
    } finally {
      await built.remove();
    }
  });
});

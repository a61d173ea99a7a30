/**
 * Packs and list chunks grow at their end: a new request with new messages (ids after the
 * highest) leaves every earlier chunk, pack and index file of the build byte-identical, so a
 * deploy uploads a handful of files (docs/architecture.md, "Packs").
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArchive } from '../../src/build.ts';
import { buildPaths } from '../../src/api/build-paths.ts';
import { folderMediaStore } from '../../src/media/media-folder-store.ts';
import { writeSyntheticArchive, type SyntheticCounts } from '../../tools/synthetic.ts';
import { BUILD_CLOCK, builtReaders, listFiles } from '../helpers/build.ts';
import { tempDir } from '../helpers/content.ts';

let dir: { path: string; remove(): Promise<void> };
let counts: SyntheticCounts;
let before: Map<string, string>;
let after: Map<string, string>;
const content = () => join(dir.path, 'content');
const newRequest = () => 2001;

async function build(out: string): Promise<Map<string, string>> {
  await buildArchive({
    contentDir: content(),
    buildDir: join(dir.path, out),
    cacheDir: join(dir.path, 'cache'),
    media: folderMediaStore(join(dir.path, 'media')),
    env: { SOURCE_DATE_EPOCH: String(BUILD_CLOCK) },
    images: false,
  });
  const digests = new Map<string, string>();
  for (const path of await listFiles(join(dir.path, out))) digests.set(path, createHash('sha1').update(await readFile(join(dir.path, out, path))).digest('hex'));
  return digests;
}

beforeAll(async () => {
  dir = await tempDir('append-stable-');
  // Over 1,000 messages, so the message list has more than one chunk.
  counts = await writeSyntheticArchive(content(), { requests: 130 });
  before = await build('before');
  // An id past the request packs of the others: pack 0, which holds public body 1's other
  // requests, must stay as it was although the body counts one request more.
  const request = newRequest();
  const folder = join(content(), 'requests', String(request));
  await mkdir(join(folder, 'messages'), { recursive: true });
  await writeFile(
    join(folder, 'request.yaml'),
    `id: ${request}\nslug: anfrage-${request}\ntitle: Neue Anfrage\ndescription: Bitte senden Sie mir die Unterlagen.\npublic_body: 1\nlaw: 1\nstatus: awaiting_response\nresolution: ''\ncreated_at: 2025-01-10T00:00:00Z\ntags: [Gutachten]\n`,
  );
  const first = counts.messages + 1000;
  for (const [offset, day] of [[0, 11], [1, 12]] as const) {
    await writeFile(
      join(folder, 'messages', `${first + offset}.yaml`),
      `id: ${first + offset}\nkind: email\nis_response: ${offset === 1}\n${offset === 1 ? 'sender_public_body' : 'recipient_public_body'}: 1\ntimestamp: 2025-01-${day}T00:00:00Z\nsubject: Nachricht ${offset + 1}\n`,
    );
  }
  after = await build('after');
}, 300_000);
afterAll(() => dir?.remove());

describe('a new request with new messages', () => {
  it('is in the build', async () => {
    const read = builtReaders(join(dir.path, 'after'));
    expect((await read.detail('request', newRequest())).title).toBe('Neue Anfrage');
    expect((await read.page('request', 0)).objects[0].id).toBe(newRequest());
    expect((await read.detail('message', counts.messages + 1001)).request).toMatch(new RegExp(`/request/${newRequest()}/$`));
    // Public body 1 as the answers embed it: the count of the build it is answered from.
    const body = await read.detail('publicbody', 1);
    expect((await read.detail('request', newRequest())).public_body).toEqual(body);
    expect((await read.page('request', 0)).objects[0].public_body.number_of_requests).toBe(body.number_of_requests);
    let earlier: { id: number; public_body: unknown } | undefined;
    for (let id = 1; id <= counts.requests && !earlier; id++) {
      const detail = await read.detail('request', id);
      if (detail.public_body?.id === 1) earlier = detail;
    }
    expect(earlier?.public_body).toEqual(body);
    expect((await builtReaders(join(dir.path, 'before')).detail('publicbody', 1)).number_of_requests).toBe(body.number_of_requests - 1);
  });

  it('leaves the earlier chunk and pack of the message list (ids ascending) as they were', () => {
    expect(counts.messages).toBeGreaterThan(1000);
    for (const path of [buildPaths.chunk('message', 0), buildPaths.pack('message', 0), buildPaths.pack('message', 1)]) {
      expect(before.get(path), path).toBeDefined();
      expect(after.get(path), path).toBe(before.get(path));
    }
  });

  it('changes a handful of files, and none but the ones that hold the new objects, their counts and their keys', () => {
    const changed = [...after].filter(([path, digest]) => before.get(path) !== digest).map(([path]) => path);
    expect([...before.keys()].filter((path) => !after.has(path))).toEqual([]);
    // Lists' first pages, the chunks and packs the new objects land in, their keys' index
    // files, files that hold every object (scan and range indexes, autocomplete), the manifest.
    expect(changed.length).toBeLessThan(60);
    const newMessagePack = buildPaths.pack('message', Math.floor((counts.messages + 1000) / 1000));
    expect(before.has(newMessagePack)).toBe(false);
    // The request list puts new requests first and counts from its end: all 131 sit in chunk 0.
    // Public body 1 counts one request more (number_of_requests), in its list item, detail and
    // simple shape; the requests that embed it refer to it, so request pack 0 stays as it was.
    expect(changed.filter((path) => /\/(chunks|packs|simple)\//.test(path)).sort()).toEqual(
      [
        buildPaths.chunk('message', 1),
        newMessagePack,
        buildPaths.chunk('request', 0),
        buildPaths.pack('request', Math.floor(newRequest() / 1000)),
        buildPaths.chunk('publicbody', 0),
        buildPaths.pack('publicbody', 0),
        buildPaths.simplePublicBody(0),
      ].sort(),
    );
    expect(after.get(buildPaths.pack('request', 0))).toBe(before.get(buildPaths.pack('request', 0)));
    // A message index file per key: the new messages' keys only, not every file of the filter.
    const messageIndexes = [...after.keys()].filter((path) => path.startsWith('_data/message/index/'));
    expect(changed.filter((path) => path.startsWith('_data/message/index/')).length).toBeLessThan(messageIndexes.length / 4);
  });
});

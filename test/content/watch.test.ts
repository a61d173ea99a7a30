/**
 * The watcher of content/ (src/content/watch.ts) with the real @parcel/watcher, at full speed:
 * folders made with their subfolders at once and written to right away, and written to again
 * later, must be reported every time; temporary files of editors and tools are not.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { isTemporaryName, watchContent, type ContentWatcher } from '../../src/content/watch.ts';
import { tempDir } from '../helpers/content.ts';

let dir: Awaited<ReturnType<typeof tempDir>>;
let watcher: ContentWatcher | undefined;
let seen: Set<string>;

beforeEach(async () => {
  dir = await tempDir('archive-watcher-');
  mkdirSync(join(dir.path, 'requests'));
  seen = new Set();
  watcher = await watchContent(dir.path, ({ paths }) => paths.forEach((path) => seen.add(path)), (error) => {
    throw error;
  });
});
afterEach(async () => {
  await watcher?.close();
  await dir.remove();
});

/** Waits (at most 10 s) until every one of `paths` was reported. */
async function reported(...paths: string[]) {
  const end = Date.now() + 10_000;
  while (!paths.every((path) => seen.has(path))) {
    if (Date.now() > end) throw new Error(`not reported: ${paths.filter((path) => !seen.has(path)).join(', ')}; reported: ${[...seen].sort().join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

it('reports every write into folders made at once with their subfolders, right away and later', async () => {
  // Twenty request folders as `mkdir -p R/messages R/files/X` and an editor's writes right after
  // make them; before the fix about half of them had their messages/ unwatched for good.
  for (let id = 1; id <= 20; id++) {
    const request = join(dir.path, `requests/${id}-r`);
    mkdirSync(join(request, 'messages'), { recursive: true });
    mkdirSync(join(request, `files/${id}0`), { recursive: true });
    writeFileSync(join(request, `messages/${id}0.yaml`), 'id: 1\n');
  }
  await reported(...Array.from({ length: 20 }, (_, at) => `requests/${at + 1}-r`));
  // Written once the folders are there: every write is reported, in every folder.
  await new Promise((resolve) => setTimeout(resolve, 300));
  seen.clear();
  for (let id = 1; id <= 20; id++) {
    writeFileSync(join(dir.path, `requests/${id}-r/messages/${id}1.yaml`), 'id: 2\n');
    writeFileSync(join(dir.path, `requests/${id}-r/files/${id}0/a.csv`), 'a\n');
  }
  await reported(...Array.from({ length: 20 }, (_, at) => [`requests/${at + 1}-r/messages/${at + 1}1.yaml`, `requests/${at + 1}-r/files/${at + 1}0/a.csv`]).flat());
}, 60_000);

it('follows a folder renamed or removed and made again, with the new paths', async () => {
  const request = join(dir.path, 'requests/1-r');
  mkdirSync(join(request, 'messages'), { recursive: true });
  writeFileSync(join(request, 'messages/1.yaml'), 'a\n');
  await reported('requests/1-r');
  renameSync(request, join(dir.path, 'requests/2-r'));
  await reported('requests/2-r');
  await new Promise((resolve) => setTimeout(resolve, 300));
  seen.clear();
  writeFileSync(join(dir.path, 'requests/2-r/messages/1.yaml'), 'b\n');
  // (@parcel/watcher may also report it under the folder's old name, which names no folder now.)
  await reported('requests/2-r/messages/1.yaml');
  rmSync(join(dir.path, 'requests/2-r'), { recursive: true });
  mkdirSync(join(dir.path, 'requests/2-r/messages'), { recursive: true });
  writeFileSync(join(dir.path, 'requests/2-r/messages/1.yaml'), 'c\n');
  await new Promise((resolve) => setTimeout(resolve, 300));
  seen.clear();
  writeFileSync(join(dir.path, 'requests/2-r/messages/2.yaml'), 'd\n');
  await reported('requests/2-r/messages/2.yaml');
}, 30_000);

it('leaves out editors\' and tools\' temporary files', async () => {
  expect(['sedAb12Cd', '4913', 'request.yaml~', '#request.yaml#', 'request.yaml.swp', 'x.tmp'].filter(isTemporaryName)).toHaveLength(6);
  expect(['request.yaml', 'sed.yaml', '100.yaml', 'Bescheid.pdf'].filter(isTemporaryName)).toEqual([]);
  mkdirSync(join(dir.path, 'requests/1-r'));
  await reported('requests/1-r');
  // The new folder's own watch reports it once more when ready.
  await new Promise((resolve) => setTimeout(resolve, 300));
  seen.clear();
  // sed -i: a temporary file beside the file, renamed over it.
  writeFileSync(join(dir.path, 'requests/1-r/sedX1y2Z3'), 'id: 1\n');
  renameSync(join(dir.path, 'requests/1-r/sedX1y2Z3'), join(dir.path, 'requests/1-r/request.yaml'));
  writeFileSync(join(dir.path, 'requests/1-r/request.yaml~'), 'backup\n');
  await reported('requests/1-r/request.yaml');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect([...seen]).toEqual(['requests/1-r/request.yaml']);
}, 30_000);

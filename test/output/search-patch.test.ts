/**
 * A patch of the full-text index for edited message texts (src/output/search-patch.ts) writes
 * the bytes a cold build of the edited content writes, in a sealed segment (postings files) and
 * in the open one (tail files), again on a build it patched; and gives no patch where build/ or
 * the kept analyses are not what it can verify.
 */
import { createHash } from 'node:crypto';
import { access, cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArchive } from '../../src/build.ts';
import { buildPaths } from '../../src/api/build-paths.ts';
import { SEARCH_SOURCES } from '../../src/api/search/sources.ts';
import { checkContent } from '../../src/check.ts';
import { buildCodeVersion } from '../../src/lib/code-version.ts';
import { folderMediaStore } from '../../src/media/media-folder-store.ts';
import { SegmentAnalyses } from '../../src/output/search-analyses.ts';
import { patchSearchSegments, type PatchedFile, type SearchEdit, type SearchPatch } from '../../src/output/search-patch.ts';
import { BUILD_CLOCK } from '../helpers/build.ts';
import { minimalArchive, tempDir, writeTree, type Tree } from '../helpers/content.ts';

let root: string;
let removeRoot: () => Promise<void>;

/** Request 10 and 11 in segment 0 (sealed: request 5000 opens segment 1), 5000 and 5001 in segment 1 (open). */
function archive(texts: { subject10?: string; content10?: string; subject5000?: string } = {}): Tree {
  const request = (id: number, title: string) => ({ id, slug: `r${id}`, title, description: `Beschreibung ${title}`, public_body: 1, law: 1, status: 'resolved', resolution: 'successful' });
  const message = (id: number, subject: string, content: string) => ({ id, kind: 'email', is_response: false, recipient_public_body: 1, timestamp: '2024-02-01T10:00:00+01:00', subject, content });
  return minimalArchive({
    'requests/10-akten/messages/100.yaml': message(100, texts.subject10 ?? 'Anfrage', texts.content10 ?? 'Bitte senden Sie mir die Akten zum Vorgang Kita-Plätze.'),
    'requests/11-gutachten/request.yaml': request(11, 'Gutachten zum Polizeigesetz'),
    'requests/11-gutachten/messages/110.yaml': message(110, 'Gutachten', 'Das Gutachten zum Polizeigesetz, bitte.'),
    'requests/5000-dienstwagen/request.yaml': request(5000, 'Dienstwagen der Hausleitung'),
    'requests/5000-dienstwagen/messages/50000.yaml': message(50000, texts.subject5000 ?? 'Dienstwagen', 'Fahrtenbücher der Dienstwagen 2023.'),
    'requests/5001-kalender/request.yaml': request(5001, 'Terminkalender'),
    'requests/5001-kalender/messages/50010.yaml': message(50010, 'Kalender', 'Den Terminkalender der Leitung.'),
  });
}

/** A cold build of `tree` in root/<name>: its content, build/ and cache folders. */
async function build(name: string, tree: Tree) {
  const dir = { content: join(root, name, 'content'), build: join(root, name, 'build'), cache: join(root, name, 'cache') };
  await writeTree(dir.content, tree);
  await buildArchive({ contentDir: dir.content, buildDir: dir.build, cacheDir: dir.cache, media: folderMediaStore(join(root, name, 'media')), env: { SOURCE_DATE_EPOCH: String(BUILD_CLOCK) }, images: false });
  return dir;
}

/** A copy of a build's build/ and cache folders, to patch. */
async function copy(from: { build: string; cache: string }, name: string) {
  const dir = { build: join(root, name, 'build'), cache: join(root, name, 'cache') };
  await cp(from.build, dir.build, { recursive: true });
  await cp(from.cache, dir.cache, { recursive: true });
  return dir;
}

/** A request's search fields as content/ makes them. */
async function fieldsOf(contentDir: string, id: number): Promise<string[]> {
  const checked = await checkContent({ contentDir, env: {} });
  try {
    return SEARCH_SOURCES.request!(checked.archive!.requests.find((request) => request.id === id)!)!.fields();
  } finally {
    checked.close();
  }
}

async function edit(before: string, after: string, id: number): Promise<SearchEdit> {
  return { group: id, key: id, oldFields: await fieldsOf(before, id), newFields: await fieldsOf(after, id) };
}

function patch(dir: { build: string; cache: string }, edits: SearchEdit[]) {
  return patchSearchSegments({ buildDir: dir.build, outputDir: join(dir.cache, 'output'), version: buildCodeVersion(), resource: 'request', edits });
}

/** Writes a patch into build/ as a caller does: the old files that are not new ones removed. */
async function apply(buildDir: string, result: SearchPatch) {
  for (const segment of result.segments) {
    for (const path of segment.oldPaths) await rm(join(buildDir, path));
    for (const file of segment.files) await writeFile(join(buildDir, file.path), file.body);
  }
  await writeFile(join(buildDir, result.meta.path), result.meta.body);
}

/** The new files of a patch, meta.json last. */
const filesOf = (result: SearchPatch | undefined): PatchedFile[] => [...result!.segments.flatMap((segment) => segment.files), result!.meta];

/** Every file of the patch has the expected build's bytes and its own SHA-256; its segments' folders there hold exactly its files. */
async function expectExpected(result: SearchPatch | undefined, expected: string) {
  expect(result).toBeDefined();
  for (const file of filesOf(result)) {
    expect(Buffer.from(file.body).equals(await readFile(join(expected, file.path))), file.path).toBe(true);
    expect(file.sha256).toBe(createHash('sha256').update(file.body).digest('hex'));
  }
  for (const segment of result!.segments) {
    const names = segment.files.map((file) => file.path.split('/').at(-1)).sort();
    expect((await readdir(join(expected, dirname(segment.files[0]!.path)))).sort()).toEqual(names);
    for (const path of segment.oldPaths.filter((path) => !segment.files.some((file) => file.path === path))) await expect(access(join(expected, path))).rejects.toThrow();
  }
}

/** The paths of the patch's files whose bytes differ from those in `buildDir`. */
async function changedFrom(buildDir: string, result: SearchPatch | undefined): Promise<string[]> {
  const changed: string[] = [];
  for (const file of filesOf(result)) {
    const old = await readFile(join(buildDir, file.path)).catch(() => undefined);
    if (!old?.equals(Buffer.from(file.body))) changed.push(file.path);
  }
  return changed;
}

let first: Awaited<ReturnType<typeof build>>;
beforeAll(async () => {
  ({ path: root, remove: removeRoot } = await tempDir('search-patch-'));
  first = await build('first', archive());
}, 60_000);
afterAll(() => removeRoot());

describe('a patch of the search index', () => {
  it("writes a cold build's bytes after a message's text is edited in a sealed segment, and again after a second edit", async () => {
    const edited = await build('content', archive({ content10: 'Bitte senden Sie mir die Akten zum Vorgang Kita-Plätze und die Gutscheine der Kita.' }));
    const dir = await copy(first, 'content-patched');
    const result = patch(dir, [await edit(first.content, edited.content, 10)]);
    await expectExpected(result, edited.build);
    expect(result!.segments.map((segment) => segment.oldPaths)).toEqual([[buildPaths.searchPostings('request', 0, 0), buildPaths.searchSegment('request', 0, 'positions')]]);
    // New words, and a longer content field.
    expect(await changedFrom(first.build, result)).toEqual([buildPaths.searchPostings('request', 0, 0), buildPaths.searchSegment('request', 0, 'positions'), buildPaths.searchMeta('request')]);
    // The edited request's analysis is kept under no fingerprint, the others' under theirs.
    const kept = SegmentAnalyses.open(join(dir.cache, 'output/search'), buildCodeVersion(), 'request', 0, 3);
    expect(kept.keptAnalysis(10)?.fingerprint).toBe('');
    expect(kept.keptAnalysis(11)?.fingerprint).toMatch(/^[0-9a-f]{32,}$/);

    // The patched build/ and kept analyses verify again for the next edit.
    await apply(dir.build, result!);
    const again = await build('content-2', archive({ content10: 'Die Akten, bitte.', subject10: 'Akten' }));
    await expectExpected(patch(dir, [await edit(edited.content, again.content, 10)]), again.build);
  });

  it("writes a cold build's bytes after a message's subject is edited in the open segment", async () => {
    const edited = await build('subject', archive({ subject5000: 'Dienstwagen und Fahrer' }));
    const result = patch(await copy(first, 'subject-patched'), [await edit(first.content, edited.content, 5000)]);
    await expectExpected(result, edited.build);
    expect(result!.segments[0]!.files.at(-1)!.path).toBe(buildPaths.searchSegment('request', 1, 'positions'));
    // New words and pairs in files of the request's tail part (3: group 5000 of 4096 + 16 * 256); the content field longer.
    const changed = await changedFrom(first.build, result);
    expect(changed.filter((path) => path.includes('/t')).map((path) => path.split('/').at(-1))).toEqual(['t3-2.json', 't3-p2.json', 't3-p3.json']);
    expect(changed.filter((path) => !path.includes('/t'))).toEqual([buildPaths.searchSegment('request', 1, 'positions'), buildPaths.searchMeta('request')]);
  });

  it('gives none for a postings file or meta.json of other bytes, or without the kept analyses, and keeps the analyses as they were', async () => {
    const edited = await fieldsOf(first.content, 10);
    const change: SearchEdit = { group: 10, key: 10, oldFields: edited, newFields: [...edited.slice(0, 2), `${edited[2]} Neu`] };
    const tampered = await copy(first, 'tampered');
    const postings = join(tampered.build, buildPaths.searchPostings('request', 0, 0));
    const bytes = await readFile(postings);
    bytes[bytes.length - 3]! ^= 1;
    await writeFile(postings, bytes);
    const keptFile = join(tampered.cache, 'output/search/request-0.v8');
    const keptBytes = await readFile(keptFile);
    expect(patch(tampered, [change])).toBeUndefined();
    expect((await readFile(keptFile)).equals(keptBytes)).toBe(true);

    // meta.json with another entry for the segment (its files as made).
    const otherMeta = await copy(first, 'other-meta');
    const metaPath = join(otherMeta.build, buildPaths.searchMeta('request'));
    const meta = JSON.parse(await readFile(metaPath, 'utf8')) as { segments: { pairBuckets: number }[] };
    meta.segments[0]!.pairBuckets *= 2;
    await writeFile(metaPath, JSON.stringify(meta));
    expect(patch(otherMeta, [change])).toBeUndefined();

    const missing = await copy(first, 'missing');
    await rm(join(missing.cache, 'output/search/request-0.v8'));
    expect(patch(missing, [change])).toBeUndefined();
    // The untampered copy patches (the cases above fail for their one difference), but not with old text that is not the build's.
    const intact = await copy(first, 'intact');
    expect(patch(intact, [{ ...change, oldFields: change.newFields }])).toBeUndefined();
    expect(patch(intact, [change])).toBeDefined();
  });
});

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildArchive } from '../src/build.ts';
import { ContentError } from '../src/content/problems.ts';
import { DEFAULTS } from '../src/config.ts';
import { DeployLimitError } from '../src/output/limits.ts';
import { buildPaths } from '../src/api/build-paths.ts';
import { SLOT_CHAR } from '../src/formats/token-slots.ts';
import { folderMediaStore } from '../src/media/media-folder-store.ts';
import { mediaKey, readMediaEntry } from '../src/media/media-index.ts';
import type { MediaStore } from '../src/media/media-store.ts';
import { fsBuildStore } from '../src/serve/shared/fs-build-store.ts';
import { writePdf } from '../tools/pdf-writer.ts';
import { buildTree, listFiles, BUILD_CLOCK, type BuiltTree } from './helpers/build.ts';
import { minimalArchive, tempDir, writeTree, responseMessage } from './helpers/content.ts';
import { readAll } from './helpers/media.ts';

const cleanups: (() => Promise<void>)[] = [];
const sha256 = (text: string | Uint8Array) => createHash('sha256').update(text).digest('hex');
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((remove) => remove()));
});

function track(tree: BuiltTree): BuiltTree {
  cleanups.push(tree.remove);
  return tree;
}

async function withPdfAttachment() {
  const pdf = await writePdf({ title: 'Bescheid', pages: [{ text: 'Eins.' }, { text: 'Zwei.' }], outline: [{ title: 'A', page: 2 }] });
  return minimalArchive({
    'requests/10-akten/messages/101.yaml': responseMessage([{ id: 1000, name: 'liste.csv' }, { id: 1001, name: 'bescheid.pdf', document: { id: 500 } }]),
    'requests/10-akten/files/101/bescheid.pdf': pdf,
  });
}

const mediaPathOf = (url: string) => decodeURIComponent(new URL(url).pathname.replace(/^\/media\//, ''));

describe('build', () => {
  it('gives a byte-identical build/ for the same content and settings', async () => {
    const tree = await withPdfAttachment();
    const first = track(await buildTree(tree, { images: true }));
    const second = track(await buildTree(tree, { images: true }));
    const files = await first.files();
    expect(await second.files()).toEqual(files);
    const cover = mediaPathOf((await first.detail('document', 500)).cover_image);
    expect(await readMediaEntry(fsBuildStore(first.buildDir), `${cover}.webp`)).not.toBeNull();
    for (const file of files) {
      const [a, b] = await Promise.all([readFile(join(first.buildDir, file)), readFile(join(second.buildDir, file))]);
      expect(a.equals(b), file).toBe(true);
    }
  });

  it('counts the page images its own PDF stage stored apart from what the media store held before', async () => {
    const first = track(await buildTree(await withPdfAttachment(), { images: true }));
    const { media } = first.result.stats;
    // A fresh store held nothing: the PDF stage put the page images of the two pages there,
    // and the upload the PDF and the CSV.
    expect(media.present).toBe(0);
    expect(media.uploaded).toBe(2);
    expect(media.derived).toBe(media.objects - 2);
    expect(media.derived).toBeGreaterThanOrEqual(4);
    const all: string[] = [];
    for await (const hash of first.media.list()) all.push(hash);
    expect(all).toHaveLength(media.objects);
    // A second build with the same store (and a cold cache) finds every object from before.
    const again = await buildArchive({ contentDir: join(first.root, 'content'), buildDir: join(first.root, 'build2'), cacheDir: join(first.root, 'cache2'), media: first.media, env: { SOURCE_DATE_EPOCH: String(BUILD_CLOCK) }, images: true });
    expect(again.stats.media).toEqual({ objects: media.objects, uploaded: 0, uploadedBytes: 0, present: media.objects, derived: 0 });
  });

  it('leaves the previous build/ exactly as it was when content has errors', async () => {
    const good = track(await buildTree(minimalArchive()));
    const before = await good.files();
    const rootIndex = await good.text(buildPaths.apiRoot);

    const contentDir = join(good.root, 'broken');
    await writeTree(contentDir, minimalArchive({ 'laws.yaml': [{ id: 1, name: 'IFG', slug: 'ifg', jurisdiction: 99 }] }));
    const attempt = buildArchive({ contentDir, buildDir: good.buildDir, cacheDir: join(good.root, 'cache'), media: good.media, env: {} });
    await expect(attempt).rejects.toBeInstanceOf(ContentError);
    await expect(attempt).rejects.toMatchObject({ problems: [{ file: 'laws.yaml', path: '[0].jurisdiction', message: 'refers to jurisdiction 99, which does not exist' }] });

    expect(await good.files()).toEqual(before);
    expect(await good.text(buildPaths.apiRoot)).toBe(rootIndex);
  });

  it('fails on a deploy limit with path, figure and limit, and leaves the previous build/ as it was', async () => {
    const good = track(await buildTree(minimalArchive()));
    const before = await good.files();
    const attempt = buildArchive({
      contentDir: join(good.root, 'content'),
      buildDir: good.buildDir,
      cacheDir: join(good.root, 'cache'),
      media: good.media,
      env: {},
      limits: { ...DEFAULTS.deployLimits, entriesPerFolder: 3 },
    });
    await expect(attempt).rejects.toBeInstanceOf(DeployLimitError);
    await expect(attempt).rejects.toMatchObject({ violations: expect.arrayContaining([expect.stringMatching(/^_data\/ holds \d+ entries; the limit is 3 entries per folder \(deploy limit entriesPerFolder\)$/)]) });
    expect(await good.files()).toEqual(before);
  });

  it('publishes an unreadable PDF attachment without its derived document, with a warning', async () => {
    const tree = minimalArchive({
      'requests/10-akten/messages/101.yaml': responseMessage([{ id: 1000, name: 'liste.csv' }, { id: 1001, name: 'kaputt.pdf', document: { id: 500 } }]),
      'requests/10-akten/files/101/kaputt.pdf': '<html>Gateway timeout</html>',
    });
    const built = track(await buildTree(tree));
    const attachment = await built.detail('attachment', 1001);
    expect(attachment).toMatchObject({ id: 1001, is_pdf: true, document: null });
    expect(built.result.warnings).toHaveLength(1);
    expect(built.result.warnings[0]).toMatchObject({ severity: 'warning', file: 'requests/10-akten/files/101/kaputt.pdf' });
    expect(built.result.warnings[0]!.message).toMatch(/^cannot be read as a PDF, so attachment 1001 is published without its derived document 500: not a PDF/);
    expect((await built.page('document', 0)).meta.total_count).toBe(0);
  });

  it('publishes an attachment named in NFD on disk under its NFC name, the one its URL and the media index use', async () => {
    const built = track(
      await buildTree(
        minimalArchive({
          'requests/10-akten/messages/101.yaml': responseMessage([{ id: 1000, name: 'Geb\u00fchren M\u00e4rz.csv' }, { id: 1001, name: 'liste.csv' }]),
          'requests/10-akten/files/101/Gebu\u0308hren Ma\u0308rz.csv': 'a;b\n1;2\n',
        }),
      ),
    );
    const name = 'Geb\u00fchren M\u00e4rz.csv';
    expect(built.result.warnings).toEqual([]);
    const entry = await readMediaEntry(fsBuildStore(built.buildDir), `foi/101/${name}`);
    expect(entry).toEqual({ sha256: sha256('a;b\n1;2\n'), size: 8, public: true });
    expect(new TextDecoder().decode((await readAll(await built.media.get(entry!.sha256)))!)).toBe('a;b\n1;2\n');
    const attachment = await built.detail('attachment', 1000);
    expect(attachment.name).toBe(name);
    expect(attachment.file_url).toContain(`/media/foi/101/${encodeURIComponent(name)}?`);
    // The index names entries by the digest of their path (src/media/media-index.ts mediaKey).
    expect(Object.keys(await built.json(buildPaths.mediaIndex(`foi/101/${name}`)))).toEqual([`foi/101/${name}`, 'foi/101/liste.csv'].map(mediaKey).sort());
  });

  it('fails on an unreadable imported document, naming the file', async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    await writeTree(join(dir.path, 'content'), minimalArchive({
      'documents/7-x/document.yaml': { id: 7, file: 'x.pdf', title: 'X' },
      'documents/7-x/x.pdf': 'not a pdf at all',
    }));
    const attempt = buildArchive({ contentDir: join(dir.path, 'content'), buildDir: join(dir.path, 'build'), cacheDir: join(dir.path, 'cache'), media: folderMediaStore(join(dir.path, 'media')), env: {} });
    await expect(attempt).rejects.toBeInstanceOf(ContentError);
    const error = (await attempt.catch((e: unknown) => e)) as ContentError;
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatchObject({ severity: 'error', file: 'documents/7-x/document.yaml', path: 'file' });
    expect(error.problems[0]!.message).toMatch(/^documents\/7-x\/x\.pdf cannot be read as a PDF: /);
    await expect(listFiles(join(dir.path, 'build'))).rejects.toThrow(/ENOENT/);
  });

  it('writes the routing rules and filter indexes the serving layer reads', async () => {
    const built = track(await buildTree(minimalArchive()));
    const files = await built.files();
    expect(files).toContain('_redirects');
    expect(files).toContain('_headers');
    expect(files.some((file) => file.startsWith('_data/message/index/request/'))).toBe(true);
    const manifest = await built.json(buildPaths.manifest);
    expect(manifest.lists.message).toEqual({ total: 2 });
    expect(manifest.urls.baseUrl).toBe('https://archiv.example.org');
  });

  it('gives a byte-identical build/ on another day and with another token lifetime; no stored file carries a token', async () => {
    const tree = await withPdfAttachment();
    const today = track(await buildTree(tree));
    const later = track(await buildTree(tree, { env: { SOURCE_DATE_EPOCH: String(BUILD_CLOCK + 3 * 86_400 + 4321), MEDIA_TOKEN_TTL: '600' } }));
    const files = await today.files();
    expect(await later.files()).toEqual(files);
    let slots = 0;
    for (const file of files) {
      const [a, b] = await Promise.all([readFile(join(today.buildDir, file)), readFile(join(later.buildDir, file))]);
      expect(a.equals(b), file).toBe(true);
      // Every `?token=` of a stored file is a slot (src/formats/token-slots.ts), never a token.
      const text = a.toString('utf8');
      for (const match of text.matchAll(/[?&]token=(.)/g)) {
        expect(match[1], `${file}: a token in stored bytes`).toBe(SLOT_CHAR);
        slots++;
      }
    }
    // The attachments' file_url, in details and lists.
    expect(slots).toBeGreaterThan(4);
  });

  it('writes no media bytes into build/: the media index names each file by hash and size, the store holds the bytes', async () => {
    const built = track(await buildTree(await withPdfAttachment(), { images: true }));
    const files = await built.files();
    expect(files.filter((file) => !file.startsWith('_data/') && !file.startsWith('api/') && !file.startsWith('_'))).toEqual([]);
    const index = Object.assign({}, ...(await Promise.all(files.filter((file) => file.startsWith('_data/media/index/')).map((file) => built.json(file))))) as Record<string, { sha256: string; size: number; public?: true }>;
    // Entries are keyed by the digest of their media path (src/media/media-index.ts mediaKey).
    const paths = Object.keys(index);
    const dir = mediaPathOf((await built.detail('document', 500)).file_url).replace(/\/[^/]+$/, '');
    expect(dir).toMatch(/^docs\//);
    const pageImages = [1, 2].flatMap((page) => ['small', 'normal', 'large', 'original'].flatMap((size) => [`${dir}/page-p${page}-${size}.png`, `${dir}/page-p${page}-${size}.png.webp`]));
    // Two attachments, the derived document's PDF, and 2 pages x 4 sizes x (png + webp).
    expect(paths.sort()).toEqual(['foi/101/bescheid.pdf', 'foi/101/liste.csv', `${dir}/bescheid.pdf`, ...pageImages].map(mediaKey).sort());
    for (const [path, entry] of Object.entries(index)) {
      const bytes = await readAll(await built.media.get(entry.sha256));
      expect(bytes?.byteLength, path).toBe(entry.size);
      expect(sha256(bytes!), path).toBe(entry.sha256);
    }
    // The attachment and its document's PDF are one object.
    expect(index[mediaKey('foi/101/bescheid.pdf')]!.sha256).toBe(index[mediaKey(`${dir}/bescheid.pdf`)]!.sha256);
    // The page images went into the store as the PDF stage derived them (the derivative cache
    // lives there): the upload finds them, not as left by an earlier build, and sends the two
    // attachment files.
    expect(pageImages).toHaveLength(16);
    const pageImageCount = pageImages.length;
    expect(built.result.stats.media).toEqual({ objects: paths.length - 1, uploaded: paths.length - 1 - pageImageCount, uploadedBytes: expect.any(Number), present: 0, derived: pageImageCount });
  });

  it('uploads only what the store lacks and records each build', async () => {
    const first = track(await buildTree(await withPdfAttachment()));
    const second = track(await buildTree(minimalArchive({
      'requests/10-akten/messages/101.yaml': responseMessage([{ id: 1000, name: 'liste.csv' }, { id: 1001, name: 'neu.csv' }]),
      'requests/10-akten/files/101/neu.csv': 'neu\n',
    }), { media: first.media }));
    expect(second.result.stats.media).toMatchObject({ objects: 2, uploaded: 1, uploadedBytes: 4, present: 1 });
    const records = [];
    for await (const id of first.media.listRecords()) records.push(await first.media.readRecord(id));
    const builds = await Promise.all([first, second].map(async (built) => (await built.json(buildPaths.manifest)).build));
    expect(records.map((record) => record!.build).sort()).toEqual([...builds].sort());
    expect(records.find((record) => record!.build === builds[1])!.objects).toEqual([sha256('a;b\n1;2\n'), sha256('neu\n')].sort());
  });

  it('fails when the upload fails and leaves build/ exactly as it was', async () => {
    const good = track(await buildTree(minimalArchive()));
    const before = await good.files();
    const failing: MediaStore = { ...good.media, put: async () => Promise.reject(new Error('503 from the store')) };
    const contentDir = join(good.root, 'changed');
    await writeTree(contentDir, minimalArchive({
      'requests/10-akten/messages/101.yaml': responseMessage([{ id: 1000, name: 'liste.csv' }, { id: 1001, name: 'neu.csv' }]),
      'requests/10-akten/files/101/neu.csv': 'neu\n',
    }));
    const attempt = buildArchive({ contentDir, buildDir: good.buildDir, cacheDir: join(good.root, 'cache'), media: failing, upload: { attempts: 2, backoffMs: 1 }, env: {} });
    await expect(attempt).rejects.toThrow(/^could not upload media file foi\/101\/neu\.csv \(.*neu\.csv\) to the folder .* after 2 tries: 503 from the store$/);
    expect(await good.files()).toEqual(before);
    expect((await listFiles(good.root)).filter((file) => file.startsWith('.build-'))).toEqual([]);
  });
});

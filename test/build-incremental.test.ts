/**
 * A build that reuses the caches of an earlier one (parse results, PDF derivatives) writes
 * exactly the bytes of a cold build of the same content: after YAML edits, additions,
 * deletions and renames, after PDFs are replaced, added and removed, and after a setting that
 * changes every link (the base URL).
 */
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArchive } from '../src/build.ts';
import { buildPaths } from '../src/api/build-paths.ts';
import type { SettingsOverrides } from '../src/config.ts';
import { folderMediaStore } from '../src/media/media-folder-store.ts';
import { fillerPages, writePdf } from '../tools/pdf-writer.ts';
import { BUILD_CLOCK, listFiles } from './helpers/build.ts';
import { tempDir } from './helpers/content.ts';

const SAMPLE = join(import.meta.dirname, '../content');
let root: string;
let removeRoot: () => Promise<void>;
const content = () => join(root, 'content');

/** One build of content/ into `out`, with the given cache and media folders (kept between builds when reused). */
async function build(out: string, state: string, overrides: SettingsOverrides = {}) {
  const result = await buildArchive({
    contentDir: content(),
    buildDir: join(root, out),
    cacheDir: join(root, state, 'cache'),
    media: folderMediaStore(join(root, state, 'media')),
    env: { SOURCE_DATE_EPOCH: String(BUILD_CLOCK) },
    overrides,
    images: false,
  }).catch((error: Error & { problems?: { file: string; line?: number; message: string }[] }) => {
    throw new Error(`${out}: ${error.message}: ${(error.problems ?? []).map((p) => `${p.file}:${p.line} ${p.message}`).join('; ')}`);
  });
  return result;
}

async function expectSameBytes(a: string, b: string): Promise<number> {
  const files = await listFiles(join(root, a));
  expect(await listFiles(join(root, b))).toEqual(files);
  const differing: string[] = [];
  for (const file of files) {
    const [x, y] = await Promise.all([readFile(join(root, a, file)), readFile(join(root, b, file))]);
    if (!x.equals(y)) differing.push(file);
  }
  expect(differing).toEqual([]);
  return files.length;
}

const request = (name: string) => join(content(), 'requests', name);

beforeAll(async () => {
  ({ path: root, remove: removeRoot } = await tempDir('archive-incremental-'));
  await cp(SAMPLE, content(), { recursive: true });
  // The first build fills the caches the later ones reuse.
  await build('first', 'kept');
}, 300_000);
afterAll(() => removeRoot());

describe('a build with the caches of an earlier one', () => {
  it('writes the bytes of a cold build after edits, additions, deletions and renames of YAML and PDF files', async () => {
    const message = join(request('0005-dienstwagennutzung-hausleitung'), 'messages/501.yaml');
    await writeFile(message, (await readFile(message, 'utf8')).replace('Dienstwagennutzung der Hausleitung 2023', 'Dienstwagen der Hausleitung 2023'));
    // A new reply with a new PDF, and a replaced PDF under an unchanged name.
    await writeFile(
      join(request('0005-dienstwagennutzung-hausleitung'), 'messages/504.yaml'),
      'id: 504\nkind: email\nis_response: true\nsender_public_body: 9\ntimestamp: 2024-05-02T10:00:00+02:00\nsubject: Nachtrag\ncontent: Anbei die Aufstellung.\nattachments:\n  - id: 5041\n    name: aufstellung.pdf\n',
    );
    await mkdir(join(request('0005-dienstwagennutzung-hausleitung'), 'files/504'));
    await writeFile(join(request('0005-dienstwagennutzung-hausleitung'), 'files/504/aufstellung.pdf'), await writePdf({ title: 'Aufstellung', pages: fillerPages(2, 7) }));
    await writeFile(join(request('0005-dienstwagennutzung-hausleitung'), 'files/502/Kostenankündigung.pdf'), await writePdf({ title: 'Kosten, neu', pages: fillerPages(3, 2) }));
    // A message deleted, a request folder renamed, a document (YAML and PDF) removed.
    await rm(join(request('0001-gutachten-bundespolizeigesetz'), 'messages/102.yaml'));
    await rename(request('0007-kriterien-kita-platzvergabe'), request('0007-kita-platzvergabe-kriterien'));
    await rm(join(content(), 'documents/0003-agh-19-18544-kita-plaetze'), { recursive: true });
    const collection = join(content(), 'collections/3-pfas-arbeitsstand.yaml');
    await writeFile(collection, (await readFile(collection, 'utf8')).replace('  - document: 3\n', ''));

    const warm = await build('warm', 'kept');
    const cold = await build('cold', 'fresh');
    // Parsed again: the edited message, the new one, the edited collection and the renamed
    // request's four files; every other file came from the parse cache.
    expect(warm.parsing.misses).toBe(7);
    expect(warm.parsing.hits + warm.parsing.hashed).toBe(cold.parsing.misses - 7);
    expect(await expectSameBytes('cold', 'warm')).toBeGreaterThan(100);
    // The edits reached the output (a warm build that kept the first build's results would fail here).
    expect(await expectSameBytes('first', 'warm').catch(() => 'differs')).toBe('differs');
  }, 300_000);

  it('writes the bytes of a cold build when a setting changes every link', async () => {
    const overrides = { baseUrl: 'https://anderswo.example.net' };
    await build('warm-url', 'kept', overrides);
    await build('cold-url', 'fresh-url', overrides);
    await expectSameBytes('cold-url', 'warm-url');
    expect(await readFile(join(root, 'warm-url', buildPaths.manifest), 'utf8')).toContain('https://anderswo.example.net');
  }, 300_000);
});

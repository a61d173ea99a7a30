/**
 * A build that reuses the caches of an earlier one (parse results, PDF derivatives) writes
 * exactly the bytes of a cold build of the same content: after YAML edits, additions,
 * deletions and renames, after PDFs are replaced, added and removed, and after a setting that
 * changes every link (the base URL).
 */
import { appendFile, cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArchive } from '../src/build.ts';
import { buildPaths } from '../src/api/build-paths.ts';
import { hashBucket } from '../src/api/filters/keyed.ts';
import { mediaPaths } from '../src/api/media-paths.ts';
import type { ResourceName } from '../src/formats/resource-names.ts';
import type { SettingsOverrides } from '../src/config.ts';
import { mediaKey } from '../src/media/media-index.ts';
import { folderMediaStore } from '../src/media/media-folder-store.ts';
import { analysisStats } from '../src/output/search-analyses.ts';
import { fillerPages, writePdf } from '../tools/pdf-writer.ts';
import { BUILD_CLOCK, copyPdfDerivatives, listFiles } from './helpers/build.ts';
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
  // Its PDF derivatives of the unchanged sample, kept for the output-reuse tests below.
  await copyPdfDerivatives(join(root, 'kept'), join(root, 'sample-pdfs'));
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

    const analyses = { ...analysisStats };
    const warm = await build('warm', 'kept');
    // Into another build/, nothing is linked: every search segment is made again, the
    // documents whose inputs did not change (pages of unchanged PDFs) from their kept analyses.
    expect(analysisStats.kept - analyses.kept).toBeGreaterThan(0);
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

/**
 * Output reuse (src/previous/output-record.ts, src/previous/fingerprints.ts): builds into the same build/
 * link the packs and chunks of requests, messages, attachments, documents, pages and public
 * bodies whose inputs did not change, and the index files of filters whose values did not
 * (src/output/filter-reuse.ts), and still write a cold build's bytes, also when the value
 * that changed sits in another folder (a requester's name, `same_as`, a public body's
 * `number_of_requests`), in a derived document's PDF, in the reference data, or in the clock;
 * a build/ edited by hand, or a record written for another build/, is read and hashed, never
 * trusted.
 */
describe('a build into the previous build/', () => {
  let base: string;
  let removeBase: () => Promise<void>;
  const at = (...parts: string[]) => join(base, ...parts);
  // Full builds: an edit of texts alone would be patched (src/build-patch.ts,
  // test/build-patch.test.ts), and these tests are about what a full build reuses.
  const live = (clock = BUILD_CLOCK, out = 'live') =>
    buildArchive({ contentDir: at('content'), buildDir: at(out), cacheDir: at('kept/cache'), media: folderMediaStore(at('kept/media')), env: { SOURCE_DATE_EPOCH: String(clock) }, images: false, patch: false });
  let colds = 0;
  /**
   * A cold build of the content as it is (fresh parse cache, no output-reuse record, fresh
   * build/), compared byte for byte with build/ `out`. These tests are about reusing output,
   * and their PDFs never change: the PDF derivatives come from a copy of the first build's
   * (whether warm PDF work gives a cold build's bytes is the describe above).
   */
  async function expectCold(out = 'live', clock = BUILD_CLOCK) {
    const name = `cold-${colds++}`;
    await copyPdfDerivatives(join(root, 'sample-pdfs'), at(name, 'state'));
    await buildArchive({ contentDir: at('content'), buildDir: at(name), cacheDir: at(name, 'state/cache'), media: folderMediaStore(at(name, 'state/media')), env: { SOURCE_DATE_EPOCH: String(clock) }, images: false });
    // The cold build's own state lives inside its folder: compare build files only.
    const files = (await listFiles(at(name))).filter((file) => !file.startsWith('state/'));
    expect(await listFiles(at(out))).toEqual(files);
    const differing: string[] = [];
    for (const file of files) if (!(await readFile(at(out, file))).equals(await readFile(at(name, file)))) differing.push(file);
    expect(differing).toEqual([]);
  }
  const edit = async (path: string, from: string | RegExp, to: string) => {
    const text = await readFile(at('content', path), 'utf8');
    const changed = text.replace(from, to);
    expect(changed).not.toBe(text);
    await writeFile(at('content', path), changed);
  };

  beforeAll(async () => {
    ({ path: base, remove: removeBase } = await tempDir('archive-reuse-'));
    await cp(SAMPLE, at('content'), { recursive: true });
    await copyPdfDerivatives(join(root, 'sample-pdfs'), at('kept'));
  });
  afterAll(() => removeBase());

  it('links what did not change and writes a cold build’s bytes after edits inside and outside a request folder', async () => {
    const first = await live();
    expect(first.reuse.linked).toBe(0);
    const groups = first.reuse.rendered;
    expect(groups).toBeGreaterThan(6);
    // Nothing changed: every pack and chunk of requests, messages and attachments is linked.
    expect((await live()).reuse).toEqual({ linked: groups, rendered: 0, grown: 0 });
    await expectCold();

    // Requests in detail pack 5: 5001 a duplicate (same_as) of request 7 in pack 0, so not
    // searchable; 5002 searchable, in search segment 1, which seals segment 0.
    await mkdir(at('content/requests/5002-kita-gutscheine'));
    await writeFile(
      at('content/requests/5002-kita-gutscheine/request.yaml'),
      'id: 5002\nslug: kita-gutscheine\ntitle: Kita-Gutscheine 2024\ndescription: Wie viele Gutscheine?\npublic_body: 12\nlaw: 5\nstatus: asleep\ncreated_at: 2024-05-22T10:00:00+02:00\n',
    );
    await mkdir(at('content/requests/5001-noch-einmal-kita'));
    await writeFile(
      at('content/requests/5001-noch-einmal-kita/request.yaml'),
      'id: 5001\nslug: noch-einmal-kita\ntitle: Noch einmal Kita-Plätze\ndescription: Wie Anfrage 7.\npublic_body: 12\nlaw: 5\nstatus: asleep\nsame_as: 7\ncreated_at: 2024-05-21T10:00:00+02:00\n',
    );
    await live();
    await expectCold();

    // One message's text: its request's, message's and attachments' packs and chunks and its
    // search segment; request 5001's pack and segment are linked. The segment's other requests
    // keep their analyses (src/output/search-analyses.ts): request 5 alone is analyzed again,
    // and its new text reaches the segment's postings.
    const postings = at('live', buildPaths.searchPostings('request', 0, 0));
    const before = await readFile(postings);
    await edit('requests/0005-dienstwagennutzung-hausleitung/messages/501.yaml', 'Dienstwagennutzung der Hausleitung 2023', 'Dienstwagen der Hausleitung 2023');
    const analyzed = { ...analysisStats };
    const one = await live();
    expect(one.reuse.rendered).toBeGreaterThan(0);
    expect(one.reuse.linked).toBeGreaterThan(0);
    expect(analysisStats.analyzed - analyzed.analyzed).toBe(1);
    expect(analysisStats.kept - analyzed.kept).toBeGreaterThan(5);
    expect((await readFile(postings)).equals(before)).toBe(false);
    await expectCold();
    // The message's text (kept in the parse cache's shard file, not in the model).
    const subjectEdited = await readFile(postings);
    await edit('requests/0005-dienstwagennutzung-hausleitung/messages/501.yaml', 'Kraftstoff und Fahrer', 'Kraftstoff, Wartung und Fahrer');
    const textEdit = { ...analysisStats };
    await live();
    expect(analysisStats.analyzed - textEdit.analyzed).toBe(1);
    expect((await readFile(postings)).equals(subjectEdited)).toBe(false);
    await expectCold();

    // Values from other folders: the requester's name (given in request 7, shown in request 15's
    // messages), same_as (request 7's same_as_count, in another pack than request 5001), and a
    // public body's name (reference data).
    await edit('requests/0007-kriterien-kita-platzvergabe/request.yaml', 'user_name: Jonas Beispiel', 'user_name: Jonas B.');
    await live();
    await expectCold();
    await edit('requests/5001-noch-einmal-kita/request.yaml', /^same_as: 7\n/m, '');
    await live();
    await expectCold();
    const body = (await readdir(at('content/publicbodies')))[0]!;
    await edit(`publicbodies/${body}`, /^name: (.*)$/m, 'name: $1 (umbenannt)');
    await live();
    await expectCold();
  }, 600_000);

  it('writes a cold build’s bytes when only the clock moved (overdue requests)', async () => {
    const later = BUILD_CLOCK + 3 * 365 * 86_400;
    await live();
    const status = await filterFiles('request', 'search-status');
    // The search's `overdue` changes with the clock alone: its index is made again, not linked.
    await live(later);
    expect(texts(await filterFiles('request', 'search-status'))).not.toEqual(texts(status));
    await expectCold('live', later);
    await live();
  }, 300_000);

  it('does not trust a build/ edited by hand, or a record written for another build/', async () => {
    await live();
    const before = await live();
    expect(before.reuse.rendered).toBe(0);
    // Same size, other bytes, in place (the inode stays): its time gives it away, then its hash.
    const pack = at('live', buildPaths.pack('message', 0, 0));
    const bytes = await readFile(pack);
    bytes.fill(0x20, bytes.length - 100, bytes.length - 10);
    await writeFile(pack, bytes);
    await rm(at('live', buildPaths.chunk('attachment', 0, 0)));
    const repaired = await live();
    expect(repaired.reuse.rendered).toBe(2);
    await expectCold();

    // The record now describes another build/ of newer content; live/ still holds the older bytes.
    await edit('requests/0005-dienstwagennutzung-hausleitung/messages/501.yaml', 'Dienstwagen der Hausleitung 2023', 'Dienstwagen der Leitung 2023');
    await live(BUILD_CLOCK, 'other');
    const after = await live();
    expect(after.reuse.rendered).toBeGreaterThan(0);
    await expectCold();
  }, 600_000);

  it('links the packs of derived documents and their pages unless their request or their PDF changed', async () => {
    // Document 21, listed, derived from attachment 12041 of request 12; its title is the PDF's.
    const folder = 'requests/0012-messberichte-pfas-rhein';
    const pdf = at('content', folder, 'files/1204/Bescheid_2024-06-12.pdf');
    const packs = [buildPaths.pack('document', 0, 0), buildPaths.chunk('document', 0, 0), buildPaths.chunk('page', 0, 0)];
    const inodes = () => Promise.all(packs.map(async (path) => (await stat(at('live', path))).ino));
    /** Document 21's title as its detail pack holds it. */
    const title = async () => (await readFile(at('live', buildPaths.pack('document', 0, 0)), 'utf8')).match(/"id":21,"site_url":"[^"]*","title":"([^"]*)"/)?.[1];
    await live();
    expect((await live()).reuse.rendered).toBe(0);
    expect(await title()).toBe('Bescheid vom 12. Juni 2024 – Einleiterdaten PFAS');

    // (b) An edit of a request without derived documents: the three files are linked (same inode).
    let before = await inodes();
    await edit('requests/0010-drohneneinsaetze-polizei-hamburg/request.yaml', /^title: (.*)$/m, 'title: $1 (ergänzt)');
    const elsewhere = await live();
    expect(elsewhere.reuse.rendered).toBeGreaterThan(0);
    expect(await inodes()).toEqual(before);
    await expectCold();

    // (a) An edit in the document's request folder: its document and page packs are written again.
    before = await inodes();
    await edit(`${folder}/messages/1204.yaml`, 'zu den Einleiterdaten', 'zu den Einleiterdaten des Werks');
    await live();
    const after = await inodes();
    after.forEach((inode, i) => expect(inode, packs[i]).not.toBe(before[i]));
    await expectCold();

    // (c) Its PDF replaced by one of the same size: only the PDF facts tell, and the answer shows them.
    const [first, second] = await Promise.all(['Bescheid 2024 A', 'Bescheid 2024 B'].map((title) => writePdf({ title, pages: fillerPages(2, 3) })));
    expect(second!.length).toBe(first!.length);
    await writeFile(pdf, first!);
    await live();
    expect(await title()).toBe('Bescheid 2024 A');
    before = await inodes();
    await writeFile(pdf, second!);
    const replaced = await live();
    expect(await title()).toBe('Bescheid 2024 B');
    (await inodes()).forEach((inode, i) => expect(inode, packs[i]).not.toBe(before[i]));
    // The request's own packs show nothing of the PDF but its size, which did not change.
    expect(replaced.reuse.linked).toBeGreaterThan(0);
    await expectCold();
  }, 600_000);

  /** Each index file of a filter in live/: its inode (the same one when linked) and its bytes. */
  async function filterFiles(resource: ResourceName, filter: string): Promise<Map<string, { ino: number; text: string }>> {
    const dir = dirname(at('live', buildPaths.filterIndex(resource, filter, 'x')));
    const files = new Map<string, { ino: number; text: string }>();
    for (const name of (await readdir(dir)).sort()) files.set(name, { ino: (await stat(join(dir, name))).ino, text: await readFile(join(dir, name), 'utf8') });
    expect(files.size).toBeGreaterThan(0);
    return files;
  }
  const inodes = (files: Map<string, { ino: number }>) => [...files].map(([name, { ino }]) => [name, ino]);
  const texts = (files: Map<string, { text: string }>) => [...files].map(([name, { text }]) => [name, text]);

  it('links a filter’s index files while its values stay, and indexes it again when one changes', async () => {
    await live();
    const kind = await filterFiles('message', 'kind');
    const response = await filterFiles('message', 'is_response');
    const categories = await filterFiles('request', 'categories');
    const foi = await filterFiles('request', 'is_foi');
    const searchStatus = await filterFiles('request', 'search-status');

    // A message's text is no filter's value: every filter file is the previous one, linked.
    await edit('requests/0005-dienstwagennutzung-hausleitung/messages/501.yaml', 'bitte senden Sie mir Folgendes zu', 'bitte senden Sie mir Folgendes');
    await live();
    expect(inodes(await filterFiles('message', 'kind'))).toEqual(inodes(kind));
    expect(inodes(await filterFiles('message', 'is_response'))).toEqual(inodes(response));
    expect(inodes(await filterFiles('request', 'categories'))).toEqual(inodes(categories));
    expect(inodes(await filterFiles('request', 'search-status'))).toEqual(inodes(searchStatus));
    await expectCold();

    // A message sent by post, not email: the files of the message filter whose value changed
    // (kind) are made again; the other message filters and the request filters stay linked.
    await edit('requests/0005-dienstwagennutzung-hausleitung/messages/501.yaml', /^kind: email$/m, 'kind: post');
    await live();
    expect(texts(await filterFiles('message', 'kind'))).not.toEqual(texts(kind));
    expect(inodes(await filterFiles('message', 'is_response'))).toEqual(inodes(response));
    expect(inodes(await filterFiles('request', 'is_foi'))).toEqual(inodes(foi));
    await expectCold();
    const post = await filterFiles('message', 'kind');

    // A value from outside the request folders (a category's name, which requests take from
    // their public body): every fingerprint changes, so every folder's values are computed
    // again; the categories filter's files change, every filter whose values did not (the
    // request list's is_foi, its search's status, the message filters) stays linked.
    await edit('categories.yaml', 'name: Inneres\n', 'name: Inneres und Heimat\n');
    await live();
    expect(texts(await filterFiles('request', 'categories'))).not.toEqual(texts(categories));
    expect(inodes(await filterFiles('request', 'is_foi'))).toEqual(inodes(foi));
    expect(inodes(await filterFiles('request', 'search-status'))).toEqual(inodes(searchStatus));
    expect(inodes(await filterFiles('message', 'kind'))).toEqual(inodes(post));
    await expectCold();
  }, 600_000);

  it('grows the filters’ files when requests and messages are added at the lists’ growing end, and indexes them again otherwise', async () => {
    const addRequest = async (id: number, messageId: number, date: string) => {
      const folder = `content/requests/${id}-neue-anfrage-${id}`;
      await mkdir(at(folder, 'messages'), { recursive: true });
      await writeFile(at(folder, 'request.yaml'), `id: ${id}\nslug: neue-anfrage-${id}\ntitle: Neue Anfrage ${id}\ndescription: Was steht im Vermerk?\npublic_body: 12\nlaw: 5\nstatus: awaiting_response\ncreated_at: ${date}T10:00:00+02:00\ntags: [Vermerk]\n`);
      for (const [offset, response] of [[0, false], [1, true]] as const) {
        const party = response ? 'sender_public_body: 12' : 'recipient_public_body: 12';
        await writeFile(
          at(folder, `messages/${messageId + offset}.yaml`),
          `id: ${messageId + offset}\nkind: ${response ? 'post' : 'email'}\nis_response: ${response}\n${party}\ntimestamp: ${date}T1${offset}:00:00+02:00\nstatus: awaiting_response\nsubject: Neue Anfrage ${id}\ncontent: Bitte senden Sie mir den Vermerk.\n`,
        );
      }
      return at(folder);
    };
    await live();
    const slug = await filterFiles('request', 'slug');
    const kind = await filterFiles('message', 'kind');

    // The newest request (first in the request list), with messages of the highest ids (last in
    // the message list): every filter that can grows from its files; only the files of the new
    // keys are written, the others are linked.
    const newest = await addRequest(6001, 9001, '2025-02-03');
    const grown = await live();
    expect(grown.reuse.grown).toBeGreaterThan(10);
    const slugAfter = await filterFiles('request', 'slug');
    const written = [...slugAfter].filter(([name, { ino }]) => slug.get(name)?.ino !== ino).map(([name]) => name);
    expect(written).toEqual([`${hashBucket('neue-anfrage-6001')}.json`]);
    const kindAfter = await filterFiles('message', 'kind');
    expect(inodes(kindAfter).filter(([name]) => name !== 'email.json' && name !== 'post.json')).toEqual(inodes(kind).filter(([name]) => name !== 'email.json' && name !== 'post.json'));
    expect(texts(kindAfter)).not.toEqual(texts(kind));
    await expectCold();

    // A request older than most (not at the request list's growing end): the request filters are
    // indexed again; its messages still have the highest ids, so the message filters grow.
    const older = await addRequest(6002, 9003, '2024-01-02');
    const middle = await live();
    expect(middle.reuse.grown).toBeGreaterThan(0);
    expect(middle.reuse.rendered).toBeGreaterThan(10);
    await expectCold();

    // Taking both away is no growth: indexed again.
    await rm(newest, { recursive: true });
    await rm(older, { recursive: true });
    expect((await live()).reuse.grown).toBe(0);
    await expectCold();
  }, 600_000);

  it('links the media index’s files while their entries stay, and writes the one of a changed attachment file again', async () => {
    const dir = at('live', dirname(buildPaths.mediaIndex('x/y')));
    const indexFiles = async () => new Map(await Promise.all((await readdir(dir)).sort().map(async (name) => [name, { ino: (await stat(join(dir, name))).ino, text: await readFile(join(dir, name), 'utf8') }] as const)));
    await live();
    const before = await indexFiles();
    const media = mediaPaths.attachment(403, 'Nitrat_Messstellen_2023.xlsx');
    const changed = basename(buildPaths.mediaIndex(media));
    // Entries are keyed by the digest of their path (src/media/media-index.ts mediaKey).
    const key = mediaKey(media);
    expect(JSON.parse(before.get(changed)!.text)).toHaveProperty([key]);
    expect(before.size).toBeGreaterThan(5);

    // Another size and SHA-256: that file's entry changes, every other index file is linked.
    await appendFile(at('content/requests/0004-nitratmesswerte-eu-nitratmessnetz/files/403/Nitrat_Messstellen_2023.xlsx'), 'x');
    await live();
    const after = await indexFiles();
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [name, { ino, text }] of after) {
      if (name === changed) {
        expect(ino).not.toBe(before.get(name)!.ino);
        expect((JSON.parse(text) as Record<string, { size: number }>)[key]!.size).toBe((JSON.parse(before.get(name)!.text) as Record<string, { size: number }>)[key]!.size + 1);
      } else expect(ino, name).toBe(before.get(name)!.ino);
    }
    await expectCold();
  }, 600_000);
});

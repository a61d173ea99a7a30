/**
 * The committed sample archive in content/: it validates without a single problem, it holds
 * what it is there to show (counts, kinds, shapes), every YAML file names its JSON Schema, and
 * its binary files are exactly what `npm run sample-files` makes.
 */
import { cp, readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContent, type Checked } from '../../src/check.ts';
import { contentTexts } from '../../src/content/disk.ts';
import { formatProblem } from '../../src/content/problems.ts';
import { CONTENT_FILES, type ContentKind } from '../../src/content/schema.ts';
import type { Archive } from '../../src/model/types.ts';
import { withPdf } from '../../src/pdf/open-pdf.ts';
import { readProperties } from '../../src/pdf/pdf-facts.ts';
import { readOutline } from '../../src/pdf/outline.ts';
import { makeSampleFiles, SAMPLE_PDFS, sampleFilePaths } from '../../tools/make-sample-files.ts';
import { writePdf } from '../../tools/pdf-writer.ts';
import { messageText, shownSegments, shownText } from '../../src/model/redaction.ts';
import { parse } from 'yaml';
import { tempDir, writeTree, type Tree } from '../helpers/content.ts';

const CONTENT = resolve(fileURLToPath(import.meta.url), '../../../content');

let checked: Checked;
let archive: Archive;

beforeAll(async () => {
  checked = await checkContent({ contentDir: CONTENT, env: {} });
  archive = checked.archive!;
});

describe('sample archive: validation', () => {
  it('has no errors and no warnings', () => {
    expect(checked.problems.list).toEqual([]);
    expect(checked.archive).toBeDefined();
  });
});

describe('sample archive: the counts, kinds and shapes it is there to show', () => {
  it('has at least 3 jurisdictions, their laws, 10 public bodies with classifications and categories', () => {
    expect(archive.jurisdictions.length).toBeGreaterThanOrEqual(3);
    for (const jurisdiction of archive.jurisdictions) {
      expect(archive.laws.some((law) => law.jurisdiction === jurisdiction), `law for ${jurisdiction.name}`).toBe(true);
    }
    expect(archive.publicBodies.length).toBeGreaterThanOrEqual(10);
    expect(archive.publicBodies.every((body) => body.classification !== null && body.categories.length > 0)).toBe(true);
    expect(archive.publicBodies.some((body) => body.parent !== null)).toBe(true);
    expect(archive.categories.some((category) => category.isTopic)).toBe(true);
    expect(archive.categories.some((category) => category.parent !== null)).toBe(true);
    expect(archive.laws.some((law) => law.meta && law.combined.length > 1)).toBe(true);
  });

  it('has at least 12 published requests in varied statuses and resolutions', () => {
    const { requests } = archive;
    expect(requests.length).toBeGreaterThanOrEqual(12);
    const statuses = new Set(requests.map((request) => request.status));
    expect([...statuses].sort()).toEqual(expect.arrayContaining(['asleep', 'awaiting_classification', 'awaiting_response', 'resolved']));
    const resolutions = new Set(requests.map((request) => request.resolution));
    expect([...resolutions]).toEqual(
      expect.arrayContaining(['successful', 'partially_successful', 'refused', 'not_held', 'user_withdrew_costs']),
    );
    expect(requests.some((request) => request.costs > 0)).toBe(true);
    expect(requests.some((request) => request.sameAs !== null)).toBe(true);
    expect(requests.some((request) => request.campaign !== null)).toBe(true);
    expect(requests.some((request) => request.tags.length > 0)).toBe(true);
  });

  it('keeps a non-public request and a draft message out of the published archive', async () => {
    const requestFiles = await fg('requests/*/request.yaml', { cwd: CONTENT });
    const messageFiles = await fg('requests/*/messages/*.yaml', { cwd: CONTENT });
    expect(requestFiles.length).toBeGreaterThan(archive.requests.length);
    const texts = await Promise.all(messageFiles.map((file) => readFile(join(CONTENT, file), 'utf8')));
    expect(texts.some((text) => /^is_draft: true$/m.test(text))).toBe(true);
    expect(archive.messages.every((message) => !message.isDraft)).toBe(true);
  });

  it('has at least 40 messages: email and post, to and from public bodies, an escalation, a registered letter', () => {
    const { messages } = archive;
    expect(messages.length).toBeGreaterThanOrEqual(40);
    const kinds = new Set(messages.map((message) => message.kind));
    expect([...kinds]).toEqual(expect.arrayContaining(['email', 'post']));
    expect(messages.some((message) => message.isResponse && message.senderPublicBody)).toBe(true);
    expect(messages.some((message) => !message.isResponse && message.recipientPublicBody)).toBe(true);
    expect(messages.some((message) => message.isEscalation)).toBe(true);
    expect(messages.some((message) => message.registeredMailDate !== null)).toBe(true);
  });

  it('has PDF, spreadsheet and image attachments, with names that need URL encoding', () => {
    const { attachments } = archive;
    expect(attachments.some((attachment) => attachment.isPdf)).toBe(true);
    expect(attachments.some((attachment) => attachment.isImage)).toBe(true);
    expect(attachments.some((attachment) => /spreadsheet|csv|excel/.test(attachment.filetype))).toBe(true);
    expect(attachments.some((attachment) => / /.test(attachment.name) && /[äöüÄÖÜß]/.test(attachment.name))).toBe(true);
  });

  it('has imported parliamentary documents (docs/api.md#document-fields) and derived documents, public and private, listed and not', () => {
    const imported = archive.documents.filter((document) => document.original === null);
    const derived = archive.documents.filter((document) => document.original !== null);
    const parliamentary = imported.filter((document) => 'legislative_term' in document.data);
    expect(parliamentary.length).toBeGreaterThanOrEqual(3);
    for (const document of parliamentary) {
      expect(document.data).toMatchObject({ category: null, publisher: expect.any(String), legislative_term: expect.any(String) });
      expect(Object.keys(document.properties).sort()).toEqual(['foreign_id', 'publisher', 'publisher_url', 'reference', 'url']);
    }
    expect(new Set(parliamentary.map((document) => ('document_type' in document.data ? document.data.document_type : null)))).toEqual(
      new Set(['minor_interpellation', 'major_interpellation', 'written']),
    );
    expect(imported.some((document) => 'year' in document.data && typeof document.data.year === 'number')).toBe(true);
    // docs/api.md#document-fields: imported ones without references and open for annotation, derived ones the reverse.
    for (const document of imported) expect({ id: document.id, foirequest: document.foirequest, publicbody: document.publicbody, allowAnnotation: document.allowAnnotation }).toEqual({ id: document.id, foirequest: null, publicbody: null, allowAnnotation: true });
    for (const document of derived) expect({ id: document.id, allowAnnotation: document.allowAnnotation }).toEqual({ id: document.id, allowAnnotation: false });
    expect(derived.length).toBeGreaterThanOrEqual(5);
    expect(archive.documents.some((document) => document.public)).toBe(true);
    // A private document is published nowhere (docs/content-guide.md#private-documents); the sample keeps one in content.
    expect(archive.documents.some((document) => !document.public)).toBe(false);
    expect(archive.withheld.map((file) => file.what)).toContain('attachment 3031');
    expect(archive.documents.some((document) => !document.listed && document.original !== null)).toBe(true);
  });
});

/** Which kind of content file a path is, by the patterns in CONTENT_FILES. */
async function kindsByFile(): Promise<Map<string, ContentKind>> {
  const kinds = new Map<string, ContentKind>();
  for (const [kind, { pattern }] of Object.entries(CONTENT_FILES) as [ContentKind, { pattern: string }][]) {
    for (const file of await fg(pattern, { cwd: CONTENT })) kinds.set(file, kind);
  }
  return kinds;
}

describe('sample archive: yaml-language-server modelines', () => {
  it('every YAML file is a known kind and starts with a modeline naming its schema by relative path', async () => {
    const kinds = await kindsByFile();
    const files = await fg('**/*.{yaml,yml}', { cwd: CONTENT, ignore: ['schemas/**'] });
    expect(files.length).toBeGreaterThan(60);
    for (const file of files) {
      const kind = kinds.get(file);
      expect(kind, `${file} matches no pattern of CONTENT_FILES`).toBeDefined();
      const firstLine = (await readFile(join(CONTENT, file), 'utf8')).split('\n', 1)[0]!;
      const match = /^# yaml-language-server: \$schema=(\S+)$/.exec(firstLine);
      expect(match, `${file}: first line is "${firstLine}"`).not.toBeNull();
      const target = resolve(CONTENT, dirname(file), match![1]!);
      expect(relative(CONTENT, target), file).toBe(`schemas/${kind}.schema.json`);
      await expect(stat(target)).resolves.toBeDefined();
    }
  });
});

describe('sample archive: generated binary files', () => {
  let out: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    out = await tempDir('sample-files-');
    await makeSampleFiles(out.path);
  });
  afterAll(() => out.remove());

  it('the script makes exactly the binary files in content/, byte for byte', async () => {
    const committed = (await fg('{requests/*/files/**/*,documents/*/*.pdf}', { cwd: CONTENT })).sort();
    expect(committed).toEqual(sampleFilePaths());
    for (const path of sampleFilePaths()) {
      const [made, stored] = await Promise.all([readFile(join(out.path, path)), readFile(join(CONTENT, path))]);
      expect(made.equals(stored), `${path} differs from a fresh run of npm run sample-files`).toBe(true);
    }
  });

  it('every PDF has the pages, outline and title of its spec, and stays small', async () => {
    let pages = 0;
    for (const { path, spec } of SAMPLE_PDFS) {
      const bytes = await readFile(join(CONTENT, path));
      expect(bytes.length, path).toBeLessThan(60_000);
      await withPdf(new Uint8Array(bytes), async (doc) => {
        expect(doc.numPages, path).toBe(spec.pages.length);
        const outline = await readOutline(doc);
        expect(outline.length > 0, path).toBe((spec.outline ?? []).length > 0);
        expect((await readProperties(doc)).title ?? undefined, path).toBe(spec.title);
      });
      pages += spec.pages.length;
    }
    expect(pages).toBeGreaterThanOrEqual(60);
    expect(pages).toBeLessThanOrEqual(100);
    expect(SAMPLE_PDFS.some(({ spec }) => spec.title === undefined)).toBe(true);
  });

  it('keeps content/ under 2 MB', async () => {
    const entries = await readdir(CONTENT, { recursive: true, withFileTypes: true });
    let bytes = 0;
    for (const entry of entries) if (entry.isFile()) bytes += (await stat(join(entry.parentPath, entry.name))).size;
    expect(bytes).toBeLessThan(2_000_000);
  });
});

describe('editors guide (docs/content-guide.md)', () => {
  const guideUrl = new URL('../../docs/content-guide.md', import.meta.url);
  const FOLDER = 'requests/0016-hitzemortalitaet-2023';

  /** `content/<path>` lines followed by a yaml block: the worked example. */
  async function exampleFiles(): Promise<Record<string, string>> {
    const guide = await readFile(guideUrl, 'utf8');
    const files: Record<string, string> = {};
    for (const match of guide.matchAll(/^`content\/([^`]+\.yaml)`\n\n```yaml\n([\s\S]*?)```/gm)) files[match[1]!] = match[2]!;
    return files;
  }

  async function checkWithExample(files: Tree) {
    const dir = await tempDir('guide-example-');
    try {
      await cp(CONTENT, dir.path, { recursive: true });
      const pdf = await writePdf({ title: 'Bescheid vom 20. November 2024', pages: [{ text: 'Bescheid.' }] });
      await writeTree(dir.path, { ...files, [`${FOLDER}/files/1602/Bescheid_2024-11-20.pdf`]: pdf });
      const checked = await checkContent({ contentDir: dir.path, env: {} });
      // What `check` prints, code frames included (read before the folder goes).
      const textOf = contentTexts(dir.path);
      const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
      const { problems } = checked;
      const printed = [...problems.sorted().map((problem) => formatProblem(problem, 'content', textOf(problem.file))), `${count(problems.errors.length, 'error')}, ${count(problems.warnings.length, 'warning')}`].join('\n');
      return { ...checked, printed };
    } finally {
      await dir.remove();
    }
  }

  it('has a worked example of three files', async () => {
    expect(Object.keys(await exampleFiles()).sort()).toEqual([`${FOLDER}/messages/1601.yaml`, `${FOLDER}/messages/1602.yaml`, `${FOLDER}/request.yaml`]);
  });

  it('the worked example validates cleanly in the sample archive and gives the counts the guide shows', async () => {
    const guide = await readFile(guideUrl, 'utf8');
    const { problems, archive: withExample } = await checkWithExample(await exampleFiles());
    expect(problems.list).toEqual([]);
    expect(withExample!.requests.some((request) => request.id === 16)).toBe(true);
    expect(withExample!.documents.find((document) => document.id === 23)?.original?.id).toBe(16021);
    const counts = /`content is valid: (\d+) requests, (\d+) messages/.exec(guide)!;
    expect([withExample!.requests.length, withExample!.messages.length]).toEqual([Number(counts[1]), Number(counts[2])]);
  });

  it('shows exactly what check prints for a message dated too early and a document id in use', async () => {
    const files = await exampleFiles();
    files[`${FOLDER}/messages/1601.yaml`] = files[`${FOLDER}/messages/1601.yaml`]!.replace('timestamp: 2024-11-04', 'timestamp: 2024-11-03');
    files[`${FOLDER}/messages/1602.yaml`] = files[`${FOLDER}/messages/1602.yaml`]!.replace('      id: 23', '      id: 11');
    const { printed } = await checkWithExample(files);
    const guide = await readFile(guideUrl, 'utf8');
    const shown = /```\n(error content\/requests\/[^`]*?\d+ errors?, \d+ warnings?)\n```/.exec(guide)![1]!;
    expect(printed).toBe(shown);
  });

  it('shows exactly what check prints for a redaction without its end', async () => {
    const files = await exampleFiles();
    files[`${FOLDER}/messages/1601.yaml`] = files[`${FOLDER}/messages/1601.yaml`]!.replace('[[Name]]', '[[Name');
    const { printed } = await checkWithExample(files);
    const guide = await readFile(guideUrl, 'utf8');
    const shown = /```text\n(error content\/requests\/0016[^\n]*opens a redaction[^`]*?)\n```/.exec(guide)![1]!;
    expect(printed).toBe(shown);
  });

  it('the redaction example is published as the guide shows', async () => {
    const guide = await readFile(guideUrl, 'utf8');
    const section = guide.slice(guide.indexOf('#### Redacted passages'));
    const yaml = /```yaml\n([\s\S]*?)```/.exec(section)![1]!;
    const shown = JSON.parse(`{${/```json\n([\s\S]*?)```/.exec(section)![1]!}}`);
    const content = messageText((parse(yaml) as { content: string }).content);
    expect({ content: shownText(content), redacted_content: shownSegments(content) }).toEqual(shown);
  });

  it('shows exactly what check prints for a value starting with *', async () => {
    const files = await exampleFiles();
    files[`${FOLDER}/request.yaml`] = files[`${FOLDER}/request.yaml`]!.replace(/^summary: .*$/m, 'summary: *vorläufig*');
    const { printed } = await checkWithExample(files);
    const guide = await readFile(guideUrl, 'utf8');
    const shown = /```text\n(error content\/requests\/0016[^\n]*summary:[^`]*?)\n```/.exec(guide)![1]!;
    expect(printed).toBe(shown);
  });
});

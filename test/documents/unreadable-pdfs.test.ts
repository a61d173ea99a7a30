/**
 * The PDF failure policy (docs/pdf.md): `check` tests the header of every published PDF;
 * the build, which reads them in full, reports a lost derived document at every collection
 * entry that listed it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Problem } from '../../src/content/problems.ts';
import { writePdf } from '../../tools/pdf-writer.ts';
import { buildTree, type BuiltTree } from '../helpers/build.ts';
import { contentChecker, minimalArchive, responseMessage, type Tree } from '../helpers/content.ts';
import { truncate } from '../pdf/helpers/raw-pdf.ts';

const check = contentChecker();
const lines = (problems: Problem[]) => problems.map((problem) => `${problem.severity} ${problem.file}:${problem.line} ${problem.path}`);

const HTML = '<html><head><title>504 Gateway Time-out</title></head></html>\n';
const LATE_HEADER = `${'\n'.repeat(600)}%PDF-1.4 not read by check`;

/** Request 10 with a reply whose attachments are given; collection 1 lists documents 500 and 501. */
function archiveWith(files: Record<string, string | Uint8Array>, attachments: object[], extra: Tree = {}): Tree {
  return minimalArchive({
    'requests/10-akten/messages/101.yaml': responseMessage([{ id: 1000, name: 'liste.csv' }, ...attachments]),
    ...Object.fromEntries(Object.entries(files).map(([name, body]) => [`requests/10-akten/files/101/${name}`, body])),
    'collections/1.yaml': { id: 1, created_at: '2024-01-01T00:00:00+01:00', documents: [{ document: 500 }, { document: 501 }] },
    ...extra,
  });
}

describe('check: the header of every published PDF', () => {
  it('warns about an attachment whose derived document is not a PDF, and about each collection entry that would lose it', async () => {
    const { problems, archive } = await check(
      archiveWith({ 'kaputt.pdf': HTML, 'gut.pdf': LATE_HEADER }, [
        { id: 1001, name: 'kaputt.pdf', document: { id: 500 } },
        { id: 1002, name: 'gut.pdf', document: { id: 501 } },
      ]),
    );
    expect(lines(problems.sorted())).toEqual(['warning collections/1.yaml:4 documents[0].document', 'warning requests/10-akten/files/101/kaputt.pdf:0 ']);
    const [entry, file] = problems.sorted();
    expect(file!.message).toBe(
      'cannot be read as a PDF, so attachment 1001 is published without its derived document 500: not a PDF: no %PDF- header in its first 1024 bytes (it starts with "<html><head><title>504 G")',
    );
    expect(entry!.message).toBe(
      'lists document 500, which is left out of the collection because its PDF requests/10-akten/files/101/kaputt.pdf cannot be read: not a PDF: no %PDF- header in its first 1024 bytes (it starts with "<html><head><title>504 G")',
    );
    // Warnings only: check passes, as the build does.
    expect(archive).toBeDefined();
  });

  it('reports an imported document that is not a PDF as an error at its file key', async () => {
    const { problems, archive } = await check(
      minimalArchive({ 'documents/7-x/document.yaml': { id: 7, file: 'x.pdf' }, 'documents/7-x/x.pdf': new Uint8Array() }),
    );
    expect(lines(problems.list)).toEqual(['error documents/7-x/document.yaml:2 file']);
    expect(problems.list[0]!.message).toBe('documents/7-x/x.pdf cannot be read as a PDF: not a PDF: no %PDF- header in its first 1024 bytes (it is empty)');
    expect(archive).toBeUndefined();
  });

  it('warns about a PDF attachment without document block that is not a PDF, and ignores unpublished and non-PDF attachments', async () => {
    const { problems } = await check(
      archiveWith({ 'scan.pdf': 'PK\u0003\u0004', 'entwurf.pdf': `${HTML}<!-- Entwurf -->`, 'notiz.txt': HTML }, [
        { id: 1001, name: 'scan.pdf' },
        { id: 1002, name: 'entwurf.pdf', approved: false, document: { id: 502 } },
        { id: 1003, name: 'notiz.txt' },
      ], { 'collections/1.yaml': { id: 1, created_at: '2024-01-01T00:00:00+01:00' } }),
    );
    expect(lines(problems.list)).toEqual(['warning requests/10-akten/files/101/scan.pdf:0 ']);
    expect(problems.list[0]!.message).toBe('is published as attachment 1001 with the type application/pdf, but it is not a PDF: no %PDF- header in its first 1024 bytes (it starts with "PK\\u0003\\u0004")');
  });
});

describe('build: a derived document whose PDF cannot be read', () => {
  let built: BuiltTree | undefined;
  afterEach(async () => {
    await built?.remove();
    built = undefined;
  });

  it('warns at every collection entry that listed it, and leaves it out there', async () => {
    const good = await writePdf({ title: 'Gut', pages: [{ text: 'Eins.' }] });
    const cut = truncate(await writePdf({ title: 'Kaputt', pages: [{ text: 'Eins.' }, { text: 'Zwei.' }] }), 0.5);
    built = await buildTree(
      archiveWith({ 'kaputt.pdf': cut, 'gut.pdf': good }, [
        { id: 1001, name: 'kaputt.pdf', document: { id: 500 } },
        { id: 1002, name: 'gut.pdf', document: { id: 501 } },
      ], {
        'collections/2.yaml': { id: 2, created_at: '2024-01-01T00:00:00+01:00', documents: [{ document: 501 }, { document: 500 }] },
        'collections/3.yaml': { id: 3, public: false, created_at: '2024-01-01T00:00:00+01:00', documents: [{ document: 500 }] },
      }),
    );
    const warnings = [...built.result.warnings].sort((a, b) => a.file.localeCompare(b.file));
    // The collection that is not published loses nothing anyone sees: no warning there.
    expect(lines(warnings)).toEqual([
      'warning collections/1.yaml:4 documents[0].document',
      'warning collections/2.yaml:5 documents[1].document',
      'warning requests/10-akten/files/101/kaputt.pdf:0 ',
    ]);
    expect(warnings[0]!.message).toMatch(/^lists document 500, which is left out of the collection because its PDF requests\/10-akten\/files\/101\/kaputt\.pdf cannot be read: damaged PDF/);
    const collection = await built.detail('documentcollection', 1);
    expect(collection.documents.map((document: { id: number }) => document.id)).toEqual([501]);
  }, 60_000);
});

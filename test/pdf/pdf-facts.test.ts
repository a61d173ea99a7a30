/** Facts read in-process through derivePdf (no workers, no images). */
import { describe, expect, it } from 'vitest';
import { derivePdf, type DeriveOutput } from '../../src/pdf/derive.ts';
import { propertiesFromInfo } from '../../src/pdf/pdf-facts.ts';
import { outlineMarkdown } from '../../src/pdf/outline.ts';
import { fillerPages, writePdf, type PdfSpec } from '../../tools/pdf-writer.ts';
import { hugeOutlinePdf, outlineLoopPdf, pdfWithoutInfo } from './helpers/raw-pdf.ts';

async function facts(bytes: Uint8Array) {
  const out: DeriveOutput = await derivePdf({ bytes, sha256: 'test', images: false, write: () => {} });
  if (!out.ok) throw new Error(`expected facts, got ${out.reason}: ${out.message}`);
  expect(out.files).toEqual([]);
  return out.facts;
}

const spec: PdfSpec = {
  title: 'Antwort auf IFG-Anfrage',
  author: 'Bundesministerium des Innern',
  subject: 'Akteneinsicht',
  creator: 'Word',
  producer: 'Scanner 3000',
  pages: [
    { text: 'Sehr geehrte Damen und Herren,\nanbei die Unterlagen.' },
    { text: 'Anlage 1: Vermerk' },
    { text: 'Anlage 2: Protokoll' },
    { text: '' },
    { text: 'Landscape', size: [842, 595] },
  ],
  outline: [
    { title: 'Anschreiben', page: 1 },
    {
      title: 'Anlagen',
      page: 2,
      children: [
        { title: 'Vermerk', page: 2 },
        { title: 'Protokoll [Entwurf]', page: 3, children: [{ title: 'Seite 5', page: 5 }] },
      ],
    },
  ],
};

describe('facts', () => {
  it('counts pages and reports the file size and hash it was given', async () => {
    const bytes = await writePdf(spec);
    const f = await facts(bytes);
    expect(f.numPages).toBe(5);
    expect(f.fileSize).toBe(bytes.length);
    expect(f.sha256).toBe('test');
    expect(f.pages.map((p) => p.number)).toEqual([1, 2, 3, 4, 5]);
  });

  it('reads the five Info properties', async () => {
    const f = await facts(await writePdf(spec));
    expect(f.properties).toEqual({
      title: 'Antwort auf IFG-Anfrage',
      author: 'Bundesministerium des Innern',
      subject: 'Akteneinsicht',
      creator: 'Word',
      producer: 'Scanner 3000',
    });
  });

  it('reports missing Info keys as null', async () => {
    const f = await facts(await writePdf({ pages: fillerPages(1) }));
    expect(f.properties).toEqual({ title: null, author: null, subject: null, creator: 'foi-archive sample writer', producer: 'PDFKit' });
  });

  it('reports {} when the PDF has no Info dictionary', async () => {
    const f = await facts(pdfWithoutInfo());
    expect(f.properties).toEqual({});
    expect(f.pages.map((p) => p.text)).toEqual(['First page', 'Second page']);
  });

  it('builds froide outline Markdown with nesting and page numbers', async () => {
    const f = await facts(await writePdf(spec));
    expect(f.outline).toBe(
      '- [Anschreiben](#page-1)\n' +
        '- [Anlagen](#page-2)\n' +
        '  - [Vermerk](#page-2)\n' +
        '  - [Protokoll [Entwurf]](#page-3)\n' +
        '    - [Seite 5](#page-5)\n',
    );
  });

  it('gives "" when there is no outline', async () => {
    expect((await facts(await writePdf({ pages: fillerPages(1) }))).outline).toBe('');
  });

  it('visits each bookmark once when the outline loops', async () => {
    expect((await facts(outlineLoopPdf())).outline).toBe('- [A](#page-1)\n- [B](#page-2)\n');
  });

  it('keeps thousands of bookmarks, in order', async () => {
    const started = Date.now();
    const lines = (await facts(hugeOutlinePdf(5000))).outline.split('\n');
    expect(lines).toHaveLength(5001);
    expect(lines[0]).toBe('- [Item 1](#page-1)');
    expect(lines[4999]).toBe('- [Item 5000](#page-2)');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('reads the text of every page, "" for an empty page', async () => {
    const f = await facts(await writePdf(spec));
    expect(f.pages.map((p) => p.text)).toEqual([
      'Sehr geehrte Damen und Herren,\nanbei die Unterlagen.',
      'Anlage 1: Vermerk',
      'Anlage 2: Protokoll',
      '',
      'Landscape',
    ]);
  });

  it('gives each page the pixel size of its original image (150 dpi)', async () => {
    const f = await facts(await writePdf(spec));
    expect(f.pages[0]).toMatchObject({ width: 1240, height: 1754 });
    expect(f.pages[4]).toMatchObject({ width: 1754, height: 1240 });
  });
});

describe('outlineMarkdown', () => {
  it('indents two spaces per level', () => {
    expect(
      outlineMarkdown([
        { depth: 0, title: 'A', page: 1 },
        { depth: 1, title: 'B', page: 12 },
        { depth: 2, title: 'C', page: 3 },
      ]),
    ).toBe('- [A](#page-1)\n  - [B](#page-12)\n    - [C](#page-3)\n');
    expect(outlineMarkdown([])).toBe('');
  });
});

describe('propertiesFromInfo', () => {
  it('removes NUL characters and ignores non-string values', () => {
    expect(propertiesFromInfo({ Title: 'A\0B', Author: 42, PDFFormatVersion: '1.4' })).toEqual({
      title: 'AB',
      author: null,
      creator: null,
      subject: null,
      producer: null,
    });
  });

  it('is {} when only file facts are present', () => {
    expect(propertiesFromInfo({ PDFFormatVersion: '1.7', IsLinearized: false })).toEqual({});
    expect(propertiesFromInfo(undefined)).toEqual({});
  });
});

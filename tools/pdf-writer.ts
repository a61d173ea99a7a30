/**
 * Writes small, real PDFs from a spec object (pdfkit). Used by the sample archive, the tests of
 * the PDF stage and the build benchmark.
 *
 * Output is byte-identical for the same spec: pdfkit derives the trailer /ID from the Info
 * dictionary (including CreationDate), so fixing the dates fixes the ID. Encryption uses RC4
 * 128 bit (PDF 1.4), whose keys are derived from that ID and the passwords; AES-256 (PDF
 * 1.7ext3) would draw random salts and is therefore not offered.
 */
import PDFDocument from 'pdfkit';

export interface PdfOutlineSpec {
  title: string;
  /** 1-based page the bookmark points at. */
  page: number;
  children?: PdfOutlineSpec[];
}

export interface PdfPageSpec {
  /** Plain text, set in Helvetica 12 pt; `\n` starts a new paragraph. */
  text: string;
  /** Page size in PDF points, [width, height]. Default A4 (595.28 x 841.89). */
  size?: [number, number];
}

export interface PdfSpec {
  title?: string;
  author?: string;
  subject?: string;
  creator?: string;
  producer?: string;
  keywords?: string;
  /** CreationDate and ModDate. Default 2020-01-01T00:00:00Z, so output stays deterministic. */
  date?: Date;
  pages: PdfPageSpec[];
  outline?: PdfOutlineSpec[];
  /** RC4-128 encryption. A user password is needed to open; an owner password alone is not. */
  encryption?: { userPassword?: string; ownerPassword: string };
  /** Deflate content streams (default true). Off makes the bytes readable for hand-editing. */
  compress?: boolean;
}

export const DEFAULT_PDF_DATE = new Date('2020-01-01T00:00:00Z');

const A4: [number, number] = [595.28, 841.89];

export async function writePdf(spec: PdfSpec): Promise<Uint8Array> {
  if (spec.pages.length === 0) {
    throw new Error('writePdf: a PDF needs at least one page (pdfkit cannot write zero pages)');
  }
  const date = spec.date ?? DEFAULT_PDF_DATE;
  const doc = new PDFDocument({
    autoFirstPage: false,
    bufferPages: true,
    compress: spec.compress ?? true,
    info: {
      ...(spec.title !== undefined && { Title: spec.title }),
      ...(spec.author !== undefined && { Author: spec.author }),
      ...(spec.subject !== undefined && { Subject: spec.subject }),
      ...(spec.keywords !== undefined && { Keywords: spec.keywords }),
      Creator: spec.creator ?? 'foi-archive sample writer',
      Producer: spec.producer ?? 'PDFKit',
      CreationDate: date,
      ModDate: date,
    },
    ...(spec.encryption && {
      pdfVersion: '1.4' as const,
      ownerPassword: spec.encryption.ownerPassword,
      ...(spec.encryption.userPassword !== undefined && { userPassword: spec.encryption.userPassword }),
    }),
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  for (const page of spec.pages) {
    doc.addPage({ size: page.size ?? A4, margin: 56 });
    doc.font('Helvetica').fontSize(12);
    for (const paragraph of page.text.split('\n')) {
      doc.text(paragraph, { paragraphGap: 6 });
    }
  }
  addOutline(doc.outline, spec.outline ?? [], spec.pages.length);

  doc.end();
  await finished;
  return new Uint8Array(Buffer.concat(chunks));
}

type Outline = PDFKit.PDFOutline;

function addOutline(parent: Outline, items: PdfOutlineSpec[], pageCount: number): void {
  for (const item of items) {
    if (!Number.isInteger(item.page) || item.page < 1 || item.page > pageCount) {
      throw new Error(`writePdf: outline item "${item.title}" points at page ${item.page}, the PDF has ${pageCount}`);
    }
    // pdfkit supports `pageNumber` (0-based) at runtime; its type definitions lag behind.
    const options = { pageNumber: item.page - 1 } as { expanded?: boolean };
    const child = parent.addItem(item.title, options);
    addOutline(child, item.children ?? [], pageCount);
  }
}

/** Convenience: `n` pages of numbered filler text, e.g. for benchmarks. */
export function fillerPages(n: number, paragraphs = 8): PdfPageSpec[] {
  return Array.from({ length: n }, (_, i) => ({
    text: Array.from(
      { length: paragraphs },
      (_, p) =>
        `Page ${i + 1}, paragraph ${p + 1}. Die Behörde hat die Anfrage nach dem Informationsfreiheitsgesetz ` +
        'beantwortet und die angefragten Unterlagen teilweise geschwärzt übermittelt.',
    ).join('\n'),
  }));
}

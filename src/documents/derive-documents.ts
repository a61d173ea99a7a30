/**
 * PDF facts and page images for every published document, with the failure policy of
 * docs/pdf.md, Failure policy (unreadable-pdfs.ts): an imported document that cannot be read is a build error
 * naming the file; a PDF attachment that cannot be read is still published, without its
 * derived document, and reported as a warning, as is every collection entry that loses it.
 *
 * Under a time budget a document whose first pass is not done yet is published
 * as froide publishes one during processing: `pending`, with the facts known without it.
 * Both are facts this stage returns; the linked model is not changed.
 */
import type { DocumentFacts } from './document-facts.ts';
import type { Problems } from '../content/problems.ts';
import type { Archive, Document } from '../model/types.ts';
import { processPdfs, type PdfImage, type PdfOptions, type PdfResult, type PdfRunStats } from '../pdf/index.ts';
import { reportUnreadableDocument, withholdDocuments } from './unreadable-pdfs.ts';

export interface Derivatives {
  /** The archive the later stages publish: without documents whose PDF cannot be read (unreadable-pdfs.ts). */
  archive: Archive;
  /** False for a document withheld because its PDF cannot be read. */
  published: (document: Document) => boolean;
  facts: (document: Document) => DocumentFacts;
  images: (document: Document) => readonly PdfImage[];
  /** What the PDF stage did, for the build summary (null when no document has a PDF). */
  stats: PdfRunStats | null;
}

export async function deriveDocuments(
  archive: Archive,
  options: PdfOptions & { images: boolean },
  problems: Problems,
): Promise<Derivatives> {
  const ordered = workOrder(archive);
  const jobs = ordered.map((document) => ({ id: String(document.id), file: document.file.absolute, images: options.images }));
  let stats: PdfRunStats | null = null;
  const results = await processPdfs(jobs, {
    ...options,
    onStats: (value) => {
      stats = value;
      options.onStats?.(value);
    },
  });
  const facts = new Map<Document, DocumentFacts>();
  const images = new Map<Document, readonly PdfImage[]>();
  const failed = new Set<Document>();

  for (const document of archive.documents) {
    const result = results.get(String(document.id));
    if (!result?.ok) {
      failed.add(document);
      reportUnreadableDocument(document, result ? result.message : 'was not processed', problems);
      continue;
    }
    facts.set(document, documentFacts(result));
    if (!result.pending) images.set(document, result.images);
  }
  return {
    archive: withholdDocuments(archive, failed),
    published: (document) => !failed.has(document),
    facts(document) {
      const value = facts.get(document);
      if (!value) throw new Error(`no PDF facts for document ${document.id}`);
      return value;
    },
    images: (document) => images.get(document) ?? [],
    stats,
  };
}

function documentFacts(result: Exclude<PdfResult, { ok: false }>): DocumentFacts {
  if (!result.pending) {
    const { numPages, fileSize, sha256, properties, outline, pages } = result.facts;
    return { numPages, fileSize, sha256, properties, outline, pages, webp: result.webp, pending: false };
  }
  // froide, django-filingcabinet process_document: page count, properties and outline are set
  // when the PDF is opened, pages appear as they are processed; until then num_pages is 0.
  const { known } = result;
  return {
    numPages: known?.numPages ?? 0,
    fileSize: result.fileSize,
    sha256: result.sha256,
    properties: known?.properties ?? {},
    outline: known?.outline ?? '',
    pages: [],
    webp: false,
    pending: true,
  };
}

/**
 * The order of PDF work, stated in docs/pdf.md: imported documents first (the
 * archive's own publications, and a broken one fails the build, so better found early), newest
 * `published_at` first; then documents of attachments, newest request first (what readers look
 * for first), then by attachment id. Ids settle ties, so the order is the same on every run.
 */
function workOrder(archive: Archive): Document[] {
  const newestFirst = (a: number | null | undefined, b: number | null | undefined) => (b ?? -Infinity) - (a ?? -Infinity);
  const imported = archive.documents.filter((document) => !document.original);
  const derived = archive.documents.filter((document) => document.original);
  imported.sort((a, b) => newestFirst(a.publishedAt, b.publishedAt) || a.id - b.id);
  derived.sort((a, b) => {
    const [x, y] = [a.original!.message.request, b.original!.message.request];
    return newestFirst(x.createdAt, y.createdAt) || x.id - y.id || a.original!.id - b.original!.id;
  });
  return [...imported, ...derived];
}

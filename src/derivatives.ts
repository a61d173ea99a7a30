/**
 * PDF facts and page images for every published document, with the failure policy of
 * issue 3 #8 (src/pdf-policy.ts): an imported document that cannot be read is a build error
 * naming the file; a PDF attachment that cannot be read is still published, without its
 * derived document, and reported as a warning, as is every collection entry that loses it.
 */
import type { DocumentFacts } from './api/resources/context.ts';
import type { Problems } from './content/problems.ts';
import type { Archive, Document } from './model/types.ts';
import { processPdfs, type PdfImage, type PdfOptions } from './pdf/index.ts';
import { reportUnreadableDocument, withholdDocuments } from './pdf-policy.ts';

export interface Derivatives {
  facts(document: Document): DocumentFacts;
  images(document: Document): readonly PdfImage[];
}

export async function deriveDocuments(
  archive: Archive,
  options: PdfOptions & { images: boolean },
  problems: Problems,
): Promise<Derivatives> {
  const jobs = archive.documents.map((document) => ({ id: String(document.id), file: document.file.absolute, images: options.images }));
  const results = await processPdfs(jobs, options);
  const facts = new Map<Document, DocumentFacts>();
  const images = new Map<Document, readonly PdfImage[]>();
  const failed = new Set<Document>();

  for (const document of archive.documents) {
    const result = results.get(String(document.id));
    if (result?.ok) {
      const { numPages, fileSize, sha256, properties, outline, pages } = result.facts;
      facts.set(document, { numPages, fileSize, sha256, properties, outline, pages, images: result.images.length > 0 });
      images.set(document, result.images);
      continue;
    }
    failed.add(document);
    reportUnreadableDocument(document, result ? result.message : 'was not processed', problems);
  }
  withholdDocuments(archive, failed);

  return {
    facts(document) {
      const value = facts.get(document);
      if (!value) throw new Error(`no PDF facts for document ${document.id}`);
      return value;
    },
    images: (document) => images.get(document) ?? [],
  };
}

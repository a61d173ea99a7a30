/**
 * PDF facts and page images for every published document, with the failure policy of
 * issue 3 #8: an imported document that cannot be read is a build error naming the file; a
 * PDF attachment that cannot be read is still published, without its derived document, and
 * reported as a warning.
 */
import type { DocumentFacts } from './api/resources/context.ts';
import type { Problems } from './content/problems.ts';
import type { Archive, Document } from './model/types.ts';
import { processPdfs, type PdfImage, type PdfOptions } from './pdf/index.ts';

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
      const { numPages, fileSize, properties, outline, pages } = result.facts;
      facts.set(document, { numPages, fileSize, properties, outline, pages, images: result.images.length > 0 });
      images.set(document, result.images);
      continue;
    }
    const reason = result ? result.message : 'was not processed';
    failed.add(document);
    if (document.original) {
      problems.add({
        severity: 'warning',
        file: document.file.path,
        line: 0,
        column: 0,
        path: '',
        message: `cannot be read as a PDF (${reason}); attachment ${document.original.id} is published without its derived document ${document.id}`,
        hint: 'replace the file with a readable PDF, or remove the document block of the attachment',
      });
      document.original.document = null;
    } else {
      problems.at(document.source, ['file'], `${document.file.path} cannot be read as a PDF: ${reason}`, 'replace it with a readable PDF (open it in a PDF viewer to check), or remove the document');
    }
  }
  archive.documents = archive.documents.filter((document) => !failed.has(document));
  for (const collection of archive.collections) collection.entries = collection.entries.filter((entry) => !failed.has(entry.document));

  return {
    facts(document) {
      const value = facts.get(document);
      if (!value) throw new Error(`no PDF facts for document ${document.id}`);
      return value;
    },
    images: (document) => images.get(document) ?? [],
  };
}

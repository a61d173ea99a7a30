/**
 * The failure policy for PDFs (docs/pdf.md, Failure policy), in one place for `build` (which
 * reads every document's PDF) and `check` (which only looks at the first 1024 bytes):
 *
 * - an imported document whose PDF cannot be read is an error at its document.yaml;
 * - a PDF attachment whose derived document cannot be read is still published as an
 *   attachment, without the document: a warning at the file, and one at every collection
 *   entry that lists the document, because the document silently disappears from there;
 * - a PDF attachment without a document block is published as it is; a file that is not a
 *   PDF at all is a warning (`check` only: the build does not open such attachments).
 */
import { ERRORS } from '../content/errors.ts';
import type { Problems } from '../content/problems.ts';
import type { Archive, Attachment, Document } from '../model/types.ts';
import { describeStart, hasPdfHeader, PDF_HEADER_WINDOW } from '../pdf/header.ts';

/** Reports a document whose PDF cannot be read, by the policy above. `reason` says why (`not a PDF (…)`). */
export function reportUnreadableDocument(document: Document, reason: string, problems: Problems): void {
  if (!document.original) {
    problems.report(document.source, ['file'], ERRORS.UnreadablePdf, { file: document.file.path, reason });
    return;
  }
  problems.reportFile(document.file.path, ERRORS.UnreadableAttachmentPdf, { attachment: document.original.id, document: document.id, reason });
  for (const entry of document.collections) {
    problems.report(entry.collection.source, entry.path, ERRORS.CollectionLosesDocument, { document: document.id, file: document.file.path, reason });
  }
}

/**
 * The archive without the documents whose PDF cannot be read: a new Archive whose `documents`
 * leave them out. The linked objects stay as they are; an attachment that names a withheld
 * document and a collection entry that lists one are left out by the API stage, which asks
 * `published` (RenderContext.published).
 */
export function withholdDocuments(archive: Archive, failed: ReadonlySet<Document>): Archive {
  if (failed.size === 0) return archive;
  return { ...archive, documents: archive.documents.filter((document) => !failed.has(document)) };
}

/** Reads up to `bytes` bytes from the start of a file (absolute path). */
export type ReadHead = (absolute: string, bytes: number) => Uint8Array;

/**
 * `check`'s cheap test of every PDF the archive publishes: is there a `%PDF-` header in the
 * first 1024 bytes? A file without one is reported by the policy above. A damaged PDF with a
 * header is found by the build only.
 */
export function checkPdfHeaders(archive: Archive, read: ReadHead, problems: Problems): void {
  // Each file is read once: a derived document's file is its attachment's, and such
  // attachments are skipped below.
  const notPdf = (absolute: string) => {
    const bytes = read(absolute, PDF_HEADER_WINDOW);
    return hasPdfHeader(bytes) ? null : `not a PDF: no %PDF- header in its first ${PDF_HEADER_WINDOW} bytes (${describeStart(bytes)})`;
  };
  for (const document of archive.documents) {
    const reason = notPdf(document.file.absolute);
    if (reason) reportUnreadableDocument(document, reason, problems);
  }
  for (const attachment of archive.attachments) {
    if (!attachment.isPdf || attachment.document) continue;
    const reason = notPdf(attachment.file.absolute);
    if (reason) reportNotPdfAttachment(attachment, reason, problems);
  }
}

function reportNotPdfAttachment(attachment: Attachment, reason: string, problems: Problems): void {
  problems.reportFile(attachment.file.path, ERRORS.AttachmentNotPdf, { attachment: attachment.id, filetype: attachment.filetype, reason });
}

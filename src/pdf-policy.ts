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
import type { Problems } from './content/problems.ts';
import type { Archive, Attachment, Document } from './model/types.ts';
import { describeStart, hasPdfHeader, PDF_HEADER_WINDOW } from './pdf/header.ts';

/** Reports a document whose PDF cannot be read, by the policy above. `reason` says why (`not a PDF (…)`). */
export function reportUnreadableDocument(document: Document, reason: string, problems: Problems): void {
  if (!document.original) {
    problems.at(document.source, ['file'], `${document.file.path} cannot be read as a PDF: ${reason}`, 'replace it with a readable PDF (open it in a PDF viewer to check), or remove the document');
    return;
  }
  problems.add({
    severity: 'warning',
    file: document.file.path,
    line: 0,
    column: 0,
    path: '',
    message: `cannot be read as a PDF, so attachment ${document.original.id} is published without its derived document ${document.id}: ${reason}`,
    hint: 'replace the file with a readable PDF, or remove the document block of the attachment',
  });
  for (const entry of document.collections) {
    problems.at(
      entry.collection.source,
      entry.path,
      `lists document ${document.id}, which is left out of the collection because its PDF ${document.file.path} cannot be read: ${reason}`,
      'replace the PDF with a readable one, or remove the entry',
      'warning',
    );
  }
}

/**
 * Takes documents whose PDF cannot be read out of the archive: an attachment keeps no
 * derived document, a collection no entry for it.
 */
export function withholdDocuments(archive: Archive, failed: ReadonlySet<Document>): void {
  if (failed.size === 0) return;
  for (const document of failed) if (document.original) document.original.document = null;
  archive.documents = archive.documents.filter((document) => !failed.has(document));
  for (const collection of archive.collections) collection.entries = collection.entries.filter((entry) => !failed.has(entry.document));
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
  problems.add({
    severity: 'warning',
    file: attachment.file.path,
    line: 0,
    column: 0,
    path: '',
    message: `is published as attachment ${attachment.id} with the type ${attachment.filetype}, but it is ${reason}`,
    hint: 'replace it with the file the public body sent, or give the attachment the name (extension) or filetype of what the file really is',
  });
}

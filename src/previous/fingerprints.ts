/**
 * What an object's fingerprint is made of, per resource (docs/architecture.md, "Incremental
 * builds"): every input its serializer reads, named. Output reuse (src/previous/output-record.ts) keys
 * each pack and chunk by its members' fingerprints and links it from the previous build/ when
 * they did not change. A resource without an entry here is serialized on every build.
 *
 * The parts an entry combines:
 *
 * - `folder`: the fingerprint of a request folder, which stands for the request, its messages,
 *   their attachments and the documents derived from them (with each document's PDF facts and
 *   whether it is published), and includes the global key;
 * - `global`: the global key (code version, settings, time zone, page images, every content
 *   file outside `requests/`): reference data, public bodies, imported documents, collections;
 * - `document`: a document's fingerprint: its request folder's when it is derived from an
 *   attachment (everything its answer shows comes from that folder, or from the PDF whose
 *   facts the folder's fingerprint holds); else the global key with its PDF facts, which a
 *   time budget can leave pending while its file stays the same.
 *
 * An entry returns a member's text in its group's key; where the resource has no id of its
 * own (pages), the text names the object itself, so that a list shifted by one object never
 * keys another object's bytes with the same text.
 */
import type { Document, FoiRequest } from '../model/types.ts';
import type { RenderContext } from '../api/resources/context.ts';
import type { ResourceItems } from '../api/resources/declaration-registry.ts';
import type { BuiltName } from '../api/resources/serializer-registry.ts';

export interface FingerprintParts {
  global: string;
  folder(request: FoiRequest): string;
  document(document: Document): string;
}

const reference = (_: unknown, parts: FingerprintParts) => parts.global;

type Fingerprints = { [N in BuiltName]?: (item: ResourceItems[N], parts: FingerprintParts) => string };

export const FINGERPRINTS: Fingerprints = {
  request: (request, parts) => parts.folder(request),
  message: (message, parts) => parts.folder(message.request),
  attachment: (attachment, parts) => parts.folder(attachment.message.request),
  // The document's own fields, its attachment, message and request, its PDF facts.
  document: (document, parts) => parts.document(document),
  // Its text and size follow from the PDF's bytes; its image URL from the document.
  page: ({ document, page }, parts) => `${document.id}:${page.number}:${parts.document(document)}`,
  // Everything but `number_of_requests` comes from files outside requests/.
  publicbody: (body, parts) => `${parts.global}:${body.numberOfRequests}`,
  // Reference data: their answers read only files outside requests/.
  jurisdiction: reference,
  law: reference,
  category: reference,
  classification: reference,
  articletag: reference,
  governmentplan: reference,
  georegion: reference,
  campaign: reference,
};

/**
 * What a fingerprint keeps of a document's PDF facts and whether it is published: every fact
 * but the page texts, which follow from the PDF's bytes (`sha256`), as every other fact does.
 */
export function pdfFacts(ctx: RenderContext, document: Document): unknown {
  const published = ctx.published(document);
  const facts = published ? ctx.facts(document) : null;
  return [published, facts && { ...facts, pages: facts.pages.map((page) => [page.number, page.width, page.height]) }];
}

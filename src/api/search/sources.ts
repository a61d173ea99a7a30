/**
 * What the full-text index holds of each searchable object (docs/search.md, "What froide does"),
 * as froide's search documents do: per object its group and key (src/formats/search/layout.ts) and
 * the text of each field of SEARCH_FIELDS, in that order. Objects that froide keeps out of its
 * public search index give null.
 *
 * The fields are made when asked for: the index places every object by its group and key on
 * every build, but analyzes only the segments whose objects changed, and a request's content
 * reads the text of each of its messages from disk (model/redaction.ts, `shown`).
 */
import type { PageItem } from '../resources/page/declaration.ts';
import { sha256Hash } from '../../lib/sha256.ts';
import type { Document, FoiRequest, PublicBody } from '../../model/types.ts';
import { lazyTextOf } from '../../lib/stored-text.ts';
import { shown, shownText } from '../../model/redaction.ts';
import type { ResourceItems } from '../resources/declaration-registry.ts';
import type { ResourceName } from '../../formats/resource-names.ts';
import { pageKey, type SearchResource } from '../../formats/search/layout.ts';

export interface SearchDocument {
  group: number;
  key: number;
  fields(): string[];
  /**
   * A digest of what decides the fields' text, where that is known without making them: a
   * page's text follows from its PDF's bytes, so its fields need not be read back to tell
   * whether they changed. Without it, the fields' text is digested (textsDigest).
   */
  textKey?(): string;
}

/** 128 bits of SHA-256 of each text's length in characters, then the text: no two lists of texts give the same bytes. */
export function textsDigest(texts: readonly string[]): string {
  const hash = sha256Hash();
  for (const text of texts) hash.update(`${text.length}:`).update(text);
  return hash.digest('hex').slice(0, 32);
}

/**
 * okfde/froide `FoiRequestDocument` and `foirequest/search/foirequest_text.txt`: title,
 * description, and as `content` the title, description, refusal reason, tags, the subject,
 * text and attachment names of every message whose content is not hidden, the public body's
 * name, classification and categories. `in_public_search_index`: only FOI requests that are no
 * duplicate (`same_as`) are searchable.
 */
function requestDocument(request: FoiRequest): SearchDocument | null {
  if (!request.isFoi || request.sameAs !== null) return null;
  return { group: request.id, key: request.id, fields: () => [request.title, request.description, requestContent(request)] };
}

function requestContent(request: FoiRequest): string {
  const content = [request.title, request.description, request.refusalReason, ...request.tags];
  for (const message of request.messages) {
    if (message.contentHidden) continue;
    content.push(shownText(message.subject), shownText(shown(message.content)), ...message.attachments.map((attachment) => attachment.name));
  }
  const body = request.publicBody;
  if (body) content.push(body.name, body.classification?.name ?? '', ...body.categories.map((category) => category.name));
  return content.join('\n');
}

/** Per document: the digest of its title, description and PDF, which its pages' textKey share, with that PDF's SHA-256. */
const documentTexts = new WeakMap<Document, { pdf: string; digest: string }>();

/**
 * froide's page index (froide/document/documents.py `PageDocument`): the document's title and
 * description, the page's text; that text follows from the PDF's bytes and the page's number.
 */
function pageDocument(item: PageItem): SearchDocument {
  const { document, page, pdf } = item;
  return {
    group: document.id,
    key: pageKey(document.id, page.number),
    fields: () => [document.title ?? '', document.description, lazyTextOf(page.text)],
    textKey() {
      let known = documentTexts.get(document);
      if (known?.pdf !== pdf) documentTexts.set(document, (known = { pdf, digest: textsDigest([document.title ?? '', document.description, pdf]) }));
      return `${known.digest}:${page.number}`;
    },
  };
}

/**
 * froide's public body index (froide/publicbody/documents.py `PublicBodyDocument`): the name,
 * and as content (`prepare_content`) the name, other names, jurisdiction, email, description,
 * contact, address, URL, classification and categories.
 */
function publicBodyDocument(body: PublicBody): SearchDocument {
  return { group: body.id, key: body.id, fields: () => [body.name, publicBodyContent(body)] };
}

function publicBodyContent(body: PublicBody): string {
  const content = [body.name, ...body.otherNames, body.jurisdiction.name, body.email, body.description, body.contact, body.address, body.url ?? '', body.classification?.name ?? '', ...body.categories.map((category) => category.name)];
  return content.join('\n');
}

/**
 * What the full-text index reads of each list object of a searchable resource, typed by the
 * resource's item (ResourceItems); none for the others.
 */
export const SEARCH_SOURCES: { readonly [N in ResourceName]?: (object: ResourceItems[N]) => SearchDocument | null } = {
  request: requestDocument,
  page: pageDocument,
  publicbody: publicBodyDocument,
} satisfies Record<SearchResource, unknown>;

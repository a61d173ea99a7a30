/**
 * Links requests with their messages, attachments and documents (derived and imported), and
 * decides what is published (docs/froide.md#visibility: public requests, non-draft messages, approved
 * attachments).
 */
import { randomUUID } from 'node:crypto';
import type { LoadedContent } from '../content/load.ts';
import { ERRORS } from '../content/errors.ts';
import type { Problems, RecordSource } from '../content/problems.ts';
import { REQUEST_RESOLUTIONS, REQUEST_STATUSES } from '../content/choices.ts';
import { checkOrder, asChoice, derivedDocument, linkMessage, optionalTime, type LinkContext } from './link-messages.ts';
import { mimeTypeOf, slugifyFileName, uuidFromId } from './names.ts';
import { Records } from './records.ts';
import { UniqueKeys } from './unique.ts';
import type { Timestamp } from './time.ts';
import type { Attachment, Document, FoiRequest, Message, WithheldFile } from './types.ts';

export interface LinkedRequests {
  requests: FoiRequest[];
  messages: Message[];
  attachments: Attachment[];
  documents: Document[];
  /** Files kept from anonymous readers (Archive.withheld). */
  withheld: WithheldFile[];
  /**
   * Every imported document by the path of its document.yaml, published or not (its id may
   * be taken, its PDF missing): annotations are checked against it either way.
   */
  importedByFile: Map<string, Document>;
  declaredDocuments: DeclaredDocuments;
}

/**
 * Every document with an id of its own, published or not, and for those that are held back by
 * errors the file that has them: so that a reference to one says why it cannot be linked.
 */
export interface DeclaredDocuments {
  /** The documents registry's own lookup. */
  get(id: number): Document | undefined;
  blockedBy: ReadonlyMap<Document, string>;
}

export function linkRequests(content: LoadedContent, ctx: LinkContext): LinkedRequests {
  const { problems } = ctx;
  const requests = new Records<FoiRequest>('request', problems);
  const published = new Set<FoiRequest>();
  const sameAsIds = new Map<FoiRequest, number | null>();
  const byDir = new Map<string, FoiRequest>();
  const explicitModified = new Map<FoiRequest, Timestamp | null>();
  const slugs = new UniqueKeys<string>();
  const userNames = new Map<number, { name: string; source: RecordSource }>();

  for (const { data, source, dir } of content.requests) {
    const publicBody = ctx.publicBodies.resolve(data.public_body, source, ['public_body']) ?? null;
    const campaign = ctx.campaigns.resolve(data.campaign, source, ['campaign']) ?? null;
    const request: FoiRequest = {
      id: data.id,
      source,
      slug: data.slug,
      title: data.title,
      description: data.description,
      summary: data.summary,
      publicBody,
      jurisdiction: ctx.jurisdictions.resolve(data.jurisdiction, source, ['jurisdiction']) ?? publicBody?.jurisdiction ?? null,
      law: ctx.laws.resolve(data.law, source, ['law']) ?? null,
      status: asChoice(REQUEST_STATUSES, data.status),
      resolution: asChoice(REQUEST_RESOLUTIONS, data.resolution),
      refusalReason: data.refusal_reason,
      costs: data.costs,
      isFoi: data.is_foi,
      checked: data.checked,
      sameAs: null,
      sameAsCount: 0,
      createdAt: optionalTime(data.created_at),
      dueDate: optionalTime(data.due_date),
      resolvedOn: optionalTime(data.resolved_on),
      lastMessage: null,
      lastModifiedAt: 0,
      reference: data.reference,
      user: data.user,
      userName: null,
      project: data.project,
      // A campaign that is not public has no API object to point at.
      campaign: campaign && !ctx.hiddenCampaigns.has(campaign.id) ? campaign : null,
      tags: data.tags,
      messages: [],
    };
    // A request whose id is taken is reported (at both requests) and not published, but it
    // and its messages are still checked: the id is the only thing wrong with them.
    const registered = requests.add(request);
    slugs.claim(request.slug, { source, path: ['slug'] });
    byDir.set(dir, request);
    if (data.resolution && data.status !== 'resolved') {
      problems.report(source, ['resolution'], ERRORS.ResolutionWithoutResolved, { resolution: data.resolution, status: data.status });
    }
    checkOrder(request.createdAt, request.resolvedOn, source, ['resolved_on'], 'resolved_on', 'created_at', problems, ctx.timeZone);
    checkOrder(request.createdAt, request.dueDate, source, ['due_date'], 'due_date', 'created_at', problems, ctx.timeZone);
    sameAsIds.set(request, data.same_as);
    if (data.user_name !== undefined) nameUser(userNames, data.user, data.user_name, source, problems);
    if (!registered) continue;
    explicitModified.set(request, optionalTime(data.last_modified_at));
    if (data.public) published.add(request);
  }

  slugs.report(problems, ERRORS.DuplicateRequestSlug, (slug, others) => ({ slug, others }));

  for (const [request, sameAsId] of sameAsIds) {
    if (sameAsId === request.id) {
      problems.report(request.source, ['same_as'], ERRORS.SameAsItself);
      continue;
    }
    request.sameAs = requests.resolve(sameAsId, request.source, ['same_as']) ?? null;
  }

  const documents = new Records<Document>('document', problems);
  const messages = new Records<Message>('message', problems);
  const attachments = new Records<Attachment>('attachment', problems);
  const publishedMessages: Message[] = [];
  const publishedAttachments: Attachment[] = [];
  const publishedDocuments: Document[] = [];
  const withheld: WithheldFile[] = [];
  const importedByFile = new Map<string, Document>();
  const blockedBy = new Map<Document, string>();

  // Each message's loaded values are let go of once it is linked (the loader's list empties),
  // so the values of the messages still to link and the linked model are what is alive at once,
  // not every message twice (docs/performance.md, "Memory").
  for (const loaded of drain(content.messages)) {
    const request = byDir.get(loaded.requestDir);
    // An invalid request.yaml is reported already; its messages cannot be checked without it.
    if (!request && problems.invalidFiles.has(`${loaded.requestDir}/request.yaml`)) continue;
    if (!request) {
      problems.reportFile(loaded.source.file, ERRORS.MessageWithoutRequest, { requestDir: loaded.requestDir });
      continue;
    }
    const message = linkMessage(loaded, request, ctx);
    // A message whose id is taken is not published; its attachments are still checked.
    const messageRegistered = messages.add(message);
    const isPublished = messageRegistered && published.has(request) && !message.isDraft;
    /** The file whose errors keep an attachment of this message unpublished, if any. */
    const errorsIn = requests.get(request.id) !== request ? request.source.file : !messageRegistered ? loaded.source.file : undefined;
    if (isPublished) {
      request.messages.push(message);
      publishedMessages.push(message);
    }

    // Names can clash only between two attachments (most messages have none).
    const names = loaded.data.attachments.length > 1 ? new UniqueKeys<string>() : undefined;
    loaded.data.attachments.forEach((input, index) => {
      const path = ['attachments', index];
      const file = loaded.files[index];
      // One canonical form for the published name and URL, whatever form the YAML or the disk uses (content/file-names.ts).
      const name = input.name.normalize('NFC');
      names?.claim(name, { source: loaded.source, path: [...path, 'name'] });
      const filetype = input.filetype ?? mimeTypeOf(name);
      const attachment: Attachment = {
        id: input.id,
        source: loaded.source,
        message,
        name,
        filetype,
        // A missing file is reported by the loader; keep checking the rest of the attachment.
        file: file ?? { path: '', absolute: '', size: 0 },
        isPdf: filetype === 'application/pdf',
        isImage: filetype.startsWith('image/'),
        approved: input.approved,
        isRedacted: input.is_redacted,
        isIrrelevant: input.is_irrelevant,
        canApprove: input.can_approve,
        document: null,
      };
      const attachmentRegistered = attachments.add(attachment, [...path, 'id']);
      const attachmentPublished = attachmentRegistered && isPublished && attachment.approved && file !== undefined;
      if (attachmentPublished) {
        message.attachments.push(attachment);
        publishedAttachments.push(attachment);
      } else if (attachmentRegistered && file !== undefined) {
        withheld.push({ what: `attachment ${attachment.id}`, file, source: loaded.source, path });
      }
      if (!input.document) return;
      if (!attachment.isPdf) {
        problems.report(loaded.source, [...path, 'document'], ERRORS.DocumentOfNonPdf, { name, filetype });
        return;
      }
      const document = derivedDocument(input.document, attachment, request, loaded.source, [...path, 'document'], problems);
      if (!documents.add(document, [...path, 'document', 'id'])) return;
      // docs/content-guide.md#private-documents: froide keeps a document made from an attachment as public as the
      // attachment (FoiAttachment.approve_and_save), and the attachment's file is the document's file.
      if (attachmentPublished && !document.public) {
        problems.report(loaded.source, [...path, 'document', 'public'], ERRORS.PrivateDocumentOfPublishedAttachment, { id: document.id, attachment: attachment.id });
        return;
      }
      if (attachmentPublished) {
        attachment.document = document;
        publishedDocuments.push(document);
      } else {
        const blocking = errorsIn ?? (!attachmentRegistered || !file ? loaded.source.file : undefined);
        if (blocking) blockedBy.set(document, blocking);
      }
    });
    names?.report(problems, ERRORS.DuplicateAttachmentName, (name, others) => ({ name, others }));
    if (message.attachments.length > 1) message.attachments.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
    // Most messages have none: one shared empty list instead of an array each.
    if (message.attachments.length === 0) message.attachments = NO_ATTACHMENTS;
  }

  for (const { data, source, file } of content.documents) {
    if (!data.listed && !data.uid) {
      problems.report(source, ['listed'], ERRORS.UnlistedWithoutUid, { what: 'document', uid: randomUUID() });
    }
    // docs/api.md#document-fields: imported (parliamentary) documents allow annotation; derived ones do not.
    if (!data.allow_annotation) {
      problems.report(source, ['allow_annotation'], ERRORS.ImportedWithoutAnnotation);
    }
    const document: Document = {
      id: data.id,
      source,
      uid: data.uid ?? uuidFromId(data.id),
      title: data.title,
      slug: data.slug,
      description: data.description,
      publishedAt: optionalTime(data.published_at),
      public: data.public,
      listed: data.listed,
      allowAnnotation: data.allow_annotation,
      // A missing file is reported by the loader; the document is still linked (annotations) but not published.
      file: file ?? { path: '', absolute: '', size: 0 },
      fileName: slugifyFileName(data.file),
      lastModifiedAt: optionalTime(data.last_modified_at) ?? optionalTime(data.published_at) ?? ctx.fallbackModified,
      properties: data.properties,
      data: data.data,
      original: null,
      foirequest: null,
      publicbody: null,
      collections: [],
      annotations: [],
    };
    importedByFile.set(source.file, document);
    if (!documents.add(document)) continue;
    // docs/content-guide.md#private-documents: a private document answers no anonymous caller (froide's
    // get_document_read_qs), so it is not published at all; an unlisted one only behind its uid.
    if (file && document.public) publishedDocuments.push(document);
    else if (!file) blockedBy.set(document, source.file);
    if (file && (!document.public || !document.listed)) withheld.push({ what: `${document.public ? 'unlisted' : 'private'} document ${document.id}`, file, source, path: ['file'] });
  }

  for (const registry of [requests, messages, attachments, documents]) registry.reportDuplicates();
  const publishedRequests = requests.values().filter((request) => published.has(request));
  for (const request of publishedRequests) {
    finishRequest(request, explicitModified.get(request) ?? null, ctx.fallbackModified);
    // A user's name is given once, in any of their requests.
    request.userName = request.user === null ? null : (userNames.get(request.user)?.name ?? null);
  }
  for (const request of publishedRequests) {
    if (request.sameAs && published.has(request.sameAs)) request.sameAs.sameAsCount++;
  }

  return { requests: publishedRequests, messages: publishedMessages, attachments: publishedAttachments, documents: publishedDocuments, withheld, importedByFile, declaredDocuments: { get: (id) => documents.get(id), blockedBy } };
}

const NO_ATTACHMENTS: Attachment[] = [];

/** Yields the items in order, each let go of by the array as it is yielded: the array is empty at the end. */
function* drain<T>(items: T[]): Generator<T> {
  items.reverse();
  while (items.length > 0) yield items.pop()!;
}

/** Records a requester's public name; one user has one name, and a private user none. */
function nameUser(names: Map<number, { name: string; source: RecordSource }>, user: number | null, name: string, source: RecordSource, problems: Problems): void {
  if (user === null) {
    problems.report(source, ['user_name'], ERRORS.UserNameWithoutUser);
    return;
  }
  const known = names.get(user);
  if (!known) names.set(user, { name, source });
  else if (known.name !== name) {
    problems.report(source, ['user_name'], ERRORS.UserNameMismatch, { name, file: known.source.file, user, known: known.name });
  }
}

function finishRequest(request: FoiRequest, explicitModified: Timestamp | null, fallback: Timestamp): void {
  request.messages.sort((a, b) => a.timestamp - b.timestamp || a.id - b.id);
  const first = request.messages[0];
  const last = request.messages[request.messages.length - 1];
  request.createdAt ??= first?.timestamp ?? null;
  request.lastMessage = last?.timestamp ?? null;
  const candidates = [request.createdAt, request.lastMessage, request.resolvedOn].filter((value): value is number => value !== null);
  request.lastModifiedAt = explicitModified ?? (candidates.length ? Math.max(...candidates) : fallback);
}

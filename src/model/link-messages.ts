/**
 * The parts of linking a request that concern one message: the message itself, the document
 * froide derives from one of its attachments, and the check that two timestamps are in order
 * (src/model/link-requests.ts links the request around them).
 */
import { randomUUID } from 'node:crypto';
import type { LoadedMessage } from '../content/load.ts';
import { ERRORS } from '../content/errors.ts';
import type { Problems, RecordSource } from '../content/problems.ts';
import type { DerivedDocumentInput } from '../content/schema.ts';
import { MESSAGE_KINDS, REQUEST_STATUSES } from '../content/choices.ts';
import { slugifyFileName, uuidFromId } from './names.ts';
import { messageText } from './redaction.ts';
import type { Records } from './records.ts';
import { parseTimestamp, formatDateTime, type Timestamp } from './time.ts';
import type { Attachment, Campaign, Document, FoiRequest, Jurisdiction, Law, Message, PublicBody } from './types.ts';

/** What linking requests needs of the rest of the model, and where it reports problems. */
export interface LinkContext {
  problems: Problems;
  publicBodies: Records<PublicBody>;
  jurisdictions: Records<Jurisdiction>;
  laws: Records<Law>;
  campaigns: Records<Campaign>;
  hiddenCampaigns: Set<number>;
  timeZone: string;
  fallbackModified: Timestamp;
}

/**
 * The one string of a choice: a value parsed in a worker thread comes back as a string of its
 * own, and one of those per message (`"email"`, 24-40 bytes) adds up to tens of MB.
 */
export const asChoice = <T extends string>(choices: readonly T[], value: T): T => choices.find((known) => known === value) ?? value;

/** A timestamp the content may leave out. */
export const optionalTime = (value: string | null | undefined) => (value ? parseTimestamp(value) : null);

/** One message of a request, with the problems of its sender, recipient and timestamps. */
export function linkMessage(loaded: LoadedMessage, request: FoiRequest, ctx: LinkContext): Message {
  const { data, source } = loaded;
  const timestamp = parseTimestamp(data.timestamp);
  const message: Message = {
    id: data.id,
    source,
    request,
    kind: asChoice(MESSAGE_KINDS, data.kind),
    isResponse: data.is_response,
    senderPublicBody: ctx.publicBodies.resolve(data.sender_public_body, source, ['sender_public_body']) ?? null,
    recipientPublicBody: ctx.publicBodies.resolve(data.recipient_public_body, source, ['recipient_public_body']) ?? null,
    timestamp,
    status: data.status === undefined ? request.status : asChoice(REQUEST_STATUSES, data.status),
    sent: data.sent ?? !data.is_draft,
    isDraft: data.is_draft,
    isEscalation: data.is_escalation,
    contentHidden: data.content_hidden,
    registeredMailDate: optionalTime(data.registered_mail_date),
    redacted: data.redacted,
    notPublishable: data.not_publishable,
    subject: messageText(data.subject),
    content: messageText(data.content),
    lastModifiedAt: optionalTime(data.last_modified_at) ?? timestamp,
    attachments: [],
  };
  if (data.is_response && data.sender_public_body === null) {
    ctx.problems.report(source, ['is_response'], ERRORS.ResponseWithoutSender);
  }
  if (!data.is_response && data.recipient_public_body === null) {
    ctx.problems.report(source, ['is_response'], ERRORS.MessageWithoutRecipient);
  }
  checkOrder(request.createdAt, message.timestamp, source, ['timestamp'], 'the message', `its request's created_at`, ctx.problems, ctx.timeZone);
  checkOrder(message.timestamp, message.lastModifiedAt, source, ['last_modified_at'], 'last_modified_at', 'the message\'s timestamp', ctx.problems, ctx.timeZone);
  return message;
}

/** The document froide derives from an attachment (the attachment's `document:` in content). */
export function derivedDocument(
  input: DerivedDocumentInput,
  attachment: Attachment,
  request: FoiRequest,
  source: RecordSource,
  path: (string | number)[],
  problems: Problems,
): Document {
  if (!input.listed && !input.uid) {
    problems.report(source, [...path, 'listed'], ERRORS.UnlistedWithoutUid, { what: 'document', uid: randomUUID() });
  }
  return {
    id: input.id,
    source,
    uid: input.uid ?? uuidFromId(input.id),
    title: input.title,
    slug: input.slug,
    description: input.description,
    publishedAt: null,
    public: input.public,
    listed: input.listed,
    allowAnnotation: false,
    file: attachment.file,
    fileName: slugifyFileName(attachment.name),
    lastModifiedAt: optionalTime(input.last_modified_at) ?? attachment.message.timestamp,
    properties: {},
    data: {},
    original: attachment,
    foirequest: request,
    publicbody: request.publicBody,
    collections: [],
    annotations: [],
  };
}

/** Reports `later` before `earlier`, both named as the editor wrote them. */
export function checkOrder(
  earlier: Timestamp | null,
  later: Timestamp | null,
  source: RecordSource,
  path: (string | number)[],
  laterName: string,
  earlierName: string,
  problems: Problems,
  timeZone: string,
): void {
  if (earlier === null || later === null || later >= earlier) return;
  problems.report(source, path, ERRORS.DateOrder, { later: formatDateTime(later, timeZone), earlier: formatDateTime(earlier, timeZone), laterName, earlierName });
}

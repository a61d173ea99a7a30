/**
 * A request's detail answer (with its messages and their attachments) -> request.yaml, one
 * message file each, and the attachment files to download. Redactions come back as marks:
 * each passage froide shows redacted (`[true, "[geschwärzt]"]` in `redacted_content`) becomes
 * `[[…]]` around a placeholder, so the build shows it redacted again (docs/import.md,
 * "Redactions").
 */
import { MARK_CLOSE, MARK_OPEN } from '../content/redaction-marks.ts';
import { attachmentSchema, derivedDocumentSchema } from '../content/schema.ts';
import { REDACTION_MARKER } from '../model/redaction.ts';
import { compact } from './content-files.ts';
import type { FileExpectation } from './http.ts';
import { cleanName, refuseCaseTwins } from './names.ts';
import { HIDDEN_REQUESTER } from '../model/names.ts';
import { absoluteUrl, bool, dateTimeOf, idOf, idOrNull, list, numberOf, object, hexDigestOf, textOf, type Json } from './values.ts';

/** What stands between the marks: the original passage is not published, so any word does. */
const REDACTED_PLACEHOLDER = '█';

/**
 * The content text of a subject or message from froide's segments: a redacted segment's
 * markers become marks, other text stays. Without segments (content hidden, or an instance
 * that sends none) the shown text is all there is.
 */
export function markedText(shown: unknown, segments: unknown, what: string): string {
  if (!Array.isArray(segments) || segments.length === 0) return textOf(shown, what);
  return segments
    .map((segment, index) => {
      const [hidden, part] = list(segment, `${what}[${index}]`);
      const value = textOf(part, `${what}[${index}][1]`);
      return hidden === true ? value.split(REDACTION_MARKER).join(`${MARK_OPEN}${REDACTED_PLACEHOLDER}${MARK_CLOSE}`) : value;
    })
    .join('');
}

export interface FileToFetch {
  /** Path relative to the request folder: `files/<message id>/<name>`. */
  path: string;
  url: string;
  /** The size the API announced (a file of that size on disk is not downloaded again). */
  size: number | null;
  /** What the download is checked against. */
  expect: FileExpectation;
  what: string;
}

/** A list the answer must hold: absent or null is none, anything else that is not a list is an error (never read as none). */
function listOrNone(value: unknown, what: string): unknown[] {
  return value === undefined || value === null ? [] : list(value, what);
}


export interface MappedRequest {
  request: Json;
  messages: Json[];
  files: FileToFetch[];
  /** One line each for what the answer did not publish. */
  skipped: string[];
}

function derivedDocument(value: unknown): Json | undefined {
  if (value === null || value === undefined) return undefined;
  const d = object(value, 'document');
  const record = {
    id: idOf(d.id, 'document.id'),
    uid: textOf(d.uid, 'document.uid') || undefined,
    title: textOf(d.title, 'document.title'),
    slug: textOf(d.slug, 'document.slug'),
    description: textOf(d.description, 'document.description'),
    public: bool(d.public, true),
    listed: bool(d.listed, true),
    last_modified_at: dateTimeOf(d.last_modified_at, 'document.last_modified_at') ?? undefined,
  };
  return compact('request', record, derivedDocumentSchema.shape);
}

function attachment(value: unknown, messageId: number, out: MappedRequest): Json | null {
  const a = object(value, 'attachment');
  const id = idOf(a.id, 'attachment.id');
  const name = cleanName(textOf(a.name, 'attachment.name'), `attachment ${id} of message ${messageId}`);
  const fileUrl = textOf(a.file_url, 'attachment.file_url');
  if (!fileUrl || a.pending === true) {
    out.skipped.push(`attachment ${id} (${name}) of message ${messageId}: ${a.pending === true ? 'still pending on the server' : 'no file_url'}`);
    return null;
  }
  const filetype = textOf(a.filetype, 'attachment.filetype') || undefined;
  const size = numberOf(a.size, 'attachment.size') ?? null;
  const expect = {
    size,
    sha256: hexDigestOf(a.sha256, 'attachment.sha256'),
    pdf: filetype === 'application/pdf' || /\.pdf$/i.test(name),
    html: filetype === 'text/html' || /\.html?$/i.test(name),
  };
  out.files.push({ path: `files/${messageId}/${name}`, url: absoluteUrl(fileUrl, `attachment ${id} file_url`), size, expect, what: `attachment ${id} (${name})` });
  const record = {
    id,
    name,
    filetype,
    approved: bool(a.approved, true),
    is_redacted: bool(a.is_redacted, false),
    is_irrelevant: bool(a.is_irrelevant, false),
    can_approve: bool(a.can_approve, true),
    document: derivedDocument(a.document),
  };
  return compact('message', record, attachmentSchema.shape);
}

function message(value: unknown, out: MappedRequest): { record: Json; sender: string; isResponse: boolean } {
  const m = object(value, 'message');
  const id = idOf(m.id, 'message.id');
  const attachments = listOrNone(m.attachments, `message ${id} attachments`)
    .map((a) => attachment(a, id, out))
    .filter((a): a is Json => a !== null);
  refuseCaseTwins(attachments.map((a) => a.name as string), `the attachments of message ${id}`);
  const isResponse = bool(m.is_response, false);
  const record: Json = {
    id,
    kind: textOf(m.kind, 'kind') || (bool(m.is_postal, false) ? 'post' : 'email'),
    is_response: isResponse,
    sender_public_body: idOrNull(m.sender_public_body, 'sender_public_body'),
    recipient_public_body: idOrNull(m.recipient_public_body, 'recipient_public_body'),
    timestamp: dateTimeOf(m.timestamp, 'timestamp'),
    subject: markedText(m.subject, m.redacted_subject, 'redacted_subject'),
    content: markedText(m.content, m.redacted_content, 'redacted_content'),
    status: textOf(m.status, 'status') || undefined,
    sent: bool(m.sent, true),
    is_escalation: bool(m.is_escalation, false),
    content_hidden: bool(m.content_hidden, false),
    // Newer froide versions no longer send registered_mail_date; absent means "not registered mail".
    registered_mail_date: dateTimeOf(m.registered_mail_date, 'registered_mail_date'),
    redacted: bool(m.redacted, false),
    not_publishable: bool(m.not_publishable, false),
    last_modified_at: dateTimeOf(m.last_modified_at, 'last_modified_at') ?? undefined,
    attachments,
  };
  return { record, sender: textOf(m.sender, 'sender'), isResponse };
}

export function mapRequest(answer: unknown): MappedRequest {
  const r = object(answer, 'request');
  const out: MappedRequest = { request: {}, messages: [], files: [], skipped: [] };
  // Messages left out of the answer are removed from content/: only a list can say which those are.
  const messages = list(r.messages, 'messages').map((m) => message(m, out));
  out.messages = messages.map((m) => m.record);
  const user = numberOf(r.user, 'user') ?? null;
  // The requester's public name is the sender of their own messages (FoiMessage.sender).
  const userName = user === null ? undefined : messages.find((m) => !m.isResponse && m.sender && m.sender !== HIDDEN_REQUESTER)?.sender;
  const publicBody = r.public_body === null || r.public_body === undefined ? null : idOf(r.public_body, 'public_body');
  const law = r.law === null || r.law === undefined ? null : idOf(r.law, 'law');
  out.request = {
    id: idOf(r.id, 'request.id'),
    slug: textOf(r.slug, 'slug'),
    title: textOf(r.title, 'title'),
    description: textOf(r.description, 'description'),
    summary: textOf(r.summary, 'summary'),
    public_body: publicBody,
    jurisdiction: idOrNull(r.jurisdiction, 'jurisdiction'),
    law,
    status: textOf(r.status, 'status'),
    resolution: textOf(r.resolution, 'resolution'),
    refusal_reason: textOf(r.refusal_reason, 'refusal_reason'),
    costs: numberOf(r.costs, 'costs') ?? 0,
    is_foi: bool(r.is_foi, true),
    checked: bool(r.checked, false),
    public: bool(r.public, true),
    same_as: idOrNull(r.same_as, 'same_as'),
    created_at: dateTimeOf(r.created_at, 'created_at') ?? undefined,
    due_date: dateTimeOf(r.due_date, 'due_date'),
    resolved_on: dateTimeOf(r.resolved_on, 'resolved_on'),
    last_modified_at: dateTimeOf(r.last_modified_at, 'last_modified_at') ?? undefined,
    reference: textOf(r.reference, 'reference'),
    user,
    user_name: userName,
    project: numberOf(r.project, 'project') ?? null,
    campaign: idOrNull(r.campaign, 'campaign'),
    tags: listOrNone(r.tags, 'tags').map((tag, index) => textOf(tag, `tags[${index}]`)),
  };
  if (user === null && r.user !== undefined) out.skipped.push(`request ${String(r.id)}: the requester is private (no user id, no name)`);
  return out;
}

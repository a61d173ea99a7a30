/**
 * Message (docs/api.md#message-fields and the seven fields froide adds after `attachments`, docs/froide.md#message): as
 * froide serializes it for an anonymous reader (okfde/froide:froide/foirequest/serializers.py
 * `FoiMessageSerializer`).
 */
import { MESSAGE_KINDS, REQUEST_STATUSES } from '../../../content/choices.ts';
import type { Message } from '../../../model/types.ts';
import { shown, shownSegments, shownText } from '../../../model/redaction.ts';
import { serializeAttachment } from '../attachment/serializer.ts';
import { arrayOf, boolean, dateTime, enumOf, integer, link, ref, selfLink, string, tuple, uri } from '../../field-types.ts';
import { renderDateTime } from '../context.ts';
import { defineObject } from '../object-fields.ts';
import { byId, defineBuilt, sorted } from '../serializer-spec.ts';
import { message as declaration } from './declaration.ts';
import { HIDDEN_REQUESTER } from '../../../model/names.ts';

/**
 * German labels of froide's request statuses (`FoiRequest.STATUS` choices): a message's
 * `status_name` (docs/froide.md#message).
 */
export const STATUS_NAMES: Record<string, string> = {
  awaiting_user_confirmation: 'Warte auf Nutzerbestätigung',
  publicbody_needed: 'Behörde benötigt',
  awaiting_publicbody_confirmation: 'Warte auf Bestätigung der Behörde',
  awaiting_response: 'Warte auf Antwort',
  awaiting_classification: 'Anfrage muss klassifiziert werden',
  asleep: 'Anfrage eingeschlafen',
  resolved: 'Anfrage abgeschlossen',
};

/**
 * froide's `FoiMessage.sender` on FragDenStaat (officials' names and addresses not public):
 * the requester's display name for their own messages (froide sets `sender_user` on them),
 * the sending public body's name for an answer.
 */
function sender(message: Message): string {
  if (!message.isResponse) return message.request.userName ?? HIDDEN_REQUESTER;
  return message.senderPublicBody?.name ?? '';
}

/** What several keys read: the message's text as an anonymous reader sees it, once per message. */
function shownParts(message: Message) {
  // An anonymous reader gets no text of a hidden message (docs/froide.md#message).
  const hidden = message.contentHidden;
  return { hidden, content: hidden ? undefined : shown(message.content) };
}

/** froide's `FoiMessageSerializer` keys, in its order. */
export const foiMessage = defineObject('FoiMessage', shownParts, {
  resource_uri: [selfLink('message'), (m, ctx) => ctx.urls.detail('message', m.id)],
  id: [integer, 'id'],
  url: [uri.describe('Public page of the message, ending in `#nachricht-<id>`.'), (m, ctx) => ctx.urls.messagePage(m.request.slug, m.id)],
  request: [link('request'), (m, ctx) => ctx.urls.detail('request', m.request.id)],
  sent: [boolean, 'sent'],
  is_response: [boolean, 'isResponse'],
  is_postal: [boolean, (m) => m.kind === 'post'],
  is_draft: [boolean.describe('Always false: drafts are not published.'), 'isDraft'],
  kind: [enumOf(MESSAGE_KINDS), 'kind'],
  is_escalation: [boolean, 'isEscalation'],
  content_hidden: [boolean, 'contentHidden'],
  sender_public_body: [link('publicbody').nullable(), (m, ctx) => ctx.urls.ref('publicbody', m.senderPublicBody?.id)],
  recipient_public_body: [link('publicbody').nullable(), (m, ctx) => ctx.urls.ref('publicbody', m.recipientPublicBody?.id)],
  status: [enumOf(REQUEST_STATUSES).nullable(), 'status'],
  timestamp: [dateTime, (m, ctx) => renderDateTime(ctx, m.timestamp)],
  registered_mail_date: [dateTime.nullable(), (m, ctx) => renderDateTime(ctx, m.registeredMailDate)],
  redacted: [boolean, 'redacted'],
  not_publishable: [boolean, 'notPublishable'],
  attachments: [arrayOf(ref('FoiAttachment')), (m, ctx) => m.attachments.map((attachment) => serializeAttachment(ctx, attachment))],
  subject: [string.describe('Empty when `content_hidden`; redacted passages read `[geschwärzt]`.'), (m, _, { hidden }) => (hidden ? '' : shownText(m.subject))],
  content: [string.describe('Empty when `content_hidden`; redacted passages read `[geschwärzt]`.'), (_, __, { content }) => (content === undefined ? '' : shownText(content))],
  redacted_subject: [arrayOf(tuple(boolean, string)).describe('froide\'s segments `[redacted, text]`; `[]` when `content_hidden`.'), (m, _, { hidden }) => (hidden ? [] : shownSegments(m.subject))],
  redacted_content: [arrayOf(tuple(boolean, string)).describe('froide\'s segments `[redacted, text]`; `[]` when `content_hidden`.'), (_, __, { content }) => (content === undefined ? [] : shownSegments(content))],
  sender: [string.describe('What froide shows an anonymous reader as the sender.'), sender],
  status_name: [string.nullable().describe('froide\'s German label of `status`.'), (m) => STATUS_NAMES[m.status] ?? null],
  last_modified_at: [dateTime, (m, ctx) => renderDateTime(ctx, m.lastModifiedAt)],
});

export const serializeMessage = foiMessage.serialize;

export const messageBuild = defineBuilt(declaration, {
  list: (archive) => sorted(archive.messages, byId),
  id: (message) => message.id,
  item: serializeMessage,
  ordering: 'id ascending (froide leaves it unspecified)',
});

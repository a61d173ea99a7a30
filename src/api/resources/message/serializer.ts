/**
 * Message (docs/api.md#message-fields and the seven fields froide adds after `attachments`, docs/froide.md#message): as
 * froide serializes it for an anonymous reader (okfde/froide:froide/foirequest/serializers.py
 * `FoiMessageSerializer`).
 */
import type { Message } from '../../../model/types.ts';
import { shown, shownSegments, shownText } from '../../../model/redaction.ts';
import { serializeAttachment } from '../attachment/serializer.ts';
import { renderDateTime, type RenderContext } from '../context.ts';
import { byId, defineBuilt, sorted } from '../serializer-spec.ts';
import { message as declaration } from './declaration.ts';

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
 * What froide shows for a requester whose name is not public: `User.display_name()` of a
 * private user, `_("<< Name Not Public >>")` in German (okfde/froide:froide/account/models.py).
 */
const HIDDEN_REQUESTER = '<< Anfragesteller:in >>';

/**
 * froide's `FoiMessage.sender` on FragDenStaat (officials' names and addresses not public):
 * the requester's display name for their own messages (froide sets `sender_user` on them),
 * the sending public body's name for an answer.
 */
function sender(message: Message): string {
  if (!message.isResponse) return message.request.userName ?? HIDDEN_REQUESTER;
  return message.senderPublicBody?.name ?? '';
}

export function serializeMessage(ctx: RenderContext, message: Message) {
  const { urls } = ctx;
  // An anonymous reader gets no text of a hidden message (docs/froide.md#message).
  const hidden = message.contentHidden;
  const content = hidden ? undefined : shown(message.content);
  return {
    resource_uri: urls.detail('message', message.id),
    id: message.id,
    url: urls.messagePage(message.request.slug, message.id),
    request: urls.detail('request', message.request.id),
    sent: message.sent,
    is_response: message.isResponse,
    is_postal: message.kind === 'post',
    is_draft: message.isDraft,
    kind: message.kind,
    is_escalation: message.isEscalation,
    content_hidden: message.contentHidden,
    sender_public_body: urls.ref('publicbody', message.senderPublicBody?.id),
    recipient_public_body: urls.ref('publicbody', message.recipientPublicBody?.id),
    status: message.status,
    timestamp: renderDateTime(ctx, message.timestamp),
    registered_mail_date: renderDateTime(ctx, message.registeredMailDate),
    redacted: message.redacted,
    not_publishable: message.notPublishable,
    attachments: message.attachments.map((attachment) => serializeAttachment(ctx, attachment)),
    subject: hidden ? '' : shownText(message.subject),
    content: content === undefined ? '' : shownText(content),
    redacted_subject: hidden ? [] : shownSegments(message.subject),
    redacted_content: content === undefined ? [] : shownSegments(content),
    sender: sender(message),
    status_name: STATUS_NAMES[message.status] ?? null,
    last_modified_at: renderDateTime(ctx, message.lastModifiedAt),
  };
}

export const messageBuild = defineBuilt(declaration, {
  list: (archive) => sorted(archive.messages, byId),
  id: (message) => message.id,
  item: serializeMessage,
  ordering: 'id ascending (froide leaves it unspecified)',
});

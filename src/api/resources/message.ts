/** Message (spec §2.3): exactly the spec's fields, attachments embedded. */
import type { Message } from '../../model/types.ts';
import { serializeAttachment } from './attachment.ts';
import { dateTime, type RenderContext } from './context.ts';

export function serializeMessage(ctx: RenderContext, message: Message) {
  const { urls } = ctx;
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
    timestamp: dateTime(ctx, message.timestamp),
    registered_mail_date: dateTime(ctx, message.registeredMailDate),
    redacted: message.redacted,
    not_publishable: message.notPublishable,
    attachments: message.attachments.map((attachment) => serializeAttachment(ctx, attachment)),
  };
}

/** Attachment (docs/api.md#attachment-fields): file_url always carries a token slot (docs/froide.md#media-tokens); derived document embedded. */
import { mediaPaths } from '../../media-paths.ts';
import { withTokenSlot } from '../../token-slots.ts';
import type { Attachment } from '../../../model/types.ts';
import type { RenderContext } from '../context.ts';
import { serializeDocument } from '../document/serializer.ts';
import { defineBuilt, sorted } from '../serializer-spec.ts';
import { attachment as declaration } from './declaration.ts';

export function attachmentMediaPath(attachment: Attachment): string {
  return mediaPaths.attachment(attachment.message.id, attachment.name);
}

/**
 * froide serves a public attachment's file without checking the token (docs/froide.md#media-tokens: approved,
 * and its request public). The archive holds only attachments of public requests' non-draft
 * messages (model/link-requests.ts), so approval decides.
 */
export function isPublicAttachment(attachment: Attachment): boolean {
  return attachment.approved;
}

export function serializeAttachment(ctx: RenderContext, attachment: Attachment) {
  const { urls } = ctx;
  const { message } = attachment;
  const path = attachmentMediaPath(attachment);
  return {
    resource_uri: urls.detail('attachment', attachment.id),
    id: attachment.id,
    belongs_to: urls.detail('message', message.id),
    name: attachment.name,
    filetype: attachment.filetype,
    size: attachment.file.size,
    site_url: urls.attachmentPage(message.request.slug, message.id, attachment.name),
    anchor_url: urls.messagePage(message.request.slug, message.id),
    file_url: withTokenSlot(urls.media(path)),
    pending: false,
    is_converted: false,
    converted: null,
    approved: attachment.approved,
    can_approve: attachment.canApprove,
    can_change_approval: false,
    redacted: null,
    is_redacted: attachment.isRedacted,
    can_redact: attachment.isPdf,
    can_delete: false,
    is_pdf: attachment.isPdf,
    is_image: attachment.isImage,
    is_irrelevant: attachment.isIrrelevant,
    document: attachment.document && ctx.published(attachment.document) ? serializeDocument(ctx, attachment.document) : null,
  };
}

export const attachmentBuild = defineBuilt(declaration, {
  list: (archive) => sorted(archive.attachments, (a, b) => a.name.localeCompare(b.name) || a.id - b.id),
  id: (attachment) => attachment.id,
  item: serializeAttachment,
  ordering: 'name ascending (froide: model order `name`), then id',
});

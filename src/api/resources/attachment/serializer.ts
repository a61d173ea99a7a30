/** Attachment (docs/api.md#attachment-fields): file_url always carries a token slot (docs/froide.md#media-tokens); derived document embedded. */
import { mediaPaths } from '../../media-paths.ts';
import { withTokenSlot } from '../../../formats/token-slots.ts';
import type { Attachment } from '../../../model/types.ts';
import { boolean, integer, link, ref, selfLink, string, uri } from '../../field-types.ts';
import { defineObject } from '../object-fields.ts';
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

/** froide's `FoiAttachmentSerializer` keys, in its order. */
export const foiAttachment = defineObject<Attachment>('FoiAttachment', {
  resource_uri: [selfLink('attachment'), (a, ctx) => ctx.urls.detail('attachment', a.id)],
  id: [integer, 'id'],
  belongs_to: [link('message'), (a, ctx) => ctx.urls.detail('message', a.message.id)],
  name: [string.describe('File name.'), 'name'],
  filetype: [string.describe('MIME type.'), 'filetype'],
  size: [integer.describe('Bytes.'), (a) => a.file.size],
  site_url: [uri, (a, ctx) => ctx.urls.attachmentPage(a.message.request.slug, a.message.id, a.name)],
  anchor_url: [uri, (a, ctx) => ctx.urls.messagePage(a.message.request.slug, a.message.id)],
  file_url: [uri.describe('Media URL with a signed `token` (see the media paths).'), (a, ctx) => withTokenSlot(ctx.urls.media(attachmentMediaPath(a)))],
  pending: [boolean, () => false],
  is_converted: [boolean, () => false],
  converted: [link('attachment').nullable().describe('Always null here.'), () => null],
  approved: [boolean, 'approved'],
  can_approve: [boolean, 'canApprove'],
  can_change_approval: [boolean, () => false],
  redacted: [link('attachment').nullable().describe('Always null here.'), () => null],
  is_redacted: [boolean, 'isRedacted'],
  can_redact: [boolean, 'isPdf'],
  can_delete: [boolean, () => false],
  is_pdf: [boolean, 'isPdf'],
  is_image: [boolean, 'isImage'],
  is_irrelevant: [boolean, 'isIrrelevant'],
  document: [ref('Document').nullable().describe('The document derived from the attachment.'), (a, ctx) => (a.document && ctx.published(a.document) ? serializeDocument(ctx, a.document) : null)],
});

export const serializeAttachment = foiAttachment.serialize;

export const attachmentBuild = defineBuilt(declaration, {
  list: (archive) => sorted(archive.attachments, (a, b) => a.name.localeCompare(b.name) || a.id - b.id),
  id: (attachment) => attachment.id,
  item: serializeAttachment,
  ordering: 'name ascending (froide: model order `name`), then id',
});

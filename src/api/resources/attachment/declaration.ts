/** froide's attachments (docs/froide.md#attachment). docs/api.md#responses-and-links: the list allows GET, POST, HEAD, OPTIONS. */
import type { Attachment } from '../../../model/types.ts';
import { booleanFilter, idFilter, textFilter } from '../../filters/common.ts';
import type { FilterSpec } from '../../filters/filter-spec.ts';
import { allow, defineResource, type ResourceSpec } from '../declaration-spec.ts';

const filters: FilterSpec<Attachment>[] = [
  { param: 'name', parse: textFilter, values: (a) => a.name },
  { param: 'filetype', parse: textFilter, values: (a) => a.filetype },
  { param: 'approved', parse: booleanFilter, values: (a) => a.approved },
  { param: 'is_redacted', parse: booleanFilter, values: (a) => a.isRedacted },
  { param: 'belongs_to', parse: idFilter('message'), values: (a) => a.message.id },
  { param: 'campaign', parse: { kind: 'text', none: '-' }, values: (a) => a.message.request.campaign?.slug ?? '-' },
  { param: 'publicbody', parse: idFilter(), values: (a) => a.message.request.publicBody?.id, repeat: 'or' },
];

export const attachment: ResourceSpec<Attachment> = defineResource('attachment', 'FoiAttachment', 'Foi Attachment', {
  listMethods: allow('GET', 'POST'),
  detailMethods: allow('GET', 'DELETE'),
  writeActions: [
    { path: 'approve', viewName: 'Approve', detail: true },
    { path: 'unapprove', viewName: 'Unapprove', detail: true },
    { path: 'to_document', viewName: 'To document', detail: true },
    { path: 'convert_to_pdf', viewName: 'Convert to pdf', detail: false },
  ],
  filters,
  mediaTokens: true,
  objects: { item: 'FoiAttachment', detail: 'FoiAttachment' },
});

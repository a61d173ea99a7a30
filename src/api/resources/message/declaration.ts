/** froide's messages (docs/froide.md#message). docs/api.md#responses-and-links: the list allows GET, POST, HEAD, OPTIONS. */
import { MESSAGE_KINDS } from '../../../content/choices.ts';
import type { Message } from '../../../model/types.ts';
import { booleanFilter, idFilter } from '../../filters/common.ts';
import type { FilterSpec } from '../../filters/filter-spec.ts';
import { allow, defineResource, type ResourceSpec } from '../declaration-spec.ts';

const filters: FilterSpec<Message>[] = [
  { param: 'request', parse: idFilter('request'), values: (m) => m.request.id },
  { param: 'kind', parse: { kind: 'choice', choices: MESSAGE_KINDS }, values: (m) => m.kind },
  { param: 'is_response', parse: booleanFilter, values: (m) => m.isResponse },
  { param: 'is_draft', parse: booleanFilter, values: (m) => m.isDraft },
];

export const message: ResourceSpec<Message> = defineResource('message', 'FoiMessage', 'Foi Message', {
  listMethods: allow('GET', 'POST'),
  detailMethods: allow('GET', 'PUT', 'PATCH'),
  writeActions: [{ path: 'publish', viewName: 'Publish', detail: true }],
  filters,
  mediaTokens: true,
  objects: { item: 'FoiMessage', detail: 'FoiMessage' },
});

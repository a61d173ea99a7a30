/** Law (docs/froide.md#law): list and detail share one shape. */
import type { Law } from '../../../model/types.ts';
import type { RenderContext } from '../context.ts';
import { markdownToHtml } from '../markdown.ts';
import { defineBuilt, sorted } from '../serializer-spec.ts';
import { law as declaration } from './declaration.ts';

export function serializeLaw(ctx: RenderContext, law: Law) {
  const { urls } = ctx;
  return {
    resource_uri: urls.detail('law', law.id),
    id: law.id,
    name: law.name,
    slug: law.slug,
    description: law.description,
    long_description: law.longDescription,
    law_type: law.lawType,
    created: law.created,
    request_note: law.requestNote,
    request_note_html: markdownToHtml(law.requestNote),
    meta: law.meta,
    site_url: urls.lawPage(law.slug),
    jurisdiction: urls.detail('jurisdiction', law.jurisdiction.id),
    email_only: law.emailOnly,
    mediator: urls.ref('publicbody', law.mediator?.id),
    priority: law.priority,
    url: law.url,
    max_response_time: law.maxResponseTime,
    requires_signature: law.requiresSignature,
    max_response_time_unit: law.maxResponseTimeUnit,
    letter_start: law.letterStart,
    letter_end: law.letterEnd,
    last_modified_at: law.lastModifiedAt,
    refusal_reasons: law.refusalReasons.join('\n'),
    legal_text: law.legalText,
    combined: law.combined.map((combined) => urls.detail('law', combined.id)),
  };
}

export const lawBuild = defineBuilt(declaration, {
  list: (archive) => sorted(archive.laws, (a, b) => Number(b.meta) - Number(a.meta) || b.priority - a.priority || a.id - b.id),
  id: (law) => law.id,
  item: serializeLaw,
  ordering: 'meta laws first, then priority descending (froide: `-meta, -priority`), then id',
  actions: { autocomplete: { source: 'list', value: (law: Law) => law.id, label: (law: Law) => law.name } },
});

/** Law (docs/froide.md#law): list and detail share one shape. */
import { LAW_RESPONSE_TIME_UNITS } from '../../../content/choices.ts';
import type { Law } from '../../../model/types.ts';
import { arrayOf, boolean, date, enumOf, integer, link, selfLink, string, uri } from '../../field-types.ts';
import { markdownToHtml } from '../markdown.ts';
import { defineObject } from '../object-fields.ts';
import { defineBuilt, sorted } from '../serializer-spec.ts';
import { law as declaration } from './declaration.ts';

/** froide's `FoiLawSerializer` keys, in its order. */
export const foiLaw = defineObject<Law>('FoiLaw', {
  resource_uri: [selfLink('law'), (law, ctx) => ctx.urls.detail('law', law.id)],
  id: [integer, 'id'],
  name: [string, 'name'],
  slug: [string, 'slug'],
  description: [string, 'description'],
  long_description: [string, 'longDescription'],
  law_type: [string, 'lawType'],
  created: [date.nullable(), 'created'],
  request_note: [string, 'requestNote'],
  request_note_html: [string, (law) => markdownToHtml(law.requestNote)],
  meta: [boolean, 'meta'],
  site_url: [uri, (law, ctx) => ctx.urls.lawPage(law.slug)],
  jurisdiction: [link('jurisdiction'), (law, ctx) => ctx.urls.detail('jurisdiction', law.jurisdiction.id)],
  email_only: [boolean, 'emailOnly'],
  mediator: [link('publicbody').nullable(), (law, ctx) => ctx.urls.ref('publicbody', law.mediator?.id)],
  priority: [integer, 'priority'],
  url: [string, 'url'],
  max_response_time: [integer.nullable(), 'maxResponseTime'],
  requires_signature: [boolean, 'requiresSignature'],
  max_response_time_unit: [enumOf(LAW_RESPONSE_TIME_UNITS), 'maxResponseTimeUnit'],
  letter_start: [string, 'letterStart'],
  letter_end: [string, 'letterEnd'],
  last_modified_at: [date.nullable().describe("Python's str() of a date (docs/api.md#values)."), 'lastModifiedAt'],
  refusal_reasons: [string.describe('One reason per line.'), (law) => law.refusalReasons.join('\n')],
  legal_text: [string, 'legalText'],
  combined: [arrayOf(link('law')), (law, ctx) => law.combined.map((combined) => ctx.urls.detail('law', combined.id))],
});

export const serializeLaw = foiLaw.serialize;

export const lawBuild = defineBuilt(declaration, {
  list: (archive) => sorted(archive.laws, (a, b) => Number(b.meta) - Number(a.meta) || b.priority - a.priority || a.id - b.id),
  id: (law) => law.id,
  item: serializeLaw,
  ordering: 'meta laws first, then priority descending (froide: `-meta, -priority`), then id',
  actions: { autocomplete: { source: 'list', value: (law: Law) => law.id, label: (law: Law) => law.name } },
});

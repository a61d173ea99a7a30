/**
 * Public body (docs/froide.md#publicbody): list shape, detail shape (laws expanded) and the simple shape
 * embedded in requests (docs/froide.md#request).
 */
import type { PublicBody } from '../../../model/types.ts';
import { formatPythonDateTime } from '../../../model/time.ts';
import type { RenderContext } from '../context.ts';
import { serializeJurisdiction } from '../jurisdiction/serializer.ts';
import { serializeLaw } from '../law/serializer.ts';
import { markdownToHtml } from '../markdown.ts';
import { defineBuilt, sorted } from '../serializer-spec.ts';
import { publicbody as declaration } from './declaration.ts';
import { embedPacks } from '../../embeds.ts';
import { geoJsonPoint } from '../../../formats/geo.ts';
import { apiJson } from '../../../formats/json.ts';

/** The leading keys both public body shapes share, in froide's order. */
function identity(ctx: RenderContext, body: PublicBody) {
  return {
    resource_uri: ctx.urls.detail('publicbody', body.id),
    id: body.id,
    name: body.name,
    slug: body.slug,
    other_names: body.otherNames.join(', '),
    description: body.description,
    url: body.url,
  };
}

/** How to reach the body; the same run of keys in both shapes. */
function contact(ctx: RenderContext, body: PublicBody) {
  return {
    email: body.email,
    contact: body.contact,
    address: body.address,
    fax: body.fax,
    request_note: body.requestNote,
    number_of_requests: body.numberOfRequests,
    site_url: ctx.urls.publicBodyPage(body.id, body.slug),
  };
}

function serializePublicBody(ctx: RenderContext, body: PublicBody) {
  const { urls } = ctx;
  return {
    ...identity(ctx, body),
    parent: urls.ref('publicbody', body.parent?.id),
    root: urls.detail('publicbody', body.root.id),
    depth: body.depth,
    classification: body.classification
      ? { id: body.classification.id, name: body.classification.name, slug: body.classification.slug, depth: body.classification.depth }
      : null,
    categories: body.categories.map((category) => ({
      id: category.id,
      name: category.name,
      slug: category.slug,
      is_topic: category.isTopic,
      depth: category.depth,
    })),
    ...contact(ctx, body),
    request_note_html: markdownToHtml(body.requestNote),
    jurisdiction: serializeJurisdiction(ctx, body.jurisdiction),
    laws: body.laws.map((law) => urls.detail('law', law.id)) as unknown[],
    regions: body.regions.map((region) => urls.detail('georegion', region.id)),
    source_reference: body.sourceReference,
    alternative_emails: body.alternativeEmails,
    wikidata_item: body.wikidataItem,
    extra_data: body.extraData,
    geo: geoJsonPoint(body.geo),
  };
}

export function serializePublicBodyDetail(ctx: RenderContext, body: PublicBody) {
  return { ...serializePublicBody(ctx, body), laws: body.laws.map((law) => serializeLaw(ctx, law)) };
}

/** SimplePublicBody, embedded in request list items (docs/froide.md#request). */
export function serializeSimplePublicBody(ctx: RenderContext, body: PublicBody) {
  const { urls } = ctx;
  return {
    ...identity(ctx, body),
    depth: body.depth,
    classification: urls.ref('classification', body.classification?.id),
    ...contact(ctx, body),
    jurisdiction: urls.detail('jurisdiction', body.jurisdiction.id),
    request_note_html: markdownToHtml(body.requestNote),
    geo: geoJsonPoint(body.geo),
    last_modified_at: formatPythonDateTime(body.lastModifiedAt),
  };
}

export const publicbodyBuild = defineBuilt(declaration, {
  list: (archive) => sorted(archive.publicBodies, (a, b) => a.name.localeCompare(b.name, 'de') || a.id - b.id),
  id: (body) => body.id,
  item: serializePublicBody,
  detail: serializePublicBodyDetail,
  ordering: 'name (froide: `name`), then id',
  // The simple shape of every body, by id: what a request's list item refers to (src/api/embeds.ts).
  files: (archive, ctx) => embedPacks('s', archive.publicBodies.map((body) => [body.id, apiJson(serializeSimplePublicBody(ctx, body))] as const)),
  // froide: `{"value": t.id, "label": t.name}` over the filtered list, in list order.
  actions: { autocomplete: { source: 'list', value: (body: PublicBody) => body.id, label: (body: PublicBody) => body.name } },
});

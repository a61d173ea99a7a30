/**
 * Public body (docs/froide.md#publicbody): list shape, detail shape (laws expanded) and the simple shape
 * embedded in requests (docs/froide.md#request).
 */
import type { Category, Classification, PublicBody } from '../../../model/types.ts';
import { formatPythonDateTime } from '../../../model/time.ts';
import { arrayOf, boolean, freeObject, integer, link, mapOf, pythonDateTime, ref, selfLink, string, uri } from '../../field-types.ts';
import { serializeJurisdiction } from '../jurisdiction/serializer.ts';
import { serializeLaw } from '../law/serializer.ts';
import { markdownToHtml } from '../markdown.ts';
import { defineObject, extendObject, type Fields } from '../object-fields.ts';
import { defineBuilt, sorted } from '../serializer-spec.ts';
import { publicbody as declaration } from './declaration.ts';
import { embedPacks } from '../../embeds.ts';
import { geoJsonPoint } from '../../../formats/geo.ts';
import { apiJson } from '../../../formats/json.ts';

/** The leading keys both public body shapes share, in froide's order. */
const identity: Fields<PublicBody, undefined> = {
  resource_uri: [selfLink('publicbody'), (body, ctx) => ctx.urls.detail('publicbody', body.id)],
  id: [integer, 'id'],
  name: [string, 'name'],
  slug: [string, 'slug'],
  other_names: [string.describe('Comma-separated.'), (body) => body.otherNames.join(', ')],
  description: [string, 'description'],
  url: [string.nullable().describe('Website.'), 'url'],
};

/** How to reach the body; the same run of keys in both shapes. */
const contact: Fields<PublicBody, undefined> = {
  email: [string, 'email'],
  contact: [string, 'contact'],
  address: [string, 'address'],
  fax: [string, 'fax'],
  request_note: [string.describe('Markdown.'), 'requestNote'],
  number_of_requests: [integer, 'numberOfRequests'],
  site_url: [uri, (body, ctx) => ctx.urls.publicBodyPage(body.id, body.slug)],
};

export const simpleClassification = defineObject<Classification>('SimpleClassification', {
  id: [integer, 'id'],
  name: [string, 'name'],
  slug: [string, 'slug'],
  depth: [integer, 'depth'],
});

export const simpleCategory = defineObject<Category>('SimpleCategory', {
  id: [integer, 'id'],
  name: [string, 'name'],
  slug: [string, 'slug'],
  is_topic: [boolean, 'isTopic'],
  depth: [integer, 'depth'],
});

/** froide's `PublicBodyListSerializer` keys, in its order. */
export const publicBodyList = defineObject<PublicBody>('PublicBodyList', {
  ...identity,
  parent: [link('publicbody').nullable(), (body, ctx) => ctx.urls.ref('publicbody', body.parent?.id)],
  root: [link('publicbody'), (body, ctx) => ctx.urls.detail('publicbody', body.root.id)],
  depth: [integer, 'depth'],
  classification: [ref('SimpleClassification').nullable(), (body, ctx) => (body.classification ? simpleClassification.serialize(ctx, body.classification) : null)],
  categories: [arrayOf(ref('SimpleCategory')), (body, ctx) => body.categories.map((category) => simpleCategory.serialize(ctx, category))],
  ...contact,
  request_note_html: [string, (body) => markdownToHtml(body.requestNote)],
  jurisdiction: [ref('Jurisdiction'), (body, ctx) => serializeJurisdiction(ctx, body.jurisdiction)],
  laws: [arrayOf(link('law')), (body, ctx) => body.laws.map((law) => ctx.urls.detail('law', law.id))],
  regions: [arrayOf(link('georegion')), (body, ctx) => body.regions.map((region) => ctx.urls.detail('georegion', region.id))],
  source_reference: [string, 'sourceReference'],
  alternative_emails: [mapOf(string), 'alternativeEmails'],
  wikidata_item: [string, 'wikidataItem'],
  extra_data: [freeObject, 'extraData'],
  geo: [ref('GeoPoint').nullable(), (body) => geoJsonPoint(body.geo)],
});

/** The detail: the list shape with the laws in full. */
export const publicBodyDetail = extendObject(publicBodyList, 'PublicBody', {
  laws: [arrayOf(ref('FoiLaw')), (body, ctx) => body.laws.map((law) => serializeLaw(ctx, law))],
});

export const serializePublicBodyDetail = publicBodyDetail.serialize;

/** SimplePublicBody, embedded in request list items (docs/froide.md#request). */
export const simplePublicBody = defineObject<PublicBody>('SimplePublicBody', {
  ...identity,
  depth: [integer, 'depth'],
  classification: [link('classification').nullable(), (body, ctx) => ctx.urls.ref('classification', body.classification?.id)],
  ...contact,
  jurisdiction: [link('jurisdiction'), (body, ctx) => ctx.urls.detail('jurisdiction', body.jurisdiction.id)],
  request_note_html: [string, (body) => markdownToHtml(body.requestNote)],
  geo: [ref('GeoPoint').nullable(), (body) => geoJsonPoint(body.geo)],
  last_modified_at: [pythonDateTime, (body) => formatPythonDateTime(body.lastModifiedAt)],
});

export const serializeSimplePublicBody = simplePublicBody.serialize;

export const publicbodyBuild = defineBuilt(declaration, {
  list: (archive) => sorted(archive.publicBodies, (a, b) => a.name.localeCompare(b.name, 'de') || a.id - b.id),
  id: (body) => body.id,
  item: publicBodyList.serialize,
  detail: serializePublicBodyDetail,
  ordering: 'name (froide: `name`), then id',
  // The simple shape of every body, by id: what a request's list item refers to (src/api/embeds.ts).
  files: (archive, ctx) => embedPacks('s', archive.publicBodies.map((body) => [body.id, apiJson(serializeSimplePublicBody(ctx, body))] as const)),
  // froide: `{"value": t.id, "label": t.name}` over the filtered list, in list order.
  actions: { autocomplete: { source: 'list', value: (body: PublicBody) => body.id, label: (body: PublicBody) => body.name } },
});

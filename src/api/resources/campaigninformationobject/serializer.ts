/**
 * Information objects of froide-campaign campaigns (docs/froide.md#campaigninformationobject;
 * okfde/froide-campaign:froide_campaign/providers/base.py `get_default_item_data`,
 * serializers.py `CampaignProviderItemSerializer`, `CampaignProviderRequestSerializer`).
 * Keys follow the serializers' field order.
 */
import type { FoiRequest, InformationObject } from '../../../model/types.ts';
import { REQUEST_RESOLUTIONS } from '../../../content/choices.ts';
import { arrayOf, boolean, enumOf, freeObject, integer, link, number, ref, relative, string, uri } from '../../field-types.ts';
import type { RenderContext } from '../context.ts';
import { defineObject } from '../object-fields.ts';
import { serializePublicBodyDetail } from '../publicbody/serializer.ts';
import { buildPaths } from '../../build-paths.ts';
import { defineBuilt, sorted } from '../serializer-spec.ts';
import { campaigninformationobject as declaration } from './declaration.ts';

/** Django's `escape`, which a template applies to every variable (autoescape). */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

/**
 * The campaign templates (description, subject, body) with the part of Django's template
 * language they use: `{{ name }}` and `{{ name.key }}` over the object's context
 * `{title, ident, context, publicbody}`; an unknown variable is "" (docs/content-guide.md).
 */
function renderTemplate(template: string, object: InformationObject, escape: boolean): string {
  const root: Record<string, unknown> = {
    title: object.title,
    ident: object.ident,
    context: object.context,
    publicbody: object.publicBody ? { name: object.publicBody.name, slug: object.publicBody.slug, id: object.publicBody.id } : null,
  };
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, path: string) => {
    let value: unknown = root;
    for (const key of path.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    const text = value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
    return escape ? escapeHtml(text) : text;
  });
}

/** froide-campaign `get_foirequest_api_data`: the newest request decides. */
function resolutionOf(request: FoiRequest): string {
  if (request.resolution === 'successful' || request.resolution === 'partially_successful') return 'successful';
  if (request.resolution === 'refused') return 'refused';
  if (request.resolution === 'user_withdrew' || request.resolution === 'user_withdrew_costs') return 'user_withdrew';
  return 'pending';
}

/**
 * froide-campaign has no resource_uri; docs/api.md#responses-and-links says every object carries one. The detail
 * resolves only with the campaign (docs/froide.md#campaigninformationobject), so the URL carries it (docs/api.md).
 */
function resourceUri(ctx: RenderContext, object: InformationObject): string {
  return ctx.urls.detail('campaigninformationobject', object.ident, { campaign: object.campaign.id });
}

/** Both shapes' first key. */
const RESOURCE_URI = [
  link('campaigninformationobject').describe("The object's own API URL (`/api/v1/campaigninformationobject/<ident>/?campaign=<id>`)."),
  (object: InformationObject, ctx: RenderContext) => resourceUri(ctx, object),
] as const;

/** `CampaignProviderRequestSerializer`: only published requests can be linked, so each is public and readable. */
export const informationObjectRequest = defineObject<FoiRequest>('InformationObjectRequest', {
  id: [integer, 'id'],
  resolution: [enumOf(REQUEST_RESOLUTIONS), 'resolution'],
  public: [boolean, () => true],
  readable: [boolean, () => true],
});

export const informationObjectCategory = defineObject<InformationObject['categories'][number]>('InformationObjectCategory', {
  id: [integer, 'id'],
  title: [string, 'title'],
});

/** `CampaignProviderItemSerializer` keys, in its order. */
export const informationObject = defineObject<InformationObject>('InformationObject', {
  resource_uri: RESOURCE_URI,
  id: [integer, 'id'],
  ident: [string, 'ident'],
  title: [string, 'title'],
  subtitle: [string, 'subtitle'],
  address: [string, 'address'],
  request_url: [relative, (object, ctx) => ctx.urls.campaignRequestRedirect(object.campaign.id, object.ident)],
  publicbody_name: [string.nullable(), (object) => object.publicBody?.name ?? null],
  description: [string.describe('HTML.'), (object) => renderTemplate(object.campaign.description || '{{ title }}', object, true)],
  foirequest: [integer.nullable().describe('Id of the newest request.'), (object) => object.requests[0]?.id ?? null],
  foirequests: [arrayOf(ref('InformationObjectRequest')), (object, ctx) => object.requests.map((request) => informationObjectRequest.serialize(ctx, request))],
  lat: [number.nullable(), 'lat'],
  lng: [number.nullable(), 'lng'],
  resolution: [
    enumOf(['normal', 'pending', 'successful', 'refused', 'user_withdrew']),
    (object) => (object.requests[0] ? resolutionOf(object.requests[0]) : 'normal'),
  ],
  public: [boolean, () => true],
  readable: [boolean, () => true],
  context: [freeObject, 'context'],
  categories: [arrayOf(ref('InformationObjectCategory')), (object, ctx) => object.categories.map((category) => informationObjectCategory.serialize(ctx, category))],
  featured: [boolean, 'featured'],
});

/** froide-campaign `make_request_url`: the prefilled request form for this object. */
function makeRequestUrl(ctx: RenderContext, object: InformationObject): string {
  const { campaign } = object;
  let subject = renderTemplate(campaign.subjectTemplate || '{{ title }}', object, false);
  if (subject.length > 250) subject = `${subject.slice(0, 250)}...`;
  const query: [string, string][] = [
    ['subject', subject],
    ['body', renderTemplate(campaign.template, object, false)],
    ['ref', `campaign:${campaign.id}@${object.ident}`],
  ];
  if (campaign.lawType) query.push(['law_type', campaign.lawType]);
  if (campaign.redirectUrl) query.push(['redirect_url', campaign.redirectUrl]);
  const hidden = ['public', 'full_text', 'similar', 'draft', 'editing', ...(object.publicBody ? ['publicbody'] : [])];
  for (const feature of hidden) query.push([`hide_${feature}`, '1']);
  return ctx.urls.makeRequestPage(object.publicBody?.slug ?? null, query);
}

/**
 * The detail (`get_request_serializer`): froide builds it from the object data without its
 * requests, so `public` is always true, and from keys without `name`, so `name` is absent.
 */
export const informationObjectDetail = defineObject(
  'InformationObjectDetail',
  (object: InformationObject, ctx) => (object.publicBody ? serializePublicBodyDetail(ctx, object.publicBody) : null),
  {
    resource_uri: RESOURCE_URI,
    ident: [string, 'ident'],
    lat: [number.nullable(), 'lat'],
    lng: [number.nullable(), 'lng'],
    address: [string, 'address'],
    publicbody: [ref('PublicBody').nullable(), (_, __, body) => body],
    publicbodies: [arrayOf(ref('PublicBody')), (_, __, body) => (body ? [body] : [])],
    makeRequestURL: [uri, (object, ctx) => makeRequestUrl(ctx, object)],
    userRequestCount: [integer, () => 0],
    public: [boolean, () => true],
  },
);

export const campaigninformationobjectBuild = defineBuilt(declaration, {
  list: (archive) =>
    sorted(archive.informationObjects, (a, b) => a.campaign.id - b.campaign.id || (a.ordering < b.ordering ? 1 : a.ordering > b.ordering ? -1 : 0) || a.id - b.id),
  id: (object) => `${object.campaign.id}/${object.ident}`,
  item: informationObject.serialize,
  detail: informationObjectDetail.serialize,
  files: (archive) => [
    { path: buildPaths.data('campaigninformationobject', 'campaigns'), body: JSON.stringify(archive.infoCampaigns.map((campaign) => campaign.id).sort((a, b) => a - b)) },
  ],
  ordering: '`ordering` descending, then id (froide-campaign: model order `-ordering, id`); by distance with `lat`, `lng`, `radius` and `zoom` >= 8 and no `q`',
});

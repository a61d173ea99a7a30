/**
 * Venue (okfde/froide-food:froide_food/api_views.py `VenueSerializer`, docs/froide.md#venue). Keys follow
 * the serializer's field order; optional fields a venue lacks are left out, as DRF skips a
 * missing non-required key, while `custom`, `requests` and `authority_cooperative` are always
 * there. The list item carries what a search answers (no public body); the detail adds what
 * `retrieve` adds: the authority in charge, its status, the prefilled request form and the
 * documents of each request.
 */
import type { Attachment, FoiRequest, Venue } from '../../../model/types.ts';
import { REQUEST_RESOLUTIONS, REQUEST_STATUSES } from '../../../content/choices.ts';
import { arrayOf, boolean, dateTime, enumOf, integer, number, ref, relative, selfLink, string, uri } from '../../field-types.ts';
import { renderDateTime, type RenderContext } from '../context.ts';
import { defineObject, type Fields } from '../object-fields.ts';
import { serializePublicBodyDetail } from '../publicbody/serializer.ts';
import { defineBuilt, sorted } from '../serializer-spec.ts';
import { venue as declaration } from './declaration.ts';

/** froide-food's request text (froide_food/utils.py Q1, Q2). */
const Q1 = '1. Wann haben die beiden letzten lebensmittelrechtlichen Betriebsüberprüfungen im folgenden Betrieb stattgefunden:';
const Q2 = '2. Kam es hierbei zu Beanstandungen? Falls ja, beantrage ich hiermit die Herausgabe des entsprechenden Kontrollberichts an mich.';

/** froide-food `get_city`: the venue's city, else "PLZ Ort" from the address, else the part after the last comma. */
function cityOf(venue: Venue): string {
  if (venue.city) return venue.city;
  const plz = /\d{5} ([\p{L}\p{N}_ -]+)/u.exec(venue.address);
  if (plz) return plz[1]!;
  const comma = /, ([\p{L}\p{N}_ -]+)$/u.exec(venue.address.replace(', Deutschland', ''));
  return comma ? comma[1]! : '';
}

function makeRequestUrl(ctx: RenderContext, venue: Venue, slug: string): string {
  const city = cityOf(venue);
  let subject = city ? `Kontrollbericht zu ${venue.name}, ${city}` : `Kontrollbericht zu ${venue.name}`;
  if (subject.length > 250) subject = `${subject.slice(0, 250)}...`;
  const hidden = ['hide_public', 'hide_full_text', 'hide_similar', 'hide_publicbody', 'hide_draft', 'hide_editing'];
  return ctx.urls.makeRequestPage(slug, [
    ['subject', subject],
    ['body', `${Q1}\n${venue.name}\n${venue.address}\n\n${Q2}\n`],
    ['ref', `food:${venue.ident}`],
    ['law_type', 'VIG'],
    // froide-food's short URL, which redirects to /kampagnen/lebensmittelkontrolle/gesendet/
    ['redirect', '/k/lks'],
    ...hidden.map((key): [string, string] => [key, '1']),
  ]);
}

/** A venue's request with the documents its answer shows (none in lists). */
interface VenueRequestOf {
  request: FoiRequest;
  documents: Attachment[];
}

export const venueDocument = defineObject<Attachment>('VenueDocument', {
  name: [string, 'name'],
  url: [uri, (attachment, ctx) => ctx.urls.attachmentPage(attachment.message.request.slug, attachment.message.id, attachment.name)],
});

export const venueRequest = defineObject<VenueRequestOf>('VenueRequest', {
  id: [integer, ({ request }) => request.id],
  url: [relative, ({ request }, ctx) => ctx.urls.requestPage(request.slug)],
  status: [enumOf(REQUEST_STATUSES), ({ request }) => request.status],
  resolution: [enumOf(REQUEST_RESOLUTIONS), ({ request }) => request.resolution],
  timestamp: [dateTime.nullable(), ({ request }, ctx) => renderDateTime(ctx, request.createdAt)],
  documents: [arrayOf(ref('VenueDocument')).describe('Empty in lists.'), ({ documents }, ctx) => documents.map((attachment) => venueDocument.serialize(ctx, attachment))],
});

/**
 * The keys of both shapes before the detail's additions. A key whose value is undefined is
 * left out of the JSON text, as DRF skips a missing non-required key (`.maybe()` in the table).
 */
function venueFields(withDocuments: boolean): Fields<Venue, undefined> {
  return {
    // froide-food has none; docs/api.md#responses-and-links: every object carries its own URL (docs/api.md).
    resource_uri: [selfLink('venue'), (venue, ctx) => ctx.urls.detail('venue', venue.ident)],
    ident: [string.describe('`<provider>:<id>`.'), 'ident'],
    lat: [number, 'lat'],
    lng: [number, 'lng'],
    name: [string, 'name'],
    address: [string, 'address'],
    city: [string.maybe(), 'city'],
    image: [string.maybe(), 'image'],
    url: [string.maybe(), 'url'],
    rating: [number.maybe(), 'rating'],
    review_count: [integer.maybe(), 'reviewCount'],
    category: [string.maybe(), 'category'],
    // froide-food sets these only for venues somebody requested a report for.
    last_status: [enumOf(REQUEST_STATUSES).maybe(), (venue) => venue.requests[0]?.status],
    last_resolution: [enumOf(REQUEST_RESOLUTIONS).maybe(), (venue) => venue.requests[0]?.resolution],
    last_request: [dateTime.nullable().maybe(), (venue, ctx) => (venue.requests[0] ? renderDateTime(ctx, venue.requests[0].createdAt) : undefined)],
    custom: [boolean, (venue) => venue.ident.startsWith('custom:')],
    requests: [
      arrayOf(ref('VenueRequest')),
      (venue, ctx) =>
        venue.requests.map((request) => venueRequest.serialize(ctx, { request, documents: withDocuments ? request.messages.flatMap((message) => message.attachments) : [] })),
    ],
  };
}

/** froide-food's `VenueSerializer` keys, in its order. */
export const venueObject = defineObject<Venue>('Venue', {
  ...venueFields(false),
  authority_cooperative: [boolean, () => false],
});

/** `retrieve`: the authority in charge, when there is one, and the prefilled request form. */
export const venueDetail = defineObject<Venue>('VenueDetail', {
  ...venueFields(true),
  publicbody: [ref('PublicBody').maybe(), (venue, ctx) => (venue.publicBody ? serializePublicBodyDetail(ctx, venue.publicBody) : undefined)],
  makeRequestURL: [uri.maybe(), (venue, ctx) => (venue.publicBody ? makeRequestUrl(ctx, venue, venue.publicBody.slug) : undefined)],
  // An anonymous caller has made no requests (froide-food get_request_count).
  userRequestCount: [integer.maybe(), (venue) => (venue.publicBody ? 0 : undefined)],
  authority_title: [string.maybe(), (venue) => (venue.publicBody ? venue.authority?.title : undefined)],
  authority_description: [string.maybe(), (venue) => (venue.publicBody ? venue.authority?.description : undefined)],
  authority_cooperative: [boolean, (venue) => (venue.publicBody ? (venue.authority?.cooperative ?? false) : false)],
});

export const venueBuild = defineBuilt(declaration, {
  // Positions only: every answer orders the venues in range by distance (src/serve/api/views/venue.ts).
  list: (archive) => sorted(archive.venues, (a, b) => (a.ident < b.ident ? -1 : a.ident > b.ident ? 1 : 0)),
  id: (venue) => venue.ident,
  item: venueObject.serialize,
  detail: venueDetail.serialize,
  ordering: 'distance from `lat`/`lng`, nearest first, then ident (froide-food: distance; random order when `zoom` < 15); at most 100',
});

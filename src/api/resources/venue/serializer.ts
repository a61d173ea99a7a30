/**
 * Venue (okfde/froide-food:froide_food/api_views.py `VenueSerializer`, docs/froide.md#venue). Keys follow
 * the serializer's field order; optional fields a venue lacks are left out, as DRF skips a
 * missing non-required key, while `custom`, `requests` and `authority_cooperative` are always
 * there. The list item carries what a search answers (no public body); the detail adds what
 * `retrieve` adds: the authority in charge, its status, the prefilled request form and the
 * documents of each request.
 */
import type { Attachment, FoiRequest, Venue } from '../../../model/types.ts';
import { renderDateTime, type RenderContext } from '../context.ts';
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

function serializeRequest(ctx: RenderContext, request: FoiRequest, documents: Attachment[]) {
  return {
    id: request.id,
    url: ctx.urls.requestPage(request.slug),
    status: request.status,
    resolution: request.resolution,
    timestamp: renderDateTime(ctx, request.createdAt),
    documents: documents.map((attachment) => ({
      name: attachment.name,
      url: ctx.urls.attachmentPage(request.slug, attachment.message.id, attachment.name),
    })),
  };
}

function present<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function venueFields(ctx: RenderContext, venue: Venue, withDocuments: boolean) {
  const newest = venue.requests[0];
  return {
    // froide-food has none; docs/api.md#responses-and-links: every object carries its own URL (docs/api.md).
    resource_uri: ctx.urls.detail('venue', venue.ident),
    ident: venue.ident,
    ...present({
      lat: venue.lat,
      lng: venue.lng,
      name: venue.name,
      address: venue.address,
      city: venue.city,
      image: venue.image,
      url: venue.url,
      rating: venue.rating,
      review_count: venue.reviewCount,
      category: venue.category,
      // froide-food sets these only for venues somebody requested a report for.
      last_status: newest?.status,
      last_resolution: newest?.resolution,
      last_request: newest ? renderDateTime(ctx, newest.createdAt) : undefined,
    }),
    custom: venue.ident.startsWith('custom:'),
    requests: venue.requests.map((request) =>
      serializeRequest(ctx, request, withDocuments ? request.messages.flatMap((message) => message.attachments) : []),
    ),
  };
}

function serializeVenue(ctx: RenderContext, venue: Venue) {
  return { ...venueFields(ctx, venue, false), authority_cooperative: false };
}

function serializeVenueDetail(ctx: RenderContext, venue: Venue) {
  const body = venue.publicBody;
  if (!body) return { ...venueFields(ctx, venue, true), authority_cooperative: false };
  return {
    ...venueFields(ctx, venue, true),
    publicbody: serializePublicBodyDetail(ctx, body),
    makeRequestURL: makeRequestUrl(ctx, venue, body.slug),
    // An anonymous caller has made no requests (froide-food get_request_count).
    userRequestCount: 0,
    ...(venue.authority ? { authority_title: venue.authority.title, authority_description: venue.authority.description } : {}),
    authority_cooperative: venue.authority?.cooperative ?? false,
  };
}

export const venueBuild = defineBuilt(declaration, {
  // Positions only: every answer orders the venues in range by distance (src/serve/api/views/venue.ts).
  list: (archive) => sorted(archive.venues, (a, b) => (a.ident < b.ident ? -1 : a.ident > b.ident ? 1 : 0)),
  id: (venue) => venue.ident,
  item: serializeVenue,
  detail: serializeVenueDetail,
  ordering: 'distance from `lat`/`lng`, nearest first, then ident (froide-food: distance; random order when `zoom` < 15); at most 100',
});

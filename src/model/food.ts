/**
 * Venues and food authorities (okfde/froide-food): venues from content/venues.yaml, linked to
 * the food safety authority in charge and to the control-report requests made about them.
 * Pure: no I/O.
 */
import type { LoadedContent } from '../content/load.ts';
import { ERRORS } from '../content/errors.ts';
import type { Problems } from '../content/problems.ts';
import { newestFirst, type PublishedRequests } from './published-requests.ts';
import { Records } from './records.ts';
import { UniqueKeys } from './unique.ts';
import type { FoodAuthority, PublicBody, Venue } from './types.ts';

interface Context {
  problems: Problems;
  publicBodies: Records<PublicBody>;
  requests: PublishedRequests;
}

/** froide-food: FoodAuthorityStatus per public body (the first one wins, as `.first()` does). */
function linkAuthorities(content: LoadedContent, ctx: Context): Map<PublicBody, FoodAuthority> {
  const authorities = new Records<FoodAuthority>('food authority', ctx.problems, 'foodauthority');
  const byBody = new Map<PublicBody, FoodAuthority>();
  const listed = new UniqueKeys<number>();
  for (const { data, source } of content.foodAuthorities) {
    const authority: FoodAuthority = { id: data.id, source, title: data.title, description: data.description, cooperative: data.cooperative };
    if (!authorities.add(authority)) continue;
    data.publicbodies.forEach((id, index) => {
      const body = ctx.publicBodies.resolve(id, source, ['publicbodies', index]);
      if (body && listed.claim(id, { source, path: ['publicbodies', index] })) byBody.set(body, authority);
    });
  }
  authorities.reportDuplicates();
  listed.report(ctx.problems, ERRORS.FoodAuthorityTwice, (id, others) => ({ id, others }));
  return byBody;
}

export function linkVenues(content: LoadedContent, ctx: Context): Venue[] {
  const authorities = linkAuthorities(content, ctx);
  const venues = new Map<string, Venue>();
  const idents = new UniqueKeys<string>();
  for (const { data, source } of content.venues) {
    const publicBody = ctx.publicBodies.resolve(data.publicbody, source, ['publicbody']) ?? null;
    const requests = data.requests.flatMap((id, index) => ctx.requests.resolve(id, source, ['requests', index]) ?? []);
    const venue: Venue = {
      ident: data.ident,
      source,
      name: data.name,
      address: data.address,
      city: data.city,
      lat: data.lat,
      lng: data.lng,
      category: data.category,
      image: data.image,
      url: data.url,
      rating: data.rating,
      reviewCount: data.review_count,
      publicBody,
      authority: publicBody ? (authorities.get(publicBody) ?? null) : null,
      requests: [...new Set(requests)].sort(newestFirst),
    };
    if (idents.claim(venue.ident, { source, path: ['ident'] })) venues.set(venue.ident, venue);
  }
  idents.report(ctx.problems, ERRORS.DuplicateVenueIdent, (ident, others) => ({ ident, others }));
  return [...venues.values()];
}

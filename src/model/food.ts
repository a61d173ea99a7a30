/**
 * Venues and food authorities (okfde/froide-food): venues from content/venues.yaml, linked to
 * the food safety authority in charge and to the control-report requests made about them.
 * Pure: no I/O.
 */
import type { LoadedContent } from '../content/load.ts';
import type { Problems } from '../content/problems.ts';
import { newestFirst, type PublishedRequests } from './published-requests.ts';
import { Registry } from './registry.ts';
import { UniqueKeys } from './unique.ts';
import type { FoodAuthority, PublicBody, Venue } from './types.ts';

interface Context {
  problems: Problems;
  publicBodies: Registry<PublicBody>;
  requests: PublishedRequests;
}

/** froide-food: FoodAuthorityStatus per public body (the first one wins, as `.first()` does). */
function linkAuthorities(content: LoadedContent, ctx: Context): Map<PublicBody, FoodAuthority> {
  const authorities = new Registry<FoodAuthority>('food authority', ctx.problems, 'foodauthority');
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
  listed.report(ctx.problems, (id, others) => ({
    message: `lists public body ${id}, which is also listed at ${others}`,
    hint: 'a public body has one food authority status: remove it from one of them',
  }));
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
  idents.report(ctx.problems, (ident, others) => ({
    message: `duplicate venue ident "${ident}"; it is also used in ${others}`,
    hint: 'every venue needs its own ident (it is the detail URL): merge the two entries, or fix the id part of the one you are adding',
  }));
  return [...venues.values()];
}

/**
 * Venues and food authorities (okfde/froide-food): venues from content/venues.yaml, linked to
 * the food safety authority in charge and to the control-report requests made about them.
 * Pure: no I/O.
 */
import type { LoadedContent } from '../content/load.ts';
import type { Problems } from '../content/problems.ts';
import { newestFirst, type PublishedRequests } from './published-requests.ts';
import { Registry } from './registry.ts';
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
  for (const { data, source } of content.foodAuthorities) {
    const authority: FoodAuthority = { id: data.id, source, title: data.title, description: data.description, cooperative: data.cooperative };
    if (!authorities.add(authority)) continue;
    data.publicbodies.forEach((id, index) => {
      const body = ctx.publicBodies.resolve(id, source, ['publicbodies', index]);
      if (!body) return;
      const other = byBody.get(body);
      if (other) {
        ctx.problems.at(source, ['publicbodies', index], `public body ${id} already has the food authority status ${other.id} ("${other.title}")`, 'a public body has one status: remove it from one of the two');
      } else byBody.set(body, authority);
    });
  }
  authorities.reportDuplicates();
  return byBody;
}

export function linkVenues(content: LoadedContent, ctx: Context): Venue[] {
  const authorities = linkAuthorities(content, ctx);
  const venues = new Map<string, Venue>();
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
    const other = venues.get(venue.ident);
    if (other) {
      const where = other.source.locate([...other.source.base, 'ident']);
      ctx.problems.at(source, ['ident'], `duplicate venue ident "${venue.ident}"; it is already used in ${other.source.file}:${where.line}`, 'every venue needs its own ident: merge the two entries or fix the id part');
      continue;
    }
    venues.set(venue.ident, venue);
  }
  return [...venues.values()];
}

/** Jurisdiction (docs/froide.md#jurisdiction): `region` links the georegion it covers; its kind and kind_detail are repeated here. */
import { GEOREGION_KINDS } from '../../../content/choices.ts';
import type { Jurisdiction } from '../../../model/types.ts';
import { dateTime, enumOf, integer, link, selfLink, string, uri } from '../../field-types.ts';
import { renderDateTime } from '../context.ts';
import { defineObject } from '../object-fields.ts';
import { defineBuilt, sorted } from '../serializer-spec.ts';
import { jurisdiction as declaration } from './declaration.ts';

/** froide's `JurisdictionSerializer` keys, in its order. */
export const jurisdictionObject = defineObject<Jurisdiction>('Jurisdiction', {
  resource_uri: [selfLink('jurisdiction'), (j, ctx) => ctx.urls.detail('jurisdiction', j.id)],
  id: [integer, 'id'],
  name: [string, 'name'],
  rank: [integer, 'rank'],
  description: [string, 'description'],
  slug: [string, 'slug'],
  site_url: [uri, (j, ctx) => ctx.urls.jurisdictionPage(j.slug)],
  region: [link('georegion').nullable(), (j, ctx) => ctx.urls.ref('georegion', j.region?.id)],
  region_kind: [enumOf(GEOREGION_KINDS).nullable(), (j) => j.region?.kind ?? null],
  region_kind_detail: [string.nullable(), (j) => j.region?.kindDetail ?? null],
  last_modified_at: [dateTime, (j, ctx) => renderDateTime(ctx, j.lastModifiedAt)],
});

export const serializeJurisdiction = jurisdictionObject.serialize;

export const jurisdictionBuild = defineBuilt(declaration, {
  list: (archive) => sorted(archive.jurisdictions, (a, b) => a.rank - b.rank || a.name.localeCompare(b.name, 'de') || a.id - b.id),
  id: (jurisdiction) => jurisdiction.id,
  item: serializeJurisdiction,
  ordering: 'rank, then name (froide: `rank, name`)',
});

/** Jurisdiction (docs/froide.md#jurisdiction): `region` links the georegion it covers; its kind and kind_detail are repeated here. */
import type { Jurisdiction } from '../../../model/types.ts';
import { renderDateTime, type RenderContext } from '../context.ts';
import { defineBuilt, sorted } from '../serializer-spec.ts';
import { jurisdiction as declaration } from './declaration.ts';

export function serializeJurisdiction(ctx: RenderContext, jurisdiction: Jurisdiction) {
  return {
    resource_uri: ctx.urls.detail('jurisdiction', jurisdiction.id),
    id: jurisdiction.id,
    name: jurisdiction.name,
    rank: jurisdiction.rank,
    description: jurisdiction.description,
    slug: jurisdiction.slug,
    site_url: ctx.urls.jurisdictionPage(jurisdiction.slug),
    region: ctx.urls.ref('georegion', jurisdiction.region?.id),
    region_kind: jurisdiction.region?.kind ?? null,
    region_kind_detail: jurisdiction.region?.kindDetail ?? null,
    last_modified_at: renderDateTime(ctx, jurisdiction.lastModifiedAt),
  };
}

export const jurisdictionBuild = defineBuilt(declaration, {
  list: (archive) => sorted(archive.jurisdictions, (a, b) => a.rank - b.rank || a.name.localeCompare(b.name, 'de') || a.id - b.id),
  id: (jurisdiction) => jurisdiction.id,
  item: serializeJurisdiction,
  ordering: 'rank, then name (froide: `rank, name`)',
});

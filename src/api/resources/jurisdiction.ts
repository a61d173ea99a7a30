/** Jurisdiction (facts §5.7). Georegions are not modelled yet, so the region fields are null. */
import type { Jurisdiction } from '../../model/types.ts';
import { dateTime, type RenderContext } from './context.ts';

export function serializeJurisdiction(ctx: RenderContext, jurisdiction: Jurisdiction) {
  return {
    resource_uri: ctx.urls.detail('jurisdiction', jurisdiction.id),
    id: jurisdiction.id,
    name: jurisdiction.name,
    rank: jurisdiction.rank,
    description: jurisdiction.description,
    slug: jurisdiction.slug,
    site_url: ctx.urls.jurisdictionPage(jurisdiction.slug),
    region: null,
    region_kind: null,
    region_kind_detail: null,
    last_modified_at: dateTime(ctx, jurisdiction.lastModifiedAt),
  };
}

/**
 * following: a list that froide answers from per-user data, which a published archive does not
 * hold (docs/froide.md#following), answered exactly as froide answers an anonymous caller. (upload
 * and problemreport, login only, answer 401 before any data is read: `permission` in their
 * declaration.ts.)
 */
import { envelope } from '../../../api/envelope.ts';
import type { Manifest } from '../../../formats/manifest.ts';
import { RESOURCES } from '../../../api/resources/declaration-registry.ts';
import { UrlBuilder } from '../../../api/urls.ts';
import { hasDetail } from '../../shared/pack-reader.ts';
import { lastValue, pageRequest } from '../pagination.ts';
import type { BuildStore } from '../../shared/build-store.ts';
import type { Answer, ResourceViews } from './view-spec.ts';

/**
 * following (docs/froide.md#following): an anonymous caller follows nothing, so the plain list is empty.
 * With `?request=1,2,3` it gets one object per published request: its follower count (an
 * archive has no followers: 0) and `follows`/`can_follow` null; `resource_uri` is omitted.
 */
async function following(url: URL, store: BuildStore, manifest: Manifest): Promise<Answer> {
  const urls = new UrlBuilder(manifest.urls);
  const { limit, offset, others } = pageRequest(url.searchParams, RESOURCES.following);
  const ids = (lastValue(url.searchParams, 'request') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part))
    .map(Number);
  const published: number[] = [];
  for (const id of [...new Set(ids)]) {
    if (await hasDetail(store, 'request', String(id))) published.push(id);
  }
  const objects = published.map((id) => ({
    request: urls.detail('request', id),
    request_url: urls.shortRequestPage(id),
    follow_count: 0,
    follows: null,
    can_follow: null,
  }));
  const page = objects.slice(offset, offset + limit);
  return { body: envelope(urls, 'following', { query: others, offset, limit, total: objects.length, objects: page }) };
}

export const followingViews: ResourceViews = { list: following };

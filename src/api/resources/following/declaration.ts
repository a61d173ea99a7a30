/**
 * froide's follows (docs/froide.md#following): per-user data an archive does not hold; the API function
 * answers the list as froide answers an anonymous caller (src/serve/api/views/following.ts). No GET on the
 * detail (405); an anonymous DELETE reaches the lookup of the caller's own follows (404), so
 * the permission check lets anonymous writes through.
 */
import { allow, defineResource, type ResourceSpec } from '../declaration-spec.ts';

export const following: ResourceSpec<never> = defineResource('following', 'FoiRequestFollower', 'Foi Request Follower', {
  listMethods: allow('GET', 'POST'),
  detailMethods: allow('DELETE'),
  defaultLimit: 150,
  maxLimit: 200,
  permission: 'open',
  anonymousWrites: { detail: { DELETE: 'not-found' } },
  objects: { item: 'FoiRequestFollow', detail: null },
});

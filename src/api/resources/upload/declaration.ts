/** froide's tus uploads: login only; tus answers HEAD itself (docs/froide.md#methods-and-options: POST (+HEAD); PUT, PATCH, DELETE, HEAD). */
import { allow, defineResource, type ResourceSpec } from '../declaration-spec.ts';

export const upload: ResourceSpec<never> = defineResource('upload', 'Upload', 'Upload', {
  listMethods: allow('POST', 'HEAD'),
  detailMethods: allow('PUT', 'PATCH', 'DELETE', 'HEAD'),
  permission: 'login',
  objects: { item: null, detail: null, ident: 'upload guid' },
});

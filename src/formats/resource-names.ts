/**
 * The names of the 21 resources, in the order of the API root (docs/api.md#root-index): a leaf
 * that imports nothing, so that the byte formats, the URL builder and the field types can name a
 * resource without loading the declarations (src/api/resources/declaration-registry.ts, whose
 * `DECLARATIONS` must hold exactly these keys in this order; test/api/resources.test.ts).
 */
export const RESOURCE_NAMES = [
  'governmentplan',
  'articletag',
  'venue',
  'campaigninformationobject',
  'request',
  'message',
  'attachment',
  'publicbody',
  'category',
  'classification',
  'jurisdiction',
  'law',
  'georegion',
  'following',
  'campaign',
  'upload',
  'problemreport',
  'document',
  'documentcollection',
  'page',
  'pageannotation',
] as const;

export type ResourceName = (typeof RESOURCE_NAMES)[number];

const NAMES: ReadonlySet<string> = new Set(RESOURCE_NAMES);

export function isResourceName(name: string): name is ResourceName {
  return NAMES.has(name);
}

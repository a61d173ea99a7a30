/**
 * Every object the archive answers with has the keys of froide's serializer for it, in
 * froide's order (the seven message fields hid for months). The sample archive is
 * built and read through the API like a client would; froide's field lists are data in
 * ./froide-serializers.ts, each with the repository, file and commit it came from. Where our
 * keys differ, the check says how and why (docs/api.md, "Deviations from froide").
 */
import { describe, expect, it } from 'vitest';
import { serveSampleArchive } from '../helpers/build.ts';
import { SERIALIZERS, type FroideSerializer, type SerializerName } from './froide-serializers.ts';
import { RESOURCE_NAMES, type ResourceName } from '../../src/formats/resource-names.ts';

type Json = any;
type Get = (path: string) => Promise<Json>;

interface Check {
  resource: ResourceName;
  /** Which objects of the answers. */
  what: string;
  serializer: SerializerName;
  objects(get: Get): Promise<Json[]>;
  /** Our keys are froide's with these changes, for the reason given. */
  differs?: { prepend?: string[]; omit?: string[]; why: string };
}

const RESOURCE_URI = 'docs/api.md#responses-and-links: every object carries resource_uri, the URL of itself (docs/api.md deviations)';

const list = async (get: Get, path: string) => (await get(path)).objects as Json[];
const first = async (get: Get, resource: string) => get(new URL((await list(get, `/api/v1/${resource}/`))[0].resource_uri).pathname);
const each = (values: Json[], pick: (value: Json) => Json) => values.flatMap((value) => [pick(value)].flat()).filter((value) => value != null);
const venues = async (get: Get) => (await get('/api/v1/venue/?lat=52.5&lng=13.4&radius=20000')).results as Json[];
const informationObjects = async (get: Get) => list(get, '/api/v1/campaigninformationobject/?campaign=1');
const annotated = async (get: Get) => {
  for (const document of await list(get, '/api/v1/document/?limit=50')) {
    const annotations = await list(get, `/api/v1/pageannotation/?document=${document.id}`);
    if (annotations.length) return annotations;
  }
  return [];
};
const collectionInDirectory = async (get: Get) => {
  const collection = (await list(get, '/api/v1/documentcollection/')).find((c: Json) => c.directories.length);
  const directory = collection.directories[0];
  return get(`${new URL(collection.resource_uri).pathname}?directory=${directory.id}`);
};

const CHECKS: Check[] = [
  { resource: 'request', what: 'list items', serializer: 'FoiRequestListSerializer', objects: (get) => list(get, '/api/v1/request/') },
  { resource: 'request', what: 'list items: public_body', serializer: 'SimplePublicBodySerializer', objects: async (get) => each(await list(get, '/api/v1/request/'), (r) => r.public_body) },
  { resource: 'request', what: 'detail', serializer: 'FoiRequestDetailSerializer', objects: async (get) => [await first(get, 'request')] },
  { resource: 'request', what: 'detail: public_body', serializer: 'PublicBodySerializer', objects: async (get) => [(await first(get, 'request')).public_body] },
  { resource: 'request', what: 'detail: law', serializer: 'FoiLawSerializer', objects: async (get) => [(await first(get, 'request')).law] },
  { resource: 'request', what: 'detail: messages', serializer: 'FoiMessageSerializer', objects: async (get) => (await first(get, 'request')).messages },
  { resource: 'message', what: 'list items', serializer: 'FoiMessageSerializer', objects: (get) => list(get, '/api/v1/message/') },
  { resource: 'message', what: 'detail', serializer: 'FoiMessageSerializer', objects: async (get) => [await first(get, 'message')] },
  { resource: 'message', what: 'attachments', serializer: 'FoiAttachmentSerializer', objects: async (get) => each(await list(get, '/api/v1/message/'), (m) => m.attachments) },
  { resource: 'attachment', what: 'list items', serializer: 'FoiAttachmentSerializer', objects: (get) => list(get, '/api/v1/attachment/') },
  { resource: 'attachment', what: 'detail', serializer: 'FoiAttachmentSerializer', objects: async (get) => [await first(get, 'attachment')] },
  { resource: 'attachment', what: 'document', serializer: 'DocumentSerializer', objects: async (get) => each(await list(get, '/api/v1/attachment/'), (a) => a.document) },
  { resource: 'document', what: 'list items', serializer: 'DocumentSerializer', objects: (get) => list(get, '/api/v1/document/') },
  { resource: 'document', what: 'detail', serializer: 'DocumentDetailSerializer', objects: async (get) => [await first(get, 'document')] },
  { resource: 'document', what: 'detail: pages', serializer: 'PageSerializer', objects: async (get) => (await first(get, 'document')).pages },
  { resource: 'page', what: 'list items', serializer: 'PageListSerializer', objects: (get) => list(get, '/api/v1/page/') },
  { resource: 'publicbody', what: 'list items', serializer: 'PublicBodyListSerializer', objects: (get) => list(get, '/api/v1/publicbody/') },
  { resource: 'publicbody', what: 'list items: jurisdiction', serializer: 'JurisdictionSerializer', objects: async (get) => each(await list(get, '/api/v1/publicbody/'), (b) => b.jurisdiction) },
  { resource: 'publicbody', what: 'list items: classification', serializer: 'SimpleClassificationSerializer', objects: async (get) => each(await list(get, '/api/v1/publicbody/'), (b) => b.classification) },
  { resource: 'publicbody', what: 'list items: categories', serializer: 'SimpleCategorySerializer', objects: async (get) => each(await list(get, '/api/v1/publicbody/'), (b) => b.categories) },
  { resource: 'publicbody', what: 'detail', serializer: 'PublicBodySerializer', objects: async (get) => [await first(get, 'publicbody')] },
  { resource: 'publicbody', what: 'detail: laws', serializer: 'FoiLawSerializer', objects: async (get) => (await first(get, 'publicbody')).laws },
  { resource: 'jurisdiction', what: 'list items', serializer: 'JurisdictionSerializer', objects: (get) => list(get, '/api/v1/jurisdiction/') },
  { resource: 'jurisdiction', what: 'detail', serializer: 'JurisdictionSerializer', objects: async (get) => [await first(get, 'jurisdiction')] },
  { resource: 'law', what: 'list items', serializer: 'FoiLawSerializer', objects: (get) => list(get, '/api/v1/law/') },
  { resource: 'law', what: 'detail', serializer: 'FoiLawSerializer', objects: async (get) => [await first(get, 'law')] },
  { resource: 'category', what: 'list items and detail', serializer: 'CategorySerializer', objects: async (get) => [...(await list(get, '/api/v1/category/')), await first(get, 'category')], differs: { prepend: ['resource_uri'], why: RESOURCE_URI } },
  { resource: 'classification', what: 'list items and detail', serializer: 'ClassificationSerializer', objects: async (get) => [...(await list(get, '/api/v1/classification/')), await first(get, 'classification')], differs: { prepend: ['resource_uri'], why: RESOURCE_URI } },
  { resource: 'georegion', what: 'list items', serializer: 'GeoRegionSerializer', objects: (get) => list(get, '/api/v1/georegion/') },
  { resource: 'georegion', what: 'detail', serializer: 'GeoRegionDetailSerializer', objects: async (get) => [await first(get, 'georegion')] },
  { resource: 'campaign', what: 'list items and detail', serializer: 'CampaignSerializer', objects: async (get) => [...(await list(get, '/api/v1/campaign/')), await first(get, 'campaign')] },
  { resource: 'articletag', what: 'list items and detail', serializer: 'ArticleTagSerializer', objects: async (get) => [...(await list(get, '/api/v1/articletag/')), await first(get, 'articletag')], differs: { prepend: ['resource_uri'], why: RESOURCE_URI } },
  { resource: 'governmentplan', what: 'list items and detail', serializer: 'GovernmentPlanSerializer', objects: async (get) => [...(await list(get, '/api/v1/governmentplan/')), await first(get, 'governmentplan')], differs: { prepend: ['resource_uri'], why: RESOURCE_URI } },
  { resource: 'governmentplan', what: 'updates', serializer: 'GovernmentPlanUpdateSerializer', objects: async (get) => each(await list(get, '/api/v1/governmentplan/'), (p) => p.updates) },
  { resource: 'documentcollection', what: 'list items and detail', serializer: 'DocumentCollectionSerializer', objects: async (get) => [...(await list(get, '/api/v1/documentcollection/')), await first(get, 'documentcollection')] },
  { resource: 'documentcollection', what: 'directories, current_directory, directory_stack', serializer: 'CollectionDirectoryListSerializer', objects: async (get) => { const c = await collectionInDirectory(get); return [...(await list(get, '/api/v1/documentcollection/')).flatMap((x: Json) => x.directories), c.current_directory, ...c.directory_stack]; } },
  { resource: 'documentcollection', what: 'documents', serializer: 'DocumentSerializer', objects: async (get) => each(await list(get, '/api/v1/documentcollection/'), (c) => c.documents) },
  {
    resource: 'pageannotation',
    what: 'list items (?document=) and detail',
    serializer: 'PageAnnotationSerializer',
    objects: async (get) => { const items = await annotated(get); return [...items, await get(new URL(items[0].resource_uri).pathname)]; },
    differs: { prepend: ['resource_uri'], omit: ['document'], why: `${RESOURCE_URI}; froide omits document too: the field reads PageAnnotation.document, which the model does not have, so DRF skips it (docs/froide.md#pageannotation)` },
  },
  { resource: 'venue', what: 'list results and detail result', serializer: 'VenueSerializer', objects: async (get) => { const found = await venues(get); return [...found, (await get(`/api/v1/venue/${found[0].ident}/`)).result]; }, differs: { prepend: ['resource_uri'], why: RESOURCE_URI } },
  { resource: 'venue', what: 'requests', serializer: 'VenueRequestSerializer', objects: async (get) => each(await venues(get), (v) => v.requests) },
  {
    resource: 'venue',
    what: 'detail result: requests: documents (froide-food adds them in the detail only)',
    serializer: 'VenueRequestDocumentSerializer',
    objects: async (get) => {
      const details = await Promise.all((await venues(get)).map(async (v: Json) => (await get(`/api/v1/venue/${v.ident}/`)).result));
      return each(details, (v) => v.requests.flatMap((r: Json) => r.documents));
    },
  },
  { resource: 'venue', what: 'detail result: publicbody', serializer: 'PublicBodySerializer', objects: async (get) => [(await get(`/api/v1/venue/${(await venues(get))[0].ident}/`)).result.publicbody] },
  { resource: 'campaigninformationobject', what: 'list items', serializer: 'CampaignProviderItemSerializer', objects: informationObjects, differs: { prepend: ['resource_uri'], why: RESOURCE_URI } },
  { resource: 'campaigninformationobject', what: 'list items: foirequests', serializer: 'InformationObjectRequests', objects: async (get) => each(await informationObjects(get), (o) => o.foirequests) },
  { resource: 'campaigninformationobject', what: 'list items: categories', serializer: 'InformationObjectCategories', objects: async (get) => each(await informationObjects(get), (o) => o.categories) },
  {
    resource: 'campaigninformationobject',
    what: 'detail',
    serializer: 'CampaignProviderRequestSerializer',
    objects: async (get) => [await get(new URL((await informationObjects(get))[0].resource_uri).pathname + new URL((await informationObjects(get))[0].resource_uri).search)],
    differs: { prepend: ['resource_uri'], omit: ['name'], why: `${RESOURCE_URI}; froide omits name too: the detail is built from item data without a name key, and DRF skips the missing optional field (docs/froide.md#campaigninformationobject)` },
  },
];

/** Resources with no object to compare: what froide answers an anonymous reader, which the archive answers too. */
const NO_OBJECTS: Record<string, { path: string; status: number; why: string }> = {
  following: { path: '/api/v1/following/', status: 200, why: 'an anonymous caller follows nothing: an empty list (docs/froide.md#following)' },
  upload: { path: '/api/v1/upload/', status: 401, why: 'per-user uploads, refused to anonymous callers (docs/froide.md#upload)' },
  problemreport: { path: '/api/v1/problemreport/', status: 401, why: 'moderators only (docs/froide.md#problemreport)' },
};

/** froide's keys as DRF emits them (a repeated name keeps its first place), changed as the check says. */
function expectedKeys(serializer: FroideSerializer, differs: Check['differs'], present: Set<string>): string[] {
  const omitted = new Set(differs?.omit);
  const optional = new Set(serializer.optional);
  const keys = [...new Set([...(differs?.prepend ?? []), ...serializer.fields])];
  return keys.filter((key) => !omitted.has(key) && (!optional.has(key) || present.has(key)));
}

// Page images are not needed for key lists.
const server = serveSampleArchive('https://fields.test', { images: false });
const get: Get = async (path) => {
  const response = await fetch(new URL(path, server.url));
  expect(response.status, path).toBe(200);
  return response.json();
};

describe('key lists match froide’s serializers', () => {
  it('covers every resource', () => {
    expect(new Set([...CHECKS.map((check) => check.resource), ...Object.keys(NO_OBJECTS)])).toEqual(new Set(RESOURCE_NAMES));
  });

  it.each(CHECKS.map((check) => [`${check.resource} ${check.what}: ${SERIALIZERS[check.serializer].name}`, check] as const))('%s', async (_, check) => {
    const serializer: FroideSerializer = SERIALIZERS[check.serializer];
    const objects = await check.objects(get);
    // The sample archive must hold such objects, or the check would pass on nothing.
    expect(objects.length, 'objects in the sample archive').toBeGreaterThan(0);
    for (const object of objects) {
      const keys = Object.keys(object);
      expect(keys, `${serializer.repo}:${serializer.path}@${serializer.commit.slice(0, 7)} ${serializer.name}`).toEqual(expectedKeys(serializer, check.differs, new Set(keys)));
    }
  });

  it.each(Object.entries(NO_OBJECTS))('%s has no object to compare', async (resource, { path, status }) => {
    const response = await fetch(new URL(path, server.url));
    expect(response.status).toBe(status);
    const body = await response.json();
    if (status === 200) expect(body.objects).toEqual([]);
    else expect(Object.keys(body)).toEqual(['detail']);
    expect(RESOURCE_NAMES).toContain(resource);
  });
});

/**
 * The resources the build precomputes, as data: which objects each list holds (visibility,
 * facts §2), in which order (issue 2 #12, documented in docs/api.md), and how list items and
 * details are rendered. The output plan and the filter indexes read this table.
 */
import type { Archive, Document } from '../../model/types.ts';
import type { PlannedFile } from '../../lib/planned-file.ts';
import { apiJson } from '../json.ts';
import { buildPaths, type ResourceName } from '../routes.ts';
import { serializeArticleTag } from './articletag.ts';
import { serializeAttachment } from './attachment.ts';
import { serializeCampaign } from './campaign.ts';
import type { RenderContext } from './context.ts';
import { hasDetail, serializeDocument, serializeDocumentDetail } from './document.ts';
import { serializeGeoRegion, serializeGeoRegionDetail } from './georegion.ts';
import { collectionFiles, collectionKey, serializeCollection } from './documentcollection.ts';
import { serializeGovernmentPlan } from './governmentplan.ts';
import { serializeJurisdiction } from './jurisdiction.ts';
import { serializeLaw } from './law.ts';
import { serializeMessage } from './message.ts';
import { serializePage, type PageItem } from './page.ts';
import { annotationFiles, serializeAnnotation } from './pageannotation.ts';
import { serializePublicBody, serializePublicBodyDetail } from './publicbody.ts';
import { serializeRequest, serializeRequestDetail } from './request.ts';
import { treeOrder } from '../../model/registry.ts';
import { serializeCategory, serializeClassification } from './tree.ts';
import { serializeVenue, serializeVenueDetail } from './venue.ts';
import { serializeInformationObject, serializeInformationObjectDetail } from './informationobject.ts';

export interface BuiltResource<T = unknown> {
  name: ResourceName;
  /** The objects of the public list, in list order. */
  list(archive: Archive, ctx: RenderContext): T[];
  /** Objects that get a detail file (a superset of nothing; defaults to the list). */
  details?(archive: Archive, ctx: RenderContext): T[];
  /** Path segment of the detail URL (a data key for QUERY_ANSWERED resources); null when the resource has no detail route. */
  id(item: T): number | string | null;
  item(ctx: RenderContext, item: T): unknown;
  detail?(ctx: RenderContext, item: T): unknown;
  /** One line for docs/api.md: the order of the list and why. */
  ordering: string;
  /** Further files the serving layer reads for this resource (query variants of details, per-key lists). */
  files?(archive: Archive, ctx: RenderContext): Iterable<PlannedFile>;
  /**
   * Lists of their own that only a uid opens, kept out of the public list (output/plan.ts
   * planUnlisted); `key` names the file (buildPaths.unlistedList), the API core finds it from
   * the query (src/serve/api/views.ts `unlisted`).
   */
  unlisted?(archive: Archive, ctx: RenderContext): { key: string; items: T[] }[];
}

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
const sorted = <T>(items: readonly T[], compare: (a: T, b: T) => number) => [...items].sort(compare);

function define<T>(resource: BuiltResource<T>): BuiltResource<unknown> {
  return resource as BuiltResource<unknown>;
}

/** Documents anyone may list (facts §2: public, listed, not pending). */
export function listedDocuments(archive: Archive, ctx: RenderContext): Document[] {
  return sorted(archive.documents.filter((document) => document.public && document.listed && !ctx.facts(document).pending), byId);
}

/** Documents anyone may read with their uid (facts §2: public, unlisted; pending ones too, as in froide's detail). */
function unlistedDocuments(archive: Archive): Document[] {
  return sorted(archive.documents.filter((document) => document.public && !document.listed), byId);
}

function pageItems(ctx: RenderContext, document: Document): PageItem[] {
  return ctx.facts(document).pages.map((page) => ({ document, page }));
}

export const BUILT_RESOURCES: readonly BuiltResource[] = [
  define({
    name: 'request',
    list: (archive) =>
      sorted(archive.requests, (a, b) => (b.lastMessage ?? -Infinity) - (a.lastMessage ?? -Infinity) || b.id - a.id),
    id: (request) => request.id,
    item: serializeRequest,
    detail: serializeRequestDetail,
    ordering: 'newest last message first (froide: `-last_message`), then id descending',
  }),
  define({
    name: 'message',
    list: (archive) => sorted(archive.messages, byId),
    id: (message) => message.id,
    item: serializeMessage,
    ordering: 'id ascending (froide leaves it unspecified)',
  }),
  define({
    name: 'attachment',
    list: (archive) => sorted(archive.attachments, (a, b) => a.name.localeCompare(b.name) || a.id - b.id),
    id: (attachment) => attachment.id,
    item: serializeAttachment,
    ordering: 'name ascending (froide: model order `name`), then id',
  }),
  define({
    name: 'document',
    list: listedDocuments,
    details: (archive) => sorted(archive.documents.filter(hasDetail), byId),
    id: (document) => document.id,
    item: serializeDocument,
    detail: serializeDocumentDetail,
    // An unlisted imported document has no public detail file; its uid opens it (facts §2).
    // (Unlisted documents derived from an attachment have their public detail, docs/api.md.)
    files: (archive, ctx) =>
      unlistedDocuments(archive)
        .filter((document) => !hasDetail(document))
        .map((document) => ({ path: buildPaths.unlistedDetail('document', collectionKey(document)), body: apiJson(serializeDocumentDetail(ctx, document)) })),
    ordering: 'id ascending (froide leaves it unspecified without a collection filter)',
  }),
  define<PageItem>({
    name: 'page',
    list: (archive, ctx) => listedDocuments(archive, ctx).flatMap((document) => pageItems(ctx, document)),
    // An unlisted document's pages are listed for its pages_uri, `?document=<id>&uid=<uid>`
    // (facts §5.16: the document filter lifts the listed-only rule; §6.1), and nowhere else.
    unlisted: (archive, ctx) => unlistedDocuments(archive).map((document) => ({ key: collectionKey(document), items: pageItems(ctx, document) })),
    details: () => [],
    id: () => null,
    item: (ctx, { document, page }) => serializePage(ctx, document, page),
    ordering: 'by document id, then page number; all pages, not only page 1 (froide returns page 1 unless searching)',
  }),
  define({
    name: 'publicbody',
    list: (archive) => sorted(archive.publicBodies, (a, b) => a.name.localeCompare(b.name, 'de') || a.id - b.id),
    id: (body) => body.id,
    item: serializePublicBody,
    detail: serializePublicBodyDetail,
    ordering: 'name (froide: `name`), then id',
  }),
  define({
    name: 'jurisdiction',
    list: (archive) => sorted(archive.jurisdictions, (a, b) => a.rank - b.rank || a.name.localeCompare(b.name, 'de') || a.id - b.id),
    id: (jurisdiction) => jurisdiction.id,
    item: serializeJurisdiction,
    ordering: 'rank, then name (froide: `rank, name`)',
  }),
  define({
    name: 'law',
    list: (archive) => sorted(archive.laws, (a, b) => Number(b.meta) - Number(a.meta) || b.priority - a.priority || a.id - b.id),
    id: (law) => law.id,
    item: serializeLaw,
    ordering: 'meta laws first, then priority descending (froide: `-meta, -priority`), then id',
  }),
  define({
    name: 'category',
    list: (archive) => treeOrder(archive.categories),
    id: (category) => category.id,
    item: serializeCategory,
    ordering: 'tree order: each parent before its children, siblings by name (froide: treebeard path)',
  }),
  define({
    name: 'classification',
    list: (archive) => treeOrder(archive.classifications),
    id: (classification) => classification.id,
    item: serializeClassification,
    ordering: 'tree order: each parent before its children, siblings by name (froide: treebeard path)',
  }),
  define({
    name: 'articletag',
    list: (archive) => sorted(archive.articleTags, byId),
    id: (tag) => tag.id,
    item: serializeArticleTag,
    ordering: 'id ascending (froide leaves it unspecified)',
  }),
  define({
    name: 'governmentplan',
    list: (archive) => sorted(archive.governmentPlans, (a, b) => a.reference.localeCompare(b.reference) || a.title.localeCompare(b.title, 'de') || a.id - b.id),
    id: (plan) => plan.id,
    item: serializeGovernmentPlan,
    ordering: 'reference, then title (froide: `reference, title`), then id',
  }),
  define({
    name: 'georegion',
    list: (archive) => treeOrder(archive.georegions),
    id: (region) => region.id,
    item: serializeGeoRegion,
    detail: serializeGeoRegionDetail,
    ordering: 'tree order by part_of: each region before the regions inside it, siblings by name (froide: treebeard path)',
  }),
  define({
    name: 'documentcollection',
    // facts §2: the list holds public, listed collections; unlisted ones answer by id with their uid.
    list: (archive) => sorted(archive.collections.filter((collection) => collection.listed), byId),
    id: (collection) => collection.id,
    item: (ctx, collection) => serializeCollection(ctx, collection),
    files: function* (archive, ctx) {
      for (const collection of archive.collections) yield* collectionFiles(ctx, collection);
    },
    ordering: 'id ascending (froide leaves it unspecified)',
  }),
  define({
    name: 'pageannotation',
    // froide lists annotations only for `?document=<id>` (src/serve/api/query-views.ts); the bare list is empty.
    list: () => [],
    details: (archive) => sorted(archive.annotations.filter((annotation) => hasDetail(annotation.document) && annotation.document.public && annotation.document.listed), byId),
    id: (annotation) => annotation.id,
    item: serializeAnnotation,
    files: (archive, ctx) => annotationFiles(ctx, archive.documents),
    ordering: 'empty without `?document=`; with it, timestamp ascending (froide: `timestamp`), then id',
  }),
  define({
    name: 'campaign',
    list: (archive) => sorted(archive.campaigns, byId),
    id: (campaign) => campaign.id,
    item: serializeCampaign,
    ordering: 'id ascending (froide leaves it unspecified)',
  }),
  define({
    name: 'venue',
    // Positions only: every answer orders the venues in range by distance (src/serve/venue.ts).
    list: (archive) => sorted(archive.venues, (a, b) => (a.ident < b.ident ? -1 : a.ident > b.ident ? 1 : 0)),
    id: (venue) => venue.ident,
    item: serializeVenue,
    detail: serializeVenueDetail,
    ordering: 'distance from `lat`/`lng`, nearest first, then ident (froide-food: distance; random order when `zoom` < 15); at most 100',
  }),
  define({
    name: 'campaigninformationobject',
    list: (archive) =>
      sorted(archive.informationObjects, (a, b) => a.campaign.id - b.campaign.id || (a.ordering < b.ordering ? 1 : a.ordering > b.ordering ? -1 : 0) || a.id - b.id),
    id: (object) => `${object.campaign.id}/${object.ident}`,
    item: serializeInformationObject,
    detail: serializeInformationObjectDetail,
    files: (archive) => [
      { path: buildPaths.data('campaigninformationobject', 'campaigns'), body: JSON.stringify(archive.infoCampaigns.map((campaign) => campaign.id).sort((a, b) => a - b)) },
    ],
    ordering: '`ordering` descending, then id (froide-campaign: model order `-ordering, id`); by distance with `lat`, `lng`, `radius` and `zoom` >= 8 and no `q`',
  }),
];

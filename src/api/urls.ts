/**
 * The URL builder: the absolute links of the answers, made from the settings. API URLs are
 * made here from the route shapes (src/api/route-shapes.ts); the links to froide's site pages
 * (src/api/site-urls.ts) and to media files (src/api/media-paths.ts) are made there, and the
 * builder only hands them the base URL they need.
 */
import type { UrlSettings } from '../formats/manifest.ts';
import { mediaUrl } from './media-paths.ts';
import { djangoQuote } from '../formats/python.ts';
import { encodeQuery, type Query } from '../formats/query-encoding.ts';
import type { ResourceName } from '../formats/resource-names.ts';
import { API_PREFIX, declaredAction, ID, routePath } from './route-shapes.ts';
import { sitePages } from './site-urls.ts';

/**
 * A resource's list path and its detail path around the id, made once per resource from the
 * route shapes: links are the hot path of a build (several per object, millions per archive),
 * and routePath assembles its segments anew on every call.
 */
const listPaths = new Map<ResourceName, string>();
const detailPaths = new Map<ResourceName, readonly [before: string, after: string]>();

function listPath(resource: ResourceName): string {
  let path = listPaths.get(resource);
  if (path === undefined) listPaths.set(resource, (path = routePath({ kind: 'list', resource })));
  return path;
}

function detailPath(resource: ResourceName, segment: string): string {
  let parts = detailPaths.get(resource);
  if (parts === undefined) {
    const path = routePath({ kind: 'detail', resource });
    const at = path.indexOf(ID);
    detailPaths.set(resource, (parts = [path.slice(0, at), path.slice(at + ID.length)]));
  }
  return `${parts[0]}${segment}${parts[1]}`;
}

export class UrlBuilder {
  constructor(readonly settings: UrlSettings) {}

  // --- API -------------------------------------------------------------------------------

  apiRoot(query: Query = {}): string {
    return `${this.settings.baseUrl}${routePath({ kind: 'root' })}${encodeQuery(query)}`;
  }

  list(resource: ResourceName, query: Query = {}): string {
    return `${this.settings.baseUrl}${listPath(resource)}${encodeQuery(query)}`;
  }

  /**
   * An object's URL. A text id is quoted as Django's `reverse()` quotes a path (`:` and `@`
   * stay: `/api/v1/venue/amenity:4711/`). `query` is for details that need one to resolve
   * (`campaigninformationobject/<ident>/?campaign=<id>`).
   */
  detail(resource: ResourceName, id: number | string, query: Query = {}): string {
    const segment = typeof id === 'number' ? String(id) : djangoQuote(id);
    return `${this.settings.baseUrl}${detailPath(resource, segment)}${encodeQuery(query)}`;
  }

  /** The OpenAPI document (SCHEMA_PATH). */
  schema(query: Query = {}): string {
    return `${this.settings.baseUrl}${routePath({ kind: 'schema' })}${encodeQuery(query)}`;
  }

  /** A list-level extra action the resource declares: `/api/v1/<resource>/<action path>/`. */
  action(resource: ResourceName, path: string, query: Query = {}): string {
    return `${this.settings.baseUrl}${routePath(declaredAction(resource, path))}${encodeQuery(query)}`;
  }

  /** Optional reference: `null` stays `null` (spec: "string (URL) or null"). */
  ref(resource: ResourceName, id: number | null | undefined): string | null {
    return id === null || id === undefined ? null : this.detail(resource, id);
  }

  /** A link relative to the host, as froide writes `pages_uri` and `documents_uri`. */
  relativeList(resource: ResourceName, query: Query): string {
    return `${listPath(resource)}${encodeQuery(query)}`;
  }

  /** True for absolute links into this API: the ones that carry `?format=` (docs/froide.md#formats-and-links). */
  isApiLink(value: string): boolean {
    return value.startsWith(`${this.settings.baseUrl}${API_PREFIX}`);
  }

  // --- public site pages (src/api/site-urls.ts) ----------------------------------------------

  requestPage(slug: string): string {
    return sitePages.requestPage(slug);
  }

  messagePage(requestSlug: string, messageId: number): string {
    return sitePages.messagePage(this.settings.siteUrl, requestSlug, messageId);
  }

  attachmentPage(requestSlug: string, messageId: number, name: string): string {
    return sitePages.attachmentPage(this.settings.siteUrl, requestSlug, messageId, name);
  }

  documentPage(id: number, slug: string): string {
    return sitePages.documentPage(this.settings.siteUrl, id, slug);
  }

  publicBodyPage(id: number, slug: string): string {
    return sitePages.publicBodyPage(this.settings.siteUrl, id, slug);
  }

  jurisdictionPage(slug: string): string {
    return sitePages.jurisdictionPage(this.settings.siteUrl, slug);
  }

  lawPage(slug: string): string {
    return sitePages.lawPage(this.settings.siteUrl, slug);
  }

  collectionPage(id: number, slug: string): string {
    return sitePages.collectionPage(this.settings.siteUrl, id, slug);
  }

  collectionZip(id: number, slug: string): string {
    return sitePages.collectionZip(id, slug);
  }

  governmentPlanPage(governmentSlug: string, planSlug: string): string {
    return sitePages.governmentPlanPage(this.settings.siteUrl, governmentSlug, planSlug);
  }

  makeRequestPage(publicBodySlug: string | null, query: readonly [string, string][]): string {
    return sitePages.makeRequestPage(this.settings.siteUrl, publicBodySlug, query);
  }

  campaignRequestRedirect(campaignId: number, ident: string): string {
    return sitePages.campaignRequestRedirect(campaignId, ident);
  }

  shortRequestPage(requestId: number): string {
    return sitePages.shortRequestPage(this.settings.siteUrl, requestId);
  }

  // --- media (src/api/media-paths.ts) --------------------------------------------------------

  /** Absolute media URL for a raw path relative to the media root (mediaPaths). */
  media(relativePath: string, query: Query = {}): string {
    return mediaUrl(this.settings.mediaUrl, relativePath, query);
  }
}

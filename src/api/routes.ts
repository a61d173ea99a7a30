/**
 * The one route table and URL builder.
 *
 * Every `/api/v1/...` shape, every file path under `build/`, and every public site or media
 * URL is produced here. Route shapes are data (ROUTES, made from the resource declarations in
 * src/api/resources/): the URL builder formats them, the matcher of the serving layer and the
 * preview (matchRoute) reads paths with them, and the Netlify rules (src/output/routing.ts)
 * write them out, so the three cannot disagree.
 */
import type { UrlSettings } from '../config.ts';
import { pageImageName } from '../pdf/image-names.ts';
import { fnvBucket, mediaBucket } from './fnv1a.ts';
import { djangoQuote, pythonQuote } from './python.ts';
import { hasStaticDetail, listActionsOf, QUERY_ANSWERED, RESOURCE_NAMES, RESOURCES, writeActionsOf, type ResourceName } from './resources/declaration-registry.ts';
import type { ListAction, WriteAction } from './resources/declaration-spec.ts';

export const API_PREFIX = '/api/v1/';

/**
 * froide's OpenAPI schema view, `/api/v1/schema/` (okfde/froide:froide/urls.py): beside the
 * router, so it is no resource and not in the root index.
 */
export const SCHEMA_PATH = 'schema';

/** froide's page to read the schema, `/api/v1/schema/swagger-ui/` (drf-spectacular's SpectacularSwaggerView). */
const SCHEMA_UI_PATH = 'swagger-ui';

/**
 * The object's segment of a route shape: DRF's detail pk, `[^/.]+`. Spelled as Netlify's
 * placeholder, so a shape is a redirect rule's path as it stands.
 */
const ID = ':id';

const ID_SEGMENT = /^[^/.]+$/;

/** A view the API answers, without the values in its path. */
export type RouteView =
  | { kind: 'root' }
  /** The OpenAPI document (froide's `/api/v1/schema/`, beside the router). */
  | { kind: 'schema' }
  /** The page that shows it (froide's `/api/v1/schema/swagger-ui/`). */
  | { kind: 'schema-ui' }
  | { kind: 'list'; resource: ResourceName }
  /** A list-level extra action (autocomplete); DRF routes these before the detail pattern. */
  | { kind: 'action'; resource: ResourceName; action: ListAction }
  | { kind: 'detail'; resource: ResourceName }
  /** A POST-only extra action, of the list or (`action.detail`) of one object. */
  | { kind: 'write-action'; resource: ResourceName; action: WriteAction };

/** A route: its view and its path segments after API_PREFIX, each a literal or ID. */
export interface RouteShape {
  view: RouteView;
  segments: readonly string[];
}

/** The path segments of a view: the one place each shape is spelled. */
function segmentsOf(view: RouteView): string[] {
  switch (view.kind) {
    case 'root':
      return [];
    case 'schema':
      return [SCHEMA_PATH];
    case 'schema-ui':
      return [SCHEMA_PATH, SCHEMA_UI_PATH];
    case 'list':
      return [view.resource];
    case 'action':
      return [view.resource, ...view.action.path.split('/')];
    case 'detail':
      return [view.resource, ID];
    case 'write-action':
      return view.action.detail ? [view.resource, ID, view.action.path] : [view.resource, view.action.path];
  }
}

/**
 * A resource's routes in DRF's match order: the list, its list actions and list write actions
 * (routed before `<prefix>/<pk>/`), then, if the resource has a detail route, the detail and
 * its write actions.
 */
export function resourceRoutes(resource: ResourceName): RouteShape[] {
  const views: RouteView[] = [
    { kind: 'list', resource },
    ...listActionsOf(resource).map((action): RouteView => ({ kind: 'action', resource, action })),
    ...writeActionsOf(resource).filter((action) => !action.detail).map((action): RouteView => ({ kind: 'write-action', resource, action })),
  ];
  if (RESOURCES[resource].detailMethods !== null) {
    views.push({ kind: 'detail', resource });
    views.push(...writeActionsOf(resource).filter((action) => action.detail).map((action): RouteView => ({ kind: 'write-action', resource, action })));
  }
  return views.map((view) => ({ view, segments: segmentsOf(view) }));
}

/** Every route of the API: the root, the schema views beside the router, every resource's. */
export const ROUTES: readonly RouteShape[] = [
  ...(['root', 'schema', 'schema-ui'] as const).map((kind) => ({ view: { kind }, segments: segmentsOf({ kind }) })),
  ...RESOURCE_NAMES.flatMap(resourceRoutes),
];

/** Routes by their first segment ('' for the root), in match order. */
const ROUTES_BY_HEAD = new Map<string, RouteShape[]>();
for (const route of ROUTES) {
  const head = route.segments[0] ?? '';
  ROUTES_BY_HEAD.set(head, [...(ROUTES_BY_HEAD.get(head) ?? []), route]);
}

/**
 * Whether the API function answers a view rather than a precomputed file: every list and detail
 * of a resource the function answers whole and every detail of one it answers the details of
 * (ResourceSpec.byFunction), the lists whose objects link tokened media (ResourceSpec.mediaTokens:
 * minted when answered), details without GET (following: 405), the write actions (405 to
 * GET), the schema views (the document is JSON or YAML by `Accept`; its page's script and
 * style are plain files) and the search actions (docs/search.md). The preview (src/serve/host-routing.ts) and the Netlify rules
 * (src/output/routing.ts) both route by it.
 */
export function answeredByFunction(view: RouteView): boolean {
  if (view.kind === 'write-action' || view.kind === 'schema' || view.kind === 'schema-ui') return true;
  if (view.kind === 'action') return view.action.source === 'search';
  if (view.kind !== 'list' && view.kind !== 'detail') return false;
  if (QUERY_ANSWERED.has(view.resource)) return true;
  if (view.kind === 'list') return RESOURCES[view.resource].mediaTokens === true;
  return !hasStaticDetail(view.resource);
}

/** The list action a resource declares under `path`. */
function declaredAction(resource: ResourceName, path: string): RouteView {
  const action = listActionsOf(resource).find((candidate) => candidate.path === path);
  if (!action) throw new Error(`${resource} declares no list action ${path} (src/api/resources/${resource}/declaration.ts)`);
  return { kind: 'action', resource, action };
}

/** The file of a view answered by a precomputed `index.json` (root, lists, list actions), relative to build/. */
function indexFileOf(view: RouteView): string {
  return `${routePath(view).slice(1)}index.json`;
}

/** A view's path, `/api/v1/<segments>/`, with `id` (a path segment, already quoted) for ID. */
export function routePath(view: RouteView, id?: string): string {
  const segments = segmentsOf(view).map((segment) => (segment === ID ? (id ?? ID) : segment));
  return `${API_PREFIX}${segments.map((segment) => `${segment}/`).join('')}`;
}

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

/**
 * The route a path names (a path that ends with a slash, not decoded; docs/froide.md#routes), with the
 * value of its ID segment, or null. The first route in match order wins.
 */
export function matchRoute(pathname: string): { view: RouteView; id: string | null } | null {
  if (!pathname.startsWith(API_PREFIX)) return null;
  const segments = pathname.slice(API_PREFIX.length).split('/');
  if (segments.pop() !== '') return null;
  for (const route of ROUTES_BY_HEAD.get(segments[0] ?? '') ?? []) {
    if (route.segments.length !== segments.length) continue;
    let id: string | null = null;
    const matches = route.segments.every((segment, i) => {
      if (segment !== ID) return segment === segments[i];
      id = segments[i]!;
      return ID_SEGMENT.test(id);
    });
    if (matches) return { view: route.view, id };
  }
  return null;
}

/** A repeated parameter (`?category=1&category=2`) is an array, its values in request order. */
export type Query = Record<string, string | number | readonly string[] | undefined>;

/**
 * Encodes a query the way DRF's `replace_query_param` does (`urlencode(sorted(...),
 * doseq=True)`): keys sorted, every value of a repeated key kept in order, `+` for spaces
 * (docs/froide.md#paging). Undefined values are dropped.
 */
export function encodeQuery(query: Query): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value === undefined) continue;
    for (const item of typeof value === 'object' ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Percent-encodes one path segment (file names in media and site URLs). */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment);
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

  // --- public site pages (froide's URL shapes, docs/froide.md#resources) ---------------------------------

  requestPage(slug: string): string {
    return `/anfrage/${slug}/`;
  }

  messagePage(requestSlug: string, messageId: number): string {
    return `${this.settings.siteUrl}${this.requestPage(requestSlug)}#nachricht-${messageId}`;
  }

  attachmentPage(requestSlug: string, messageId: number, name: string): string {
    return `${this.settings.siteUrl}/anfrage/${requestSlug}/${messageId}/anhang/${encodeSegment(name)}`;
  }

  documentPage(id: number, slug: string): string {
    return `${this.settings.siteUrl}/dokumente/${slug ? `${id}-${slug}` : id}/`;
  }

  publicBodyPage(id: number, slug: string): string {
    return `${this.settings.siteUrl}/behoerde/${id}/${slug}/`;
  }

  jurisdictionPage(slug: string): string {
    return `${this.settings.siteUrl}/zustaendigkeit/${slug}/`;
  }

  lawPage(slug: string): string {
    return `${this.settings.siteUrl}/gesetz/${slug}/`;
  }

  collectionPage(id: number, slug: string): string {
    return `${this.settings.siteUrl}/dokumente/sammlung/${slug ? `${id}-${slug}` : id}/`;
  }

  /** froide writes the collection's zip link relative to the site (`reverse()`, docs/froide.md#documentcollection). */
  collectionZip(id: number, slug: string): string {
    return `/dokumente/sammlung/${slug ? `${id}-${slug}` : id}/zip/`;
  }

  /** froide-govplan's page of a plan (docs/froide.md#governmentplan). */
  governmentPlanPage(governmentSlug: string, planSlug: string): string {
    return `${this.settings.siteUrl}/koalitionstracker/${governmentSlug}/vorhaben/${planSlug}/`;
  }

  /**
   * froide's request form, prefilled (`foirequest-make_request`, /anfrage-stellen/an/<slug>/),
   * with the query in the given order, encoded as Python's `urlencode(quote_via=quote)`.
   */
  makeRequestPage(publicBodySlug: string | null, query: readonly [string, string][]): string {
    const path = publicBodySlug ? `/anfrage-stellen/an/${publicBodySlug}/` : '/anfrage-stellen/';
    const encoded = query.map(([key, value]) => `${pythonQuote(key)}=${pythonQuote(value)}`).join('&');
    return `${this.settings.siteUrl}${path}?${encoded}`;
  }

  /** froide-campaign's redirect to the prefilled form of an object (relative, as froide renders it). */
  campaignRequestRedirect(campaignId: number, ident: string): string {
    return `/kampagne/request/${campaignId}/${ident}/`;
  }

  shortRequestPage(requestId: number): string {
    return `${this.settings.siteUrl}/r/${requestId}`;
  }

  // --- media -----------------------------------------------------------------------------

  /**
   * Absolute media URL for a raw path relative to the media root (see mediaPaths). Each
   * segment is percent-encoded, except the `{page}`/`{size}` template braces (docs/api.md#document-fields).
   */
  media(relativePath: string, query: Query = {}): string {
    const encoded = relativePath
      .split('/')
      .map((segment) => encodeSegment(segment).replace(/%7B/g, '{').replace(/%7D/g, '}'))
      .join('/');
    return `${this.settings.mediaUrl}${encoded}${encodeQuery(query)}`;
  }
}

/**
 * Raw (not percent-encoded) paths relative to the media root: the key of the file in the
 * media index (buildPaths.mediaIndex) and the scope a token signs. Only UrlBuilder.media
 * encodes them. The first segment decides the access rule of the media gate: `docs/` is
 * public, `docs-private/` needs a token, `foi/` needs one unless the media index marks the
 * file public (docs/architecture.md).
 */
export const mediaPaths = {
  attachment(messageId: number, name: string): string {
    return `foi/${messageId}/${name}`;
  },
  /** froide's sharded document directory: `docs/ab/cd/ef/<uid hex>`. */
  documentDir(uid: string, isPublic: boolean): string {
    const hex = uid.replace(/-/g, '').toLowerCase();
    const area = isPublic ? 'docs' : 'docs-private';
    return `${area}/${hex.slice(0, 2)}/${hex.slice(2, 4)}/${hex.slice(4, 6)}/${hex}`;
  },
  pageImage(documentDir: string, page: number | string, size: string): string {
    return `${documentDir}/${pageImageName(page, size)}`;
  },
  /** froide's name for the cropped area of an annotation: next to the page's original image. */
  annotationImage(documentDir: string, page: number, annotationId: number): string {
    return `${documentDir}/page-p${page}-original-annotation-${annotationId}.png`;
  },
};

/** Objects per leaf folder of a sharded key (no folder of build/ above 10,000 entries). */
const SHARD_WIDTH = 1000;

/**
 * The sub-folders of a key that grows with the archive (an object id, a list page number),
 * so that no folder of build/ holds more than SHARD_WIDTH entries at any archive size
 * (Netlify refuses a deploy with a folder of more than 54,000 files).
 *
 * - A whole number n (ids, page numbers) goes to `<n div 10^6>/<(n div 1000) mod 1000>`:
 *   1,000 consecutive ids share a leaf, a middle folder holds at most 1,000 leaves, and the top
 *   holds one folder per million, so an editor finds message 123456 in `0/123/` and the
 *   layout stays within the limit up to ids of 10^10.
 * - Any other key (text ids, `<id>-<uid>` keys) goes to `h<3 hex digits of its FNV-1a hash>`:
 *   4,096 folders, evenly filled.
 *
 * The build, the preview, the Netlify Edge Function that rewrites detail paths and the API
 * function all place and find files through buildPaths, which calls this one function.
 */
export function shardOf(key: string | number): string {
  const text = String(key);
  if (/^\d{1,15}$/.test(text)) {
    const n = Number(text);
    return `${Math.floor(n / (SHARD_WIDTH * SHARD_WIDTH))}/${Math.floor(n / SHARD_WIDTH) % SHARD_WIDTH}`;
  }
  return `h${fnvBucket(text)}`;
}

/**
 * A file name Netlify deploys: netlify/cli skips names that start with a dot, so an empty or
 * dotted name (an index of the empty value) gets `%2E` before it. encodeURIComponent never
 * writes `%2E` itself (a dot stays a dot), so the name still stands for exactly one value.
 */
function deployableName(name: string): string {
  return name === '' || name.startsWith('.') ? `%2E${name}` : name;
}

/** `<dir>/<shard>/<key><ext>`: the one way a growing set of files is laid out under build/. */
function sharded(dir: string, key: string | number, ext = '.json'): string {
  return `${dir}/${shardOf(key)}/${encodeSegment(String(key))}${ext}`;
}

/**
 * Files under `build/`, relative to it. Mirrors the URL space for everything the CDN serves
 * as is, and keeps the serving layer's precomputed data under `_data/`.
 */
export const buildPaths = {
  apiRoot: indexFileOf({ kind: 'root' }),
  list(resource: ResourceName): string {
    return indexFileOf({ kind: 'list', resource });
  },
  /**
   * File `file` (0: the one with the slot table) of detail pack `pack` of a resource
   * (src/api/packs.ts): the details of ids `pack * PACK_SLOTS` onwards. The detail Edge
   * Function, the API function and the preview read an object's bytes from it
   * (src/serve/shared/pack-reader.ts).
   */
  pack(resource: ResourceName, pack: number, file = 0): string {
    return sharded(`_data/${resource}/packs`, pack, file === 0 ? '.pack' : `.${file}.pack`);
  },
  /**
   * File `file` of list chunk `chunk` of a resource: the list items from position
   * `chunk * CHUNK_SLOTS` on, counted from the end that keeps the oldest objects
   * (src/api/packs.ts listCounting), so that adding objects leaves every earlier chunk as it was.
   */
  chunk(resource: ResourceName, chunk: number, file = 0): string {
    return sharded(`_data/${resource}/chunks`, chunk, file === 0 ? '.pack' : `.${file}.pack`);
  },
  /**
   * File `file` of pack `pack` of public bodies' simple shapes (the shape froide embeds in a
   * request's list item), keyed by id as detail packs are: what a list chunk's reference to a
   * public body is spliced from (src/api/embeds.ts).
   */
  simplePublicBody(pack: number, file = 0): string {
    return sharded('_data/publicbody/simple', pack, file === 0 ? '.pack' : `.${file}.pack`);
  },
  /** The detail data of a QUERY_ANSWERED resource; `key` may have `/`-separated parts. */
  dataDetail(resource: ResourceName, key: string): string {
    return `_data/${resource}/details/${shardOf(key)}/${key.split('/').map(encodeSegment).join('/')}.json`;
  },
  /** Extra data of a QUERY_ANSWERED resource (e.g. the campaigns information objects belong to). */
  data(resource: ResourceName, name: string): string {
    return `_data/${resource}/${encodeSegment(name)}.json`;
  },
  /** The answer of a list action without parameters; the host rewrites the action's path here. */
  action(resource: ResourceName, path: string): string {
    return indexFileOf(declaredAction(resource, path));
  },
  /** What the function answers a list action from (src/api/resources/autocomplete-files.ts). */
  actionEntries(resource: ResourceName, path: string): string {
    return `_data/${resource}/${path}/entries.json`;
  },
  manifest: '_data/manifest.json',
  /** The static files of the schema page (Swagger UI's script and style, src/output/swagger-ui.ts). */
  schemaUi(file: string): string {
    return `${routePath({ kind: 'schema-ui' }).slice(1)}${file}`;
  },
  /** The OpenAPI document the schema view answers (src/api/openapi/openapi-document.ts). */
  openapi(format: 'json' | 'yaml'): string {
    return `_data/openapi/schema.${format}`;
  },
  filterIndex(resource: ResourceName, filter: string, value: string): string {
    return `_data/${resource}/index/${filter}/${deployableName(encodeSegment(value))}.json`;
  },
  /** Bounding boxes and rings of a resource's geometries, for point filters (ResourceSpec.shapes). */
  shapes(resource: ResourceName): string {
    return `_data/${resource}/shapes.json`;
  },
  /**
   * A collection's detail for one `?directory=` (docs/froide.md#documentcollection): `variant` is a directory id, or
   * `root` / `unknown-directory`. `key` is the id, or `<id>-<uid>` for an unlisted collection,
   * so that its files cannot be found without the uid.
   */
  collectionVariant(key: string, variant: number | 'root' | 'unknown-directory'): string {
    const dir = `_data/documentcollection/${shardOf(key)}/${key}`;
    return typeof variant === 'number' ? sharded(`${dir}/directory`, variant) : `${dir}/${variant}.json`;
  },
  /** Says that an unlisted collection exists (froide: 401 without the right uid, not 404). */
  unlistedCollection(id: number | string): string {
    return sharded('_data/documentcollection/unlisted', id);
  },
  /**
   * A list of its own that only a uid opens (BuiltResource.unlisted): an unlisted document's
   * pages for `page/?document=<id>&uid=<uid>`. `key` is `<id>-<uid>`, as for collectionVariant.
   */
  unlistedList(resource: ResourceName, key: string): string {
    return sharded(`_data/${resource}/unlisted`, key);
  },
  /**
   * The detail that only a uid opens: an unlisted document imported from a parliamentary
   * source (docs/froide.md#visibility: `document/<id>/?uid=<uid>`). `key` is `<id>-<uid>`.
   */
  unlistedDetail(resource: ResourceName, key: string): string {
    return sharded(`_data/${resource}/unlisted-detail`, key);
  },
  /** True for the filter index files of a resource (filterIndex). */
  isFilterIndex(resource: ResourceName, path: string): boolean {
    return path.startsWith(`_data/${resource}/index/`);
  },
  /** The files a resource's list is read from: its bare list file and everything under `_data/<resource>/`. */
  isListFile(resource: ResourceName, path: string): boolean {
    return path === buildPaths.list(resource) || path.startsWith(`_data/${resource}/`);
  },
  /** The full-text index of a resource (src/api/search/layout.ts): what a query reads first. */
  searchMeta(resource: ResourceName): string {
    return `_data/${resource}/search/meta.json`;
  },
  /** The facets of a resource's search action (ListAction.facets): per facet, per key, the list positions that have it. */
  searchFacets(resource: ResourceName): string {
    return `_data/${resource}/search/facets.json`;
  },
  /**
   * A file of one segment of the full-text index: a bucket of a sealed segment's words (a
   * number) or word pairs (`p<bucket>`), a bucket of a tail part of the open one
   * (`t<part>-<bucket>`, `t<part>-p<bucket>`), or the segment's key -> list position map
   * (`positions`).
   * A segment's files share one folder, at most ~1,000 segment folders share a shard folder.
   * Under `_data/<resource>/`, so an unlisted list (unlistedList) carries its own index.
   */
  searchSegment(resource: ResourceName, segment: number, file: number | `p${number}` | `t${number}-${number}` | `t${number}-p${number}` | 'positions'): string {
    return `_data/${resource}/search/${shardOf(segment)}/${segment}/${file}.json`;
  },
  /** The annotations of one document in list order; `key` as for collectionVariant. */
  documentAnnotations(key: string): string {
    return sharded('_data/pageannotation/document', key);
  },
  /**
   * The media index file that holds a media path's object (src/media/media-index.ts): the top
   * three hex digits of FNV-1a over the path's directory, so a document's PDF and page images (or a
   * message's attachments) share one small file and the folder holds at most 4,096 files.
   */
  mediaIndex(relativePath: string): string {
    const dir = relativePath.slice(0, Math.max(0, relativePath.lastIndexOf('/')));
    return `_data/media/index/${mediaBucket(dir)}.json`;
  },
};

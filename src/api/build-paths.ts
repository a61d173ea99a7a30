/**
 * The build/ layout: every file the build writes and the serving layer reads, relative to
 * build/ (docs/architecture.md, "build/ layout"). Nothing else assembles these paths.
 */
import { mediaBucket } from '../formats/fnv1a.ts';
import { encodeSegment } from '../formats/query-encoding.ts';
import type { ResourceName } from '../formats/resource-names.ts';
import { declaredAction, routePath, type RouteView } from './route-shapes.ts';
import { shardOf } from '../formats/shards.ts';

/** The file of a view answered by a precomputed `index.json` (root, lists, list actions), relative to build/. */
function indexFileOf(view: RouteView): string {
  return `${routePath(view).slice(1)}index.json`;
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
   * (src/formats/packs.ts): the details of ids `pack * PACK_SLOTS` onwards. The detail Edge
   * Function, the API function and the preview read an object's bytes from it
   * (src/serve/shared/pack-reader.ts).
   */
  pack(resource: ResourceName, pack: number, file = 0): string {
    return sharded(`_data/${resource}/packs`, pack, file === 0 ? '.pack' : `.${file}.pack`);
  },
  /**
   * File `file` of list chunk `chunk` of a resource: the list items from position
   * `chunk * CHUNK_SLOTS` on, counted from the end that keeps the oldest objects
   * (src/formats/packs.ts listCounting), so that adding objects leaves every earlier chunk as it was.
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
  /**
   * The loose layout's file of an object's detail (docs/architecture.md, "Layouts"): at the path
   * its URL names, as `index.html`, the one directory index both Netlify and a plain static
   * server look for (the headers say it is JSON).
   */
  looseDetail(resource: ResourceName, id: number | string): string {
    return `${routePath({ kind: 'detail', resource }, encodeSegment(String(id))).slice(1)}index.html`;
  },
  /** The loose layout's copy of the root and a bare list file under the directory index name (looseDetail). */
  looseIndex(view: RouteView): string {
    return `${routePath(view).slice(1)}index.html`;
  },
  /** The loose layout's file of a list page at the default limit past the first (`?limit=50&offset=<offset>`). */
  loosePage(resource: ResourceName, offset: number): string {
    return `${routePath({ kind: 'list', resource }).slice(1)}offset-${offset}.json`;
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
  /** The full-text index of a resource (src/formats/search/layout.ts): what a query reads first. */
  searchMeta(resource: ResourceName): string {
    return `_data/${resource}/search/meta.json`;
  },
  /**
   * The page facets of one collection (src/api/page-facets.ts), by its filter key: its id, or
   * for an unlisted collection the digest its `uid` unlocks (keyed.ts secretKey), which no public file names.
   */
  pageFacets(collectionKey: string): string {
    return `_data/page/facets/${collectionKey.startsWith('~') ? collectionKey.slice(1) : collectionKey}.json`;
  },
  /** The facets of a resource's search action (ListAction.facets): per facet, per key, the list positions that have it. */
  searchFacets(resource: ResourceName): string {
    return `_data/${resource}/search/facets.json`;
  },
  /**
   * A file of one segment of the full-text index: a bucket of a tail part of the open one
   * (`t<part>-<bucket>`, `t<part>-p<bucket>`), or the segment's key -> list position map
   * (`positions`).
   * A segment's files share one folder, at most ~1,000 segment folders share a shard folder.
   * Under `_data/<resource>/`, so an unlisted list (unlistedList) carries its own index.
   */
  searchSegment(resource: ResourceName, segment: number, file: `t${number}-${number}` | `t${number}-p${number}` | 'positions'): string {
    return `_data/${resource}/search/${shardOf(segment)}/${segment}/${file}.json`;
  },
  /** Postings file `file` of a sealed segment: its buckets back to back, each a JSON object, read by byte range (isReadByRange). */
  searchPostings(resource: ResourceName, segment: number, file: number): string {
    return `_data/${resource}/search/${shardOf(segment)}/${segment}/${file}.postings`;
  },
  /** Files the serving layer reads by byte range (packs, chunks, postings files), which must never be cut into parts. */
  isReadByRange(path: string): boolean {
    return path.endsWith('.pack') || path.endsWith('.postings');
  },
  /** The annotations of one document in list order; `key` as for collectionVariant. */
  documentAnnotations(key: string): string {
    return sharded('_data/pageannotation/document', key);
  },
  /**
   * The media index file that holds a media path's object (src/media/media-index.ts): the top
   * 10 bits of FNV-1a over the path's directory, as three hex digits (mediaBucket), so a
   * document's PDF and page images (or a message's attachments) share one small file and the
   * folder holds at most 1,024 files.
   */
  mediaIndex(relativePath: string): string {
    const dir = relativePath.slice(0, Math.max(0, relativePath.lastIndexOf('/')));
    return `_data/media/index/${mediaBucket(dir)}.json`;
  },
};

/**
 * The API core: one web-standard `Request -> Response` handler for everything under /api/v1/
 * that a static file cannot answer (issue 4 #1–#6). The Netlify function and the local preview
 * both call it; each only supplies a Store.
 */
import { actionPage, choices, type ActionEntries } from '../api/autocomplete.ts';
import { envelope } from '../api/envelope.ts';
import { MANIFEST_VERSION, type Manifest } from '../api/manifest.ts';
import { RESOURCES, type Method } from '../api/resource-table.ts';
import { earlyAnswer, methodsOf, type View } from './api-early.ts';
import { buildPaths, UrlBuilder, type ResourceName } from '../api/routes.ts';
import { matchApiRoute, missingDetailError } from './api-route.ts';
import { applyFilters } from './filter-engine.ts';
import { highlighter } from './highlight.ts';
import { prefersHtml, renderBrowsable } from './html.ts';
import { withFormat, type Format } from './links.ts';
import { viewName } from './metadata.ts';
import { lastValue, pageRequest, readJson, readPositions, window } from './pagination.ts';
import { apiHeaders, errorResponse, HTML_TYPE, jsonBytes, MESSAGES, okResponse } from './responses.ts';
import { cachingStore, type Store } from './store.ts';
import { unlistedDetail } from './query-views.ts';
import { schemaPageResponse, schemaResponse } from './schema-view.ts';
import { RESOURCE_VIEWS, type Answer } from './views.ts';

export interface ApiHandlerOptions {
  store: Store;
  /**
   * Read the manifest once and keep it. Right for a deploy, which never changes (Netlify);
   * the preview leaves it off so that a rebuild is seen without a restart.
   */
  cacheManifest?: boolean;
  /** Called with unexpected errors (the answer is a 500 JSON body either way). */
  onError?: (error: unknown, request: Request) => void;
}

export type Handler = (request: Request) => Promise<Response>;


export function createApiHandler(options: ApiHandlerOptions): Handler {
  const store = cachingStore(options.store);
  let cached: Promise<Manifest> | null = null;
  const manifest = (): Promise<Manifest> => {
    if (options.cacheManifest && cached) return cached;
    // Read past the cache: the manifest says which build the cache belongs to.
    const loading = loadManifest(options.store).then((facts) => (store.useBuild(facts.build), facts));
    if (options.cacheManifest) cached = loading.catch((error) => ((cached = null), Promise.reject(error)));
    return loading;
  };

  return async (request) => {
    try {
      return await handle(request, store, manifest);
    } catch (error) {
      options.onError?.(error, request);
      return errorResponse(request, 500, { detail: 'A server error occurred.' }, []);
    }
  };
}

async function loadManifest(store: Store): Promise<Manifest> {
  const manifest = (await readJson(store, buildPaths.manifest)) as Manifest | null;
  if (!manifest || manifest.version !== MANIFEST_VERSION) {
    throw new Error(`${buildPaths.manifest} is missing or not version ${MANIFEST_VERSION}; run the build`);
  }
  return manifest;
}

async function handle(request: Request, store: Store, manifest: () => Promise<Manifest>): Promise<Response> {
  const early = await earlyAnswer(request);
  if (early) return early;
  const url = new URL(request.url);
  const view = matchApiRoute(url.pathname) as View;
  if (view.kind === 'schema') return schemaResponse(request, url, store);
  if (view.kind === 'schema-ui') return schemaPageResponse(request);
  const format = (lastValue(url.searchParams, 'format') || undefined) as Format | undefined;
  const facts = await manifest();
  const answer = await read(view, url, store, facts);
  if ('error' in answer) return errorResponse(request, answer.status, answer.error, methodsOf(view), answer.headers);
  return render(request, view, url, new UrlBuilder(facts.urls), methodsOf(view), format, answer.body);
}


async function read(view: View, url: URL, store: Store, manifest: Manifest): Promise<Answer> {
  switch (view.kind) {
    case 'root': {
      const body = await readJson(store, buildPaths.apiRoot);
      return body === null ? { status: 404, error: { detail: MESSAGES.notFound } } : { body };
    }
    case 'detail': {
      const views = RESOURCE_VIEWS[view.resource];
      if (views?.detail) {
        const id = decodeSegment(view.id);
        return id === null ? { status: 404, error: { detail: MESSAGES.notFound } } : views.detail(id, url, store);
      }
      const id = /^\d+$/.test(view.id) ? String(Number(view.id)) : null;
      const body = id === null ? null : ((await readJson(store, buildPaths.detail(view.resource, id))) ?? (await unlistedDetail(store, view.resource, id, url.searchParams)));
      return body === null ? { status: 404, error: missingDetailError(view) } : { body };
    }
    case 'list':
      return readList(view.resource, url, store, manifest);
    case 'action':
      return readAction(view, url, store, manifest);
    case 'write-action':
      // No write action has GET: earlyAnswer() answers every method of them.
      throw new Error(`${url.pathname}: a write action reached the data`);
    case 'schema':
    case 'schema-ui':
      throw new Error(`${url.pathname}: the schema views read no list or object`);
  }
}

/** An autocomplete action (src/api/autocomplete.ts): its entries, selected by the list filters or by `q`. */
async function readAction(view: Extract<View, { kind: 'action' }>, url: URL, store: Store, manifest: Manifest): Promise<Answer> {
  const entries = (await readJson(store, buildPaths.actionEntries(view.resource, view.action.path))) as ActionEntries | null;
  if (entries === null) return { status: 404, error: { detail: MESSAGES.notFound } };
  const query = url.searchParams;
  let positions: number[] | null = null;
  if (entries.source === 'list') {
    const filtered = await applyFilters(store, view.resource, query);
    if (filtered.kind === 'invalid') return { status: 400, error: filtered.errors };
    if (filtered.kind === 'positions') positions = filtered.positions;
  }
  const { limit, offset, others } = pageRequest(query, RESOURCES[view.resource]);
  const page = actionPage(new UrlBuilder(manifest.urls), view.resource, view.action, { query: others, limit, offset, all: choices(entries, query, positions) });
  return { body: page };
}

/** Django matches the decoded path. */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

async function readList(resource: ResourceName, url: URL, store: Store, manifest: Manifest): Promise<Answer> {
  const views = RESOURCE_VIEWS[resource];
  if (views?.list) return views.list(url, store, manifest);
  const facts = manifest.lists[resource];
  if (!facts) return { status: 404, error: { detail: MESSAGES.notFound } };
  // A list a uid opens (an unlisted document's pages) is read like the resource's own.
  const { store: listStore, total: listTotal } = (await views?.unlisted?.(url, store)) ?? { store, total: facts.total };
  const spec = RESOURCES[resource];
  const query = url.searchParams;
  // The request's other parameters stay in next/previous; the shared envelope replaces limit
  // and offset, so a computed page is byte-identical to the static one.
  const { limit, offset, others } = pageRequest(query, spec);

  const filtered = await applyFilters(listStore, resource, query);
  if (filtered.kind === 'invalid') return { status: 400, error: filtered.errors };
  const total = filtered.kind === 'all' ? listTotal : filtered.positions.length;
  const positions =
    filtered.kind === 'all' ? window(total, limit, offset) : filtered.positions.slice(offset, offset + limit);
  const found = await readPositions(listStore, resource, positions);
  const marked = highlighter(resource, query);
  const objects = marked ? found.map(marked) : found;

  const urls = new UrlBuilder(manifest.urls);
  return { body: envelope(urls, resource, { query: others, offset, limit, total, objects, facets: spec.facets }) };
}

async function render(
  request: Request,
  view: View,
  url: URL,
  urls: UrlBuilder,
  allow: readonly Method[],
  format: Format | undefined,
  body: unknown,
): Promise<Response> {
  const value = format ? withFormat(body, urls, format) : body;
  const headers = apiHeaders(allow);
  if (format === 'api' && prefersHtml(request.headers.get('accept'))) {
    const html = renderBrowsable(
      {
        title: viewName(view),
        method: request.method.toUpperCase(),
        path: `${url.pathname}${url.search}`,
        status: '200 OK',
        headers: { Allow: headers.allow!, 'Content-Type': headers['content-type']!, Vary: headers.vary! },
        body: value,
      },
      urls,
    );
    return okResponse(request, new TextEncoder().encode(html), { ...headers, 'content-type': HTML_TYPE });
  }
  return okResponse(request, jsonBytes(value), headers);
}

/**
 * The API core: one web-standard `Request -> Response` handler for everything under /api/v1/
 * that a static file cannot answer. The Netlify function and the local preview
 * both call it; each only supplies a BuildStore.
 */
import { actionPage, choices, type ActionEntries } from '../../api/autocomplete.ts';
import { envelope } from '../../api/envelope.ts';
import { MANIFEST_VERSION, type Manifest } from '../../formats/manifest.ts';
import { decodeUriComponentOrNull } from '../../formats/uri.ts';
import { earlyAnswer, methodsOf, type View } from './early.ts';
import { buildPaths } from '../../api/build-paths.ts';
import { UrlBuilder } from '../../api/urls.ts';
import { matchApiRoute, missingDetailError } from './api-route.ts';
import { applyFilters } from './filter-engine.ts';
import { highlighter } from './highlight.ts';
import { searchAction } from './search-actions.ts';
import { browsableHeaders, prefersHtml, renderBrowsable, type BrowsablePage } from './html.ts';
import { csvResponse, wantsCsv } from './csv-answer.ts';
import { ATOM_CONTENT_TYPE, feedObjects, renderAtom, REQUESTS_OF } from './feed.ts';
import { viewName } from './metadata.ts';
import type { BuildNotice } from './html/notice.ts';
import { withFormat, type Format } from './links.ts';
import { lastValue, pageRequest, readJson, readPositions, window } from './pagination.ts';
import { DOWNLOADS_LINK } from '../../downloads/paths.ts';
import { apiHeaders, ERROR_CACHE_CONTROL, errorResponse, HTML_TYPE, MESSAGES, okResponse } from './responses.ts';
import { cachingBuildStore, parseJson, type BuildStore } from '../shared/build-store.ts';
import { readDetail } from '../shared/pack-reader.ts';
import { DEVELOPMENT_TOKENS, MediaTokensRefused, mintText, tokenAnswerHeaders, type TokenServing } from '../shared/minting.ts';
import { apiJson } from '../../formats/json.ts';
import { hasSlotText } from '../../formats/token-slots.ts';
import { unlistedDetail } from './views/unlisted.ts';
import { schemaPageResponse, schemaResponse } from './schema-view.ts';
import { RESOURCE_VIEWS } from './views/resource-views.ts';
import type { Answer } from './views/view-spec.ts';
import { RESOURCES } from '../../api/resources/declaration-registry.ts';
import type { ResourceName } from '../../formats/resource-names.ts';
import type { Method } from '../../api/resources/declaration-spec.ts';

export interface ApiHandlerOptions {
  store: BuildStore;
  /**
   * Read the manifest once and keep it. Right for a deploy, which never changes (Netlify);
   * the preview leaves it off so that a rebuild is seen without a restart.
   */
  cacheManifest?: boolean;
  /** Called with unexpected errors (the answer is a 500 JSON body either way). */
  onError?: (error: unknown, request: Request) => void;
  /**
   * The watching preview's failed rebuild, if any: browsable pages show it above the answer
   * (html/notice.ts); JSON answers never do. Asked per request.
   */
  notice?: () => BuildNotice | null;
  /** Keys and lifetime of the media tokens answers get (default: the development key, 120 s). */
  tokens?: TokenServing;
}

export type Handler = (request: Request) => Promise<Response>;


export function createApiHandler(options: ApiHandlerOptions): Handler {
  const store = cachingBuildStore(options.store);
  let cached: Promise<Manifest> | null = null;
  const manifest = (): Promise<Manifest> => {
    if (options.cacheManifest && cached) return cached;
    // Read past the cache: the manifest says which build the cache belongs to.
    const loading = loadManifest(options.store).then((loaded) => (store.useBuild(loaded.build), loaded));
    if (options.cacheManifest) cached = loading.catch((error: unknown) => ((cached = null), Promise.reject(error)));
    return loading;
  };

  const tokens = options.tokens ?? DEVELOPMENT_TOKENS;
  return async (request) => {
    try {
      return await handle(request, store, manifest, tokens, options.notice?.() ?? null);
    } catch (error) {
      // Weak keys in production: said once in the log (servingKeys), and to the client as a 503.
      if (error instanceof MediaTokensRefused) return errorResponse(request, 503, { detail: error.message }, []);
      options.onError?.(error, request);
      return errorResponse(request, 500, { detail: 'A server error occurred.' }, []);
    }
  };
}

/** The build's manifest (`_data/manifest.json`), or an error that says to run the build. */
export async function loadManifest(store: BuildStore): Promise<Manifest> {
  const manifest = (await readJson(store, buildPaths.manifest)) as Manifest | null;
  if (!manifest || manifest.version !== MANIFEST_VERSION) {
    throw new Error(`${buildPaths.manifest} is missing or not version ${MANIFEST_VERSION}; run the build`);
  }
  return manifest;
}

async function handle(request: Request, store: BuildStore, manifest: () => Promise<Manifest>, tokens: TokenServing, notice: BuildNotice | null): Promise<Response> {
  const url = new URL(request.url);
  const early = await earlyAnswer(request);
  if (early) return early.status >= 400 && wantsHtml(request, url) ? browsableError(request, early, await manifest(), notice) : early;
  const view = matchApiRoute(url.pathname) as View;
  if (view.kind === 'schema') return schemaResponse(request, url, store);
  if (view.kind === 'schema-ui') return schemaPageResponse(request);
  const format = (lastValue(url.searchParams, 'format') || undefined) as Format | undefined;
  const buildManifest = await manifest();
  if (format === 'atom') return atomResponse(request, view, url, store, buildManifest);
  const answer = await read(view, url, store, buildManifest);
  const urls = new UrlBuilder(buildManifest.urls);
  if ('error' in answer) {
    if (!wantsHtml(request, url)) return errorResponse(request, answer.status, answer.error, methodsOf(view), answer.headers);
    return browsable(request, { view, url, status: answer.status, body: answer.error, notice }, urls, methodsOf(view), answer.headers);
  }
  const value = format ? withFormat(answer.body, urls, format) : answer.body;
  const { text, minted } = await answerBody(value, tokens, buildManifest);
  // The root links the data downloads' manifest (docs/downloads.md), as build/_headers gives its static file.
  const extra = { ...(minted ? tokenAnswerHeaders(tokens) : {}), ...(view.kind === 'root' && { link: DOWNLOADS_LINK }) };
  // CSV renders the answer's values with their tokens, as the page does.
  if (wantsCsv(request, url)) return csvResponse(request, minted ? (JSON.parse(text) as unknown) : value, methodsOf(view), extra);
  if (wantsHtml(request, url)) {
    // The page shows the answer's values with their tokens: the minted text, parsed again.
    const shown = minted ? (JSON.parse(text) as unknown) : value;
    return browsable(request, { view, url, status: 200, body: shown, totals: totalsOf(buildManifest), notice }, urls, methodsOf(view), extra);
  }
  return okResponse(request, encoder.encode(text), { ...apiHeaders(methodsOf(view)), ...extra });
}

const encoder = new TextEncoder();

/**
 * The JSON text of an answer: the values read from stored bytes carry token slots, which get
 * their tokens here (mintTokens), so every answer of the API core, JSON or page, has them.
 */
async function answerBody(value: unknown, tokens: TokenServing, manifest: Manifest): Promise<{ text: string; minted: boolean }> {
  const text = apiJson(value);
  if (!hasSlotText(text)) return { text, minted: false };
  return { text: await mintText(text, tokens, manifest.urls.mediaUrl), minted: true };
}

/** `?format=api` from a browser: the browsable HTML page instead of JSON (DRF's BrowsableAPIRenderer). */
function wantsHtml(request: Request, url: URL): boolean {
  return lastValue(url.searchParams, 'format') === 'api' && prefersHtml(request.headers.get('accept'));
}

function totalsOf(manifest: Manifest): Partial<Record<ResourceName, number>> {
  return Object.fromEntries(Object.entries(manifest.lists).map(([name, list]) => [name, list.total]));
}

/**
 * The browsable page of an answer: status and headers of the JSON answer, the page as body.
 * Errors keep their status and extra headers (WWW-Authenticate) and are not cached, as in JSON.
 */
async function browsable(
  request: Request,
  page: Omit<BrowsablePage, 'method' | 'headers'>,
  urls: UrlBuilder,
  allow: readonly Method[],
  extra: Record<string, string> = {},
): Promise<Response> {
  const json = apiHeaders(allow);
  const shown: Record<string, string> = { Allow: json.allow!, 'Content-Type': json['content-type']!, Vary: json.vary! };
  if (extra['www-authenticate']) shown['WWW-Authenticate'] = extra['www-authenticate'];
  // HEAD is GET without the body: the same page, so the same length and ETag.
  const method = request.method.toUpperCase() === 'HEAD' ? 'GET' : request.method.toUpperCase();
  const html = new TextEncoder().encode(renderBrowsable({ ...page, method, headers: shown }, urls));
  const headers = { ...json, ...extra, ...browsableHeaders(urls), 'content-type': HTML_TYPE };
  if (page.status === 200) return okResponse(request, html, headers);
  const response = new Headers({ ...headers, 'cache-control': ERROR_CACHE_CONTROL, 'content-length': String(html.byteLength) });
  return new Response(request.method === 'HEAD' ? null : html, { status: page.status, headers: response });
}

/** An early error (404, 401, 405) as a browsable page; a HEAD has no body to show, so its GET is asked. */
async function browsableError(request: Request, early: Response, manifest: Manifest, notice: BuildNotice | null): Promise<Response> {
  const full = request.method === 'HEAD' ? ((await earlyAnswer(new Request(request.url, { headers: request.headers }))) ?? early) : early;
  const body: unknown = await full.json();
  const url = new URL(request.url);
  const view = matchApiRoute(url.pathname);
  const allow = (early.headers.get('allow') ?? '').split(', ').filter(Boolean) as Method[];
  const extra: Record<string, string> = {};
  const challenge = early.headers.get('www-authenticate');
  if (challenge) extra['www-authenticate'] = challenge;
  return browsable(request, { view, url, status: early.status, body, notice }, new UrlBuilder(manifest.urls), allow, extra);
}

/**
 * The Atom feed of a view (src/serve/api/feed.ts): its answer's objects, or for a public body,
 * campaign or jurisdiction the request list filtered by it (`limit` and `offset` kept).
 */
async function atomResponse(request: Request, view: View, url: URL, store: BuildStore, manifest: Manifest): Promise<Response> {
  const urls = new UrlBuilder(manifest.urls);
  const allow = methodsOf(view);
  const answer = await read(view, url, store, manifest);
  if ('error' in answer) return errorResponse(request, answer.status, answer.error, allow, answer.headers);
  const resource = 'resource' in view ? view.resource : null;
  const filter = view.kind === 'detail' && resource ? REQUESTS_OF[resource] : undefined;
  const shown = new URLSearchParams(url.search);
  shown.delete('format');
  let title = shown.size > 0 ? `${viewName(view)} (${shown.toString()})` : viewName(view);
  let objects = feedObjects(resource, answer.body);
  if (filter) {
    const object = answer.body as { id: number; name?: string };
    const query = new URLSearchParams(url.search);
    query.delete('format');
    query.set(filter, String(object.id));
    const list = await readList('request', new URL(`${urls.list('request')}?${query.toString()}`), store, manifest);
    if ('error' in list) return errorResponse(request, list.status, list.error, allow, list.headers);
    title = `Requests of ${object.name ?? `${resource} ${object.id}`}`;
    objects = feedObjects('request', list.body);
  }
  const self = `${urls.settings.baseUrl}${url.pathname}${url.search}`;
  return okResponse(request, encoder.encode(renderAtom({ self, title, objects }, urls)), apiHeaders(allow, ATOM_CONTENT_TYPE));
}

async function read(view: View, url: URL, store: BuildStore, manifest: Manifest): Promise<Answer> {
  switch (view.kind) {
    case 'root': {
      const body = await readJson(store, buildPaths.apiRoot);
      return body === null ? { status: 404, error: { detail: MESSAGES.notFound } } : { body };
    }
    case 'detail': {
      const views = RESOURCE_VIEWS[view.resource];
      if (views?.detail) {
        // Django matches the decoded path.
        const id = decodeUriComponentOrNull(view.id);
        return id === null ? { status: 404, error: { detail: MESSAGES.notFound } } : views.detail(id, url, store);
      }
      const id = /^\d+$/.test(view.id) ? String(Number(view.id)) : null;
      const bytes = id === null ? null : await readDetail(store, view.resource, id);
      const body = bytes !== null ? parseJson(bytes) : id === null ? null : await unlistedDetail(store, view.resource, id, url.searchParams);
      return body === null ? { status: 404, error: missingDetailError(view) } : { body };
    }
    case 'list':
      return readList(view.resource, url, store, manifest);
    case 'action':
      return readAction(view, url, store, manifest);
    case 'write-action':
      // No write action has GET: earlyAnswer() answers every method of them.
      throw new Error(`${url.pathname}: a write action reached the data`);
    case 'account':
      // Login only: earlyAnswer() answers every method with a 401.
      throw new Error(`${url.pathname}: an account view reached the data`);
    case 'schema':
    case 'schema-ui':
      throw new Error(`${url.pathname}: the schema views read no list or object`);
  }
}

/** An autocomplete action (src/api/autocomplete.ts): its entries, selected by the list filters or by `q`. */
async function readAction(view: Extract<View, { kind: 'action' }>, url: URL, store: BuildStore, manifest: Manifest): Promise<Answer> {
  if (view.action.source === 'search') return searchAction(view.resource, view.action, url, store, manifest);
  const entries = (await readJson(store, buildPaths.actionEntries(view.resource, view.action.path))) as ActionEntries | null;
  if (entries === null) return { status: 404, error: { detail: MESSAGES.notFound } };
  const query = url.searchParams;
  let positions: number[] | null = null;
  if (entries.source === 'list') {
    const filtered = await applyFilters(store, view.resource, query, manifest.lists[view.resource]?.total ?? 0);
    if (filtered.kind === 'invalid') return { status: 400, error: filtered.errors };
    if (filtered.kind === 'positions') positions = filtered.positions;
  }
  const { limit, offset, others } = pageRequest(query, RESOURCES[view.resource]);
  const page = actionPage(new UrlBuilder(manifest.urls), view.resource, view.action, { query: others, limit, offset, all: choices(entries, query, positions) });
  return { body: page };
}

async function readList(resource: ResourceName, url: URL, store: BuildStore, manifest: Manifest): Promise<Answer> {
  const views = RESOURCE_VIEWS[resource];
  if (views?.list) return views.list(url, store, manifest);
  const list = manifest.lists[resource];
  if (!list) return { status: 404, error: { detail: MESSAGES.notFound } };
  // A list a uid opens (an unlisted document's pages) is read like the resource's own.
  const { store: listStore, total: listTotal } = (await views?.unlisted?.(url, store)) ?? { store, total: list.total };
  const spec = RESOURCES[resource];
  const query = url.searchParams;
  // The request's other parameters stay in next/previous; the shared envelope replaces limit
  // and offset, so a computed page is byte-identical to the static one.
  const { limit, offset, others } = pageRequest(query, spec);

  const filtered = await applyFilters(listStore, resource, query, listTotal, undefined, '', { ranked: offset + limit });
  if (filtered.kind === 'invalid') return { status: 400, error: filtered.errors };
  const total = filtered.kind === 'all' ? listTotal : filtered.positions.length;
  const positions =
    filtered.kind === 'all' ? window(total, limit, offset) : filtered.positions.slice(offset, offset + limit);
  const found = await readPositions(listStore, resource, positions, listTotal);
  const marked = highlighter(resource, query);
  const objects = marked ? found.map(marked) : found;

  const counted = filtered.kind === 'positions' && listStore === store ? await views?.facets?.(query, store, filtered.positions, listTotal) : null;
  const urls = new UrlBuilder(manifest.urls);
  return { body: envelope(urls, resource, { query: others, offset, limit, total, objects, facets: counted ?? spec.facets }) };
}

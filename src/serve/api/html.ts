/**
 * The browsable API: a page to work in for browsers that ask for `?format=api`, in the spirit of DRF's: breadcrumbs, the view name and description, the request
 * line, the response status and headers and the pretty JSON with every URL a link; for lists
 * first/previous/next/last links and a filter form, for documents their cover and page
 * thumbnails, for pages their images and text. A pure function of the answer: the Netlify
 * function and the preview call it through the same API core, so both send the same bytes.
 */
import type { UrlBuilder } from '../../api/urls.ts';
import type { ApiRoute } from './api-route.ts';
import { RESOURCE_DESCRIPTIONS } from './html/descriptions.ts';
import { escapeHtml } from './html/escape.ts';
import { filterFields, filterForm, NAME_SEARCH_FIELDS, type FormField } from './html/filter-form.ts';
import { linkOf, renderJson } from './html/json-view.ts';
import { documentGrid, documentView, isObject, pageList } from './html/document-media.ts';
import { breadcrumbs, listTarget, metaOf, pager } from './html/navigation.ts';
import { noticeBanner, type BuildNotice } from './html/notice.ts';
import { searchBox, SORT_FIELDS } from './html/search-box.ts';
import { STYLE } from './html/style.ts';
import { htmlPageHeaders, originOf } from './html/page-headers.ts';
import { withQueryParam } from './links.ts';
import { viewName } from './metadata.ts';
import { RESOURCE_NAMES, type ResourceName } from '../../formats/resource-names.ts';


/** Accept prefers HTML: text/html (or application/xhtml+xml) is listed explicitly with q > 0. */
export function prefersHtml(accept: string | null): boolean {
  if (!accept) return false;
  let html = 0;
  let json = 0;
  for (const part of accept.split(',')) {
    const [type = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) || 0 : 1;
    if (type === 'text/html' || type === 'application/xhtml+xml') html = Math.max(html, q);
    if (type === 'application/json') json = Math.max(json, q);
  }
  return html > 0 && html >= json;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  500: 'Internal Server Error',
};

export interface BrowsablePage {
  view: ApiRoute;
  method: string;
  /** The request's URL: its path and query make the request line, its query the form's values and the paging links. */
  url: URL;
  status: number;
  /** The headers of the JSON answer worth showing (as DRF shows Allow, Content-Type, Vary). */
  headers: Record<string, string>;
  /** The JSON answer (with `format=api` links), or the error body. */
  body: unknown;
  /** Objects per list, for the root page. */
  totals?: Partial<Record<ResourceName, number>>;
  /** The watching preview's failed rebuild, shown above the answer (html/notice.ts). */
  notice?: BuildNotice | null;
}

function titleOf(view: ApiRoute): string {
  return view.kind === 'none' ? 'Not Found' : viewName(view);
}

function descriptionOf(view: ApiRoute): string {
  if (view.kind === 'root') return 'Every resource of the archive, each linking to its list.';
  if (view.kind === 'none') return '';
  if (view.kind === 'schema') return 'This API as an OpenAPI 3.1 document (JSON, or YAML with ?format=yaml).';
  if (view.kind === 'schema-ui') return 'The OpenAPI document of this API in Swagger UI.';
  if (view.kind === 'account') return view.account === 'user' ? "froide's profile of the logged-in user; the archive has no logins." : "froide's preferences of the logged-in user; the archive has no logins.";
  return RESOURCE_DESCRIPTIONS[view.resource];
}

/** The root as a table: each resource's list, its size and what it holds. */
function resourceTable(totals: Partial<Record<ResourceName, number>>, urls: UrlBuilder): string {
  const rows = RESOURCE_NAMES.map((name) => {
    const total = totals[name];
    return `<tr><td><a href="${escapeHtml(urls.list(name, { format: 'api' }))}">${name}</a></td><td class="n">${total === undefined ? '–' : total}</td><td>${escapeHtml(RESOURCE_DESCRIPTIONS[name])}</td></tr>`;
  });
  return `<table class="resources"><thead><tr><th>resource</th><th class="n">objects</th><th>what it holds</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** The fields of the view's filter form: the list's filters, or an autocomplete action's. */
function formFields(view: ApiRoute): readonly FormField[] {
  if (view.kind === 'list') return filterFields(view.resource);
  if (view.kind === 'action' && view.action.source === 'search') return [...filterFields(view.resource, view.action.filters ?? []), ...SORT_FIELDS(view.action)];
  if (view.kind === 'action') return view.action.source === 'list' ? filterFields(view.resource) : NAME_SEARCH_FIELDS;
  return [];
}

function formAction(view: ApiRoute, urls: UrlBuilder): string | null {
  if (view.kind === 'list') return urls.list(view.resource);
  if (view.kind === 'action') return urls.action(view.resource, view.action.path);
  return null;
}

/** Documents and pages shown as what they are, above their JSON. */
function mediaSection(view: ApiRoute, body: unknown, urls: UrlBuilder): string {
  if (!isObject(body) || view.kind === 'root' || view.kind === 'none') return '';
  if (view.kind === 'detail' && view.resource === 'document') {
    const pages = typeof body.pages_uri === 'string' ? linkOf(body.pages_uri, urls) : null;
    return documentView(body, pages);
  }
  if (view.kind === 'detail' && view.resource === 'documentcollection' && Array.isArray(body.documents)) return documentGrid(body.documents);
  if (view.kind === 'list' && Array.isArray(body.objects)) {
    if (view.resource === 'document') return documentGrid(body.objects);
    if (view.resource === 'page') return pageList(body.objects);
  }
  return '';
}

/** Empty fields are left out of the query, so a URL names only the filters in use (the page works without it). */
const FORM_SCRIPT = `for(const f of document.querySelectorAll('details.filters form'))f.addEventListener('formdata',e=>{for(const[k,v]of[...e.formData])if(v==='')e.formData.delete(k)})`;

/**
 * The headers of a browsable page (html/page-headers.ts): its one inline script and its style
 * sheet by their hashes, images from the site and the media host, forms to the archive.
 */
export function browsableHeaders(urls: UrlBuilder): Record<string, string> {
  const { mediaUrl, baseUrl } = urls.settings;
  return htmlPageHeaders({ inlineScripts: [FORM_SCRIPT], inlineStyles: [STYLE], imageOrigins: originOf(mediaUrl), formOrigins: originOf(baseUrl) });
}

export function renderBrowsable(page: BrowsablePage, urls: UrlBuilder): string {
  const { view, url, status, body } = page;
  const title = titleOf(view);
  const path = `${url.pathname}${url.search}`;
  const json = withQueryParam(`${urls.settings.baseUrl}${path}`, 'format', 'json');
  const data = view.kind === 'root' || view.kind === 'list' || view.kind === 'action' || view.kind === 'detail';
  const csv = data ? withQueryParam(`${urls.settings.baseUrl}${path}`, 'format', 'csv') : null;
  // Lists, actions and details have a feed (docs/serving.md, "Feeds"); the root has none.
  const atom = data && view.kind !== 'root' ? withQueryParam(`${urls.settings.baseUrl}${path}`, 'format', 'atom') : null;
  const headerLines = Object.entries(page.headers)
    .map(([name, value]) => `<b>${escapeHtml(name)}:</b> ${escapeHtml(value)}`)
    .join('\n');
  const meta = status === 200 ? metaOf(body) : null;
  const target = listTarget(view);
  const paging = meta && target ? pager(meta, target, url.searchParams, urls) : '';
  const action = formAction(view, urls);
  const form = action
    ? filterForm({ action, fields: formFields(view), query: url.searchParams, errors: status === 400 && isObject(body) ? body : null })
    : '';
  const description = descriptionOf(view);
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${atom ? `<link rel="alternate" type="application/atom+xml" title="Atom feed" href="${escapeHtml(atom)}">\n` : ''}<link rel="icon" href="data:,">
<style>${STYLE}</style></head>
<body><header class="bar"><a href="${escapeHtml(urls.apiRoot({ format: 'api' }))}">${escapeHtml(new URL(urls.settings.baseUrl).host)}</a><span>browsable API</span></header>
${breadcrumbs(view, urls)}
${noticeBanner(page.notice)}<main>
<div class="head"><h1>${escapeHtml(title)}</h1><p class="formats"><a href="${escapeHtml(json)}">json</a>${csv ? ` <a href="${escapeHtml(csv)}">csv</a>` : ''}${atom ? ` <a href="${escapeHtml(atom)}">atom</a>` : ''}</p></div>
${description ? `<p class="description">${escapeHtml(description)}</p>` : ''}
<p class="request"><b>${escapeHtml(page.method)}</b> ${escapeHtml(path)}</p>
${searchBox(view, url.searchParams, urls)}
${paging}
${form}
${view.kind === 'root' && status === 200 ? resourceTable(page.totals ?? {}, urls) : ''}
${status === 200 ? mediaSection(view, body, urls) : ''}
<pre class="response"><b>HTTP ${status} ${STATUS_TEXT[status] ?? ''}</b>
${headerLines}

${renderJson(body, urls)}</pre>
${paging}
</main>
${form ? `<script>${FORM_SCRIPT}</script>` : ''}
</body></html>
`;
}

/**
 * The search box of the browsable API (docs/search.md): on the request list and on
 * `request/search/` it asks `request/search/?q=`, on `publicbody/search/` itself (keeping its
 * filters), on the page list `page/?q=` (keeping a `document` the list is narrowed to). One field, named `q`, as froide's search form.
 */
import type { UrlBuilder } from '../../../api/urls.ts';
import type { ListAction } from '../../../api/resources/declaration-spec.ts';
import type { ApiRoute } from '../api-route.ts';
import { escapeHtml } from './escape.ts';
import type { FormField } from './filter-form.ts';

/** The `sort` choices of a search action, as a select of its filter form. */
export function SORT_FIELDS(action: ListAction): FormField[] {
  const sorts = Object.keys(action.sorts ?? {});
  return sorts.length ? [{ name: 'sort', kind: 'select', options: [['', 'by relevance with q, else list order'], ...sorts.map((sort) => [sort, sort] as const)] }] : [];
}

/** Where the box sends its query, and which of the current parameters it keeps. */
function target(view: ApiRoute, urls: UrlBuilder): { action: string; keep: readonly string[]; label: string } | null {
  if ((view.kind === 'list' && view.resource === 'request') || (view.kind === 'action' && view.action.source === 'search' && view.resource === 'request')) {
    return { action: urls.action('request', 'search'), keep: view.kind === 'action' ? ['status', 'jurisdiction', 'category', 'classification', 'campaign', 'tag', 'publicbody', 'sort'] : [], label: 'Search requests' };
  }
  if (view.kind === 'action' && view.action.source === 'search' && view.resource === 'publicbody') {
    return { action: urls.action('publicbody', 'search'), keep: ['jurisdiction', 'categories', 'classification', 'regions', 'regions_kind'], label: 'Search public bodies' };
  }
  if (view.kind === 'list' && view.resource === 'page') return { action: urls.list('page'), keep: ['document', 'uid', 'collection'], label: 'Search pages' };
  return null;
}

export function searchBox(view: ApiRoute, query: URLSearchParams, urls: UrlBuilder): string {
  const to = target(view, urls);
  if (!to) return '';
  const hidden = [['format', 'api'] as const, ...to.keep.flatMap((name) => query.getAll(name).filter(Boolean).map((value) => [name, value] as const))];
  const q = query.getAll('q').at(-1) ?? '';
  return `<form class="search" role="search" method="get" action="${escapeHtml(to.action)}">${hidden
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('')}<input type="search" name="q" value="${escapeHtml(q)}" aria-label="${escapeHtml(to.label)}" placeholder="${escapeHtml(to.label)}: Wörter, &quot;Phrase&quot;, -ohne"><button type="submit">Search</button></form>`;
}

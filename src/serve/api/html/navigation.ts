/**
 * Navigation of the browsable API: breadcrumbs from the view (as DRF's), and
 * first/previous/next/last links for a list envelope that keep the request's `limit` and every
 * other parameter. Previous and next are the envelope's own `meta` links; first and last come
 * from the same URL builder (src/api/envelope.ts), so all four have one shape.
 */
import { listUrl, type ListTarget, type Meta } from '../../../api/envelope.ts';
import type { UrlBuilder } from '../../../api/urls.ts';
import type { ApiRoute } from '../api-route.ts';
import { viewName } from '../metadata.ts';
import { otherParams } from '../pagination.ts';
import { escapeHtml, isWebUrl } from './escape.ts';
import { RESOURCES } from '../../../api/resources/declaration-registry.ts';

const BROWSABLE = { format: 'api' } as const;

/** The list an answer pages through, or null for views that are no list. */
export function listTarget(view: ApiRoute): ListTarget | null {
  if (view.kind === 'list') return view.resource;
  if (view.kind === 'action') return { resource: view.resource, action: view.action.path };
  return null;
}

export function breadcrumbs(view: ApiRoute, urls: UrlBuilder): string {
  const crumbs: [label: string, href: string | null][] = [['Api Root', view.kind === 'root' ? null : urls.apiRoot(BROWSABLE)]];
  // The schema and account views sit beside the router, under no list.
  if (view.kind === 'schema' || view.kind === 'schema-ui' || view.kind === 'account') crumbs.push([viewName(view), null]);
  else if (view.kind !== 'root' && view.kind !== 'none') {
    const list = `${RESOURCES[view.resource].viewName} List`;
    crumbs.push([list, view.kind === 'list' ? null : urls.list(view.resource, BROWSABLE)]);
    if (view.kind !== 'list') crumbs.push([viewName(view), null]);
  }
  const items = crumbs.map(([label, href]) =>
    href ? `<li><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></li>` : `<li aria-current="page">${escapeHtml(label)}</li>`,
  );
  return `<nav class="crumbs" aria-label="Breadcrumb"><ol>${items.join('')}</ol></nav>`;
}

/** The envelope's `meta` when the body is a list envelope (docs/api.md#list-envelope), else null. */
export function metaOf(body: unknown): Meta | null {
  if (body === null || typeof body !== 'object' || !('meta' in body)) return null;
  const meta = body.meta as Partial<Meta> | null;
  if (!meta || typeof meta !== 'object') return null;
  const numbers = [meta.limit, meta.offset, meta.total_count].every((value) => typeof value === 'number' && Number.isInteger(value) && value >= 0);
  return numbers && meta.limit! > 0 ? (meta as Meta) : null;
}

function link(rel: string, label: string, href: string | null): string {
  return href && isWebUrl(href)
    ? `<a rel="${rel}" href="${escapeHtml(href)}">${label}</a>`
    : `<span class="off" aria-disabled="true">${label}</span>`;
}

/** First, previous, where we are, next, last. */
export function pager(meta: Meta, target: ListTarget, query: URLSearchParams, urls: UrlBuilder): string {
  const { limit, offset, total_count: total } = meta;
  const others = otherParams(query);
  const lastOffset = total > 0 ? Math.floor((total - 1) / limit) * limit : 0;
  const first = offset > 0 ? listUrl(urls, target, { ...others, limit, offset: 0 }) : null;
  const last = offset !== lastOffset ? listUrl(urls, target, { ...others, limit, offset: lastOffset }) : null;
  const pages = Math.max(1, Math.ceil(total / limit));
  const where =
    offset >= total && total > 0
      ? `Past the last page · ${total} objects`
      : `Page ${Math.floor(offset / limit) + 1} of ${pages} · ${total === 0 ? 'no objects' : `objects ${offset + 1}–${Math.min(offset + limit, total)} of ${total}`}`;
  return `<nav class="pager" aria-label="Pages">${link('first', '« First', first)}${link('prev', '‹ Previous', meta.previous)}<span class="where">${where}</span>${link('next', 'Next ›', meta.next)}${link('last', 'Last »', last)}</nav>`;
}
